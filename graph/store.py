"""The ``GraphStore`` protocol every backend implements, and the store layer's errors.

Writes are batch-oriented, idempotent (the same batch twice leaves the graph unchanged) and
transactional (a batch that fails writes nothing). Reads take and return ``graph.model`` types.
Scores are "higher is better" for every search.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from graphproof.graph.errors import GraphproofError
from graphproof.graph.model import (
    Chunk,
    DeleteReport,
    Document,
    DocumentSummary,
    EnrichmentRun,
    Entity,
    Hit,
    LockResult,
    Mention,
    Path,
    QueuedQuestion,
    Relation,
    RunBatchReport,
    Stats,
    Subgraph,
    TermStats,
    UndoReport,
)

SearchKind = Literal["chunks", "relations", "entities"]
SEARCH_KINDS: tuple[str, ...] = ("chunks", "relations", "entities")

DEFAULT_HOPS = 2
DEFAULT_SUBGRAPH_LIMIT = 2000
DEFAULT_PER_NODE = 100
MAX_PATH_HOPS = 6


class StoreError(GraphproofError):
    """Root of every error the store layer raises."""


class ConnectionFailed(StoreError):
    """The backend could not be reached or refused the credentials."""


class QueryFailed(StoreError):
    """The backend rejected or failed a statement (the cause is attached)."""


class IntegrityError(StoreError):
    """A batch refers to something that does not exist (e.g. a relation to an unknown entity)."""


class NotFound(StoreError):
    """A read names something that does not exist (names the ids)."""


class InvalidInput(StoreError, ValueError):
    """An argument is not of the expected form (names the argument and what was expected)."""


class UnsupportedOperation(StoreError):
    """The backend cannot do this (e.g. Cypher on the embedded backend)."""


class SchemaMismatch(StoreError):
    """The store on disk was written by an incompatible version or with another analyzer."""


@runtime_checkable
class GraphStore(Protocol):
    """One knowledge graph: documents, chunks, entities, relations and mentions."""

    backend: str

    @property
    def location(self) -> str: ...

    def init(self) -> None:
        """Create constraints and indexes (idempotent)."""

    def close(self) -> None: ...

    def __enter__(self) -> GraphStore: ...

    def __exit__(self, *exc: object) -> None: ...

    # writes -----------------------------------------------------------------------------------
    def upsert_documents(self, batch: Iterable[Document]) -> int: ...

    def upsert_chunks(self, batch: Iterable[Chunk]) -> int: ...

    def upsert_entities(self, batch: Iterable[Entity]) -> int: ...

    def upsert_relations(self, batch: Iterable[Relation]) -> int: ...

    def upsert_mentions(self, batch: Iterable[Mention]) -> int: ...

    def delete_document(self, document_id: str) -> DeleteReport: ...

    # reads ------------------------------------------------------------------------------------
    def search_relations(self, text: str, k: int = 10) -> list[Hit[Relation]]: ...

    def search_chunks(self, text: str, k: int = 10) -> list[Hit[Chunk]]: ...

    def search_entities(self, text: str, k: int = 10) -> list[Hit[Entity]]: ...

    def term_stats(self, kind: SearchKind, terms: Sequence[str]) -> TermStats:
        """Statistics of the ``kind`` full-text index (``"chunks"``, ``"relations"``, ``"entities"``) for
        analyzed ``terms``: row count, mean row length and each term's document frequency."""

    def nearest_chunks(self, vector: Sequence[float], k: int = 10) -> list[Hit[Chunk]]: ...

    def nearest_entities(self, vector: Sequence[float], k: int = 10) -> list[Hit[Entity]]: ...

    def documents(self, ids: Sequence[str]) -> list[Document]: ...

    def chunks(self, ids: Sequence[str]) -> list[Chunk]: ...

    def entities(self, ids: Sequence[str]) -> list[Entity]: ...

    def relations(self, ids: Sequence[str]) -> list[Relation]: ...

    def chunks_of_document(self, document_id: str) -> list[Chunk]: ...

    def mentions_of_chunks(self, chunk_ids: Sequence[str]) -> list[Mention]: ...

    def neighbors(
        self, entity_ids: Sequence[str], per_node: int = DEFAULT_PER_NODE
    ) -> list[tuple[str, Relation, Entity]]:
        """``(from_id, relation, neighbour)`` for each entity's edges in either direction.

        At most ``per_node`` edges per entity, chosen deterministically: highest weight first, then
        by relation id (the hub-capping rule).
        """

    def subgraph(
        self,
        entity_ids: Sequence[str],
        hops: int = DEFAULT_HOPS,
        limit: int = DEFAULT_SUBGRAPH_LIMIT,
        per_node: int = DEFAULT_PER_NODE,
    ) -> Subgraph: ...

    def shortest_paths(
        self, source_id: str, target_id: str, max_hops: int = 3, limit: int = 10
    ) -> list[Path]: ...

    def list_documents(self, limit: int = 1000) -> list[DocumentSummary]:
        """Up to ``limit`` documents ordered by id, each with its number of chunks."""
        ...

    def top_entities(self, limit: int) -> list[str]:
        """The ids of the ``limit`` entities with the most relations (both directions), ties by id."""
        ...

    def stats(self) -> Stats: ...

    def cypher(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]: ...

    # enrichment runs --------------------------------------------------------------------------
    def begin_run(
        self, run_id: str, started_at: str, sources: Sequence[str], questions: Sequence[str], *, resume: bool = False
    ) -> None:
        """Record a new enrichment run as ``"running"``.

        A run id already recorded raises ``IntegrityError``, unless ``resume`` is true and that run is
        ``"running"`` (killed) or ``"failed"``: then it is ``"running"`` again (``finished_at`` cleared), keeps its
        ``started_at``, batches and created ids, and gains the ``sources``/``questions`` it did not list yet.
        ``resume`` for an id never recorded raises ``NotFound``.
        """
        ...

    def finish_run(self, run_id: str, finished_at: str, status: str, errors: Sequence[str]) -> None:
        """Mark a running run ``"finished"`` or ``"failed"`` at ``finished_at``; ``errors`` are added to the
        run's earlier ones. ``NotFound`` for an unknown id, ``InvalidInput`` when the run is not running."""
        ...

    def list_runs(self, limit: int = 50) -> list[EnrichmentRun]:
        """Up to ``limit`` recorded runs, newest first (by ``started_at``, then id descending)."""
        ...

    def get_run(self, run_id: str) -> EnrichmentRun:
        """The run ``run_id``; ``NotFound`` naming the id when it was never recorded."""
        ...

    def add_run_batch(
        self, run_id: str, batch_key: str, entities: Sequence[Entity], relations: Sequence[Relation]
    ) -> RunBatchReport:
        """Write one batch of a running run in one transaction, at most once per ``batch_key``.

        A ``batch_key`` already in the run's ``batches_done`` writes nothing (``already_done``). Otherwise only
        the entities and relations whose ids are not stored yet are written and recorded as the run's; stored
        ones (from an ingest or another run) are left as they are and counted in ``skipped_existing``. Every
        relation must have origin ``"enrichment"`` (else ``InvalidInput`` naming it) and endpoints that are
        stored or in ``entities`` (else ``IntegrityError``); a run that is not running is refused
        (``InvalidInput``). A batch that fails writes nothing.
        """
        ...

    def undo_run(self, run_id: str) -> UndoReport:
        """Remove what the run created and mark it ``"undone"`` (one transaction).

        Removes the run's relations that are still enrichment edges (one an ingest has written since is
        kept and counted in ``relations_kept``), then the run's entities that no relation or mention uses any
        more (the others are kept and counted), from the graph and its full-text and vector indexes.
        Undoing an undone run raises ``InvalidInput``; an unknown id ``NotFound``.
        """
        ...

    # the named lock ---------------------------------------------------------------------------
    def acquire_lock(self, name: str, holder: str, now: str, stale_after_s: float) -> LockResult:
        """Atomically take the lock ``name`` for ``holder`` at ``now`` (ISO-8601, UTC).

        Taken when it is free, already ``holder``'s (its ``since`` is kept), or when the holder's last
        heartbeat is more than ``stale_after_s`` seconds before ``now`` (a killed holder). Otherwise
        ``acquired`` is false and the result names the current holder and since when it holds the lock.
        """
        ...

    def heartbeat_lock(self, name: str, holder: str, now: str) -> None:
        """Record that ``holder`` is alive at ``now``; ``InvalidInput`` when ``holder`` does not hold ``name``."""
        ...

    def release_lock(self, name: str, holder: str) -> None:
        """Free the lock; ``InvalidInput`` when someone else holds it (a free lock stays free)."""
        ...

    # the question queue -----------------------------------------------------------------------
    def enqueue_questions(self, items: Sequence[tuple[str, str]], enqueued_at: str | None = None) -> int:
        """Queue ``(question, reason)`` pairs for a later enrichment; returns how many were new.

        Questions are de-duplicated by their normalised text (``QueuedQuestion.id``), within the batch and
        against the queue: a queued question keeps its first reason.
        """
        ...

    def queued_questions(self, limit: int = 100) -> list[QueuedQuestion]:
        """Up to ``limit`` queued questions, oldest first."""
        ...

    def dequeue_questions(self, ids: Sequence[str]) -> int:
        """Remove the queued questions with these ids; returns how many were removed (unknown ids are skipped)."""
        ...
