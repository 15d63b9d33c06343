"""The data model shared by every layer: documents, chunks, entities, relations, paths, subgraphs.

All types are frozen dataclasses: cheap to build in bulk (an import of 134k triples creates
134k relations) and safe to share. Validation of *outside* input happens at the edge with
pydantic (see ``loaders`` and ``graphproof``); the constructors here only enforce the
invariants the store relies on.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Generic, Literal, TypeVar

Origin = Literal["ingest", "enrichment"]
ORIGINS: tuple[str, ...] = ("ingest", "enrichment")
# The predicate of an edge that only says two entities were written in one sentence or message (co-occurrence).
RELATED_TO = "related_to"
# The predicate of an edge that states a type: "tmux is a terminal multiplexer" → tmux is_a terminal multiplexer.
IS_A = "is_a"
# The predicate of an edge that states a need: "Building requires Meson" → Quux requires Meson (the extractor writes
# it; path weighting fits it to questions about what something needs).
REQUIRES = "requires"
# The predicate of an edge from an acronym to the words it spells out ("ICU: International Components for Unicode").
STANDS_FOR = "stands_for"
# The entity type of a lower-case keyphrase ("maintenance work", "license"): a concept, not a name.
CONCEPT = "concept"

_SPACE = re.compile(r"\s+")


def normalize_id(name: str) -> str:
    """The canonical entity id of a name: Unicode NFKC, case-folded, whitespace collapsed and trimmed.

    ``"  Li   Hua "``, ``"li hua"`` and ``"LI HUA"`` all map to ``"li hua"``. Punctuation is kept
    (``"Help!"`` and ``"Help"`` can be different films); loaders trim mention text before naming.
    Raises ``ValueError`` when nothing is left.
    """
    text = _SPACE.sub(" ", unicodedata.normalize("NFKC", name).casefold()).strip()
    if not text:
        raise ValueError(f"entity name {name!r} is empty after normalisation; expected a non-blank name")
    return text


def chunk_id(document_id: str, ordinal: int) -> str:
    """The id of a document's ``ordinal``-th chunk: ``"<document id>#<ordinal>"``."""
    return f"{document_id}#{ordinal}"


def document_of_chunk(chunk: str) -> str:
    """The document id in a chunk id made by ``chunk_id`` (``"doc#3"`` → ``"doc"``); other ids are their own."""
    head, sep, tail = chunk.rpartition("#")
    return head if sep and tail.isdigit() else chunk


def content_hash(*parts: str) -> str:
    """A stable SHA-256 hex digest of the given text parts (used for documents, chunks and relation ids)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x1f")
    return digest.hexdigest()


def _require(value: str, what: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be a non-empty string, got {value!r}")


@dataclass(frozen=True, slots=True)
class Document:
    """A source: a file, a chat conversation, a web page. ``metadata`` holds searchable extras (e.g. chat time)."""

    id: str
    source: str
    title: str = ""
    hash: str = ""
    created_at: str = ""
    metadata: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _require(self.id, "Document.id")
        _require(self.source, f"Document.source of {self.id!r}")


@dataclass(frozen=True, slots=True)
class Chunk:
    """A piece of a document's text. ``ordinal`` is its position in the document.

    ``piece_embeddings`` are vectors of the chunk's parts (a chat's messages, a long text's sentence runs:
    ``loaders.pieces``), for a chunk longer than one embedding model input; ``nearest_chunks`` scores a chunk by the
    best of its ``embedding`` and these. ``None`` on a write keeps what is stored; ``()`` stores none. Reads
    return ``None`` (the pieces are searched, not read back).
    """

    id: str
    document_id: str
    ordinal: int
    text: str
    hash: str = ""
    embedding: tuple[float, ...] | None = None
    metadata: Mapping[str, str] = field(default_factory=dict)
    piece_embeddings: tuple[tuple[float, ...], ...] | None = None

    def __post_init__(self) -> None:
        _require(self.id, "Chunk.id")
        _require(self.document_id, f"Chunk.document_id of {self.id!r}")
        if self.ordinal < 0:
            raise ValueError(f"Chunk.ordinal of {self.id!r} must be >= 0, got {self.ordinal}")
        if not isinstance(self.text, str):
            raise ValueError(f"Chunk.text of {self.id!r} must be a string")


@dataclass(frozen=True, slots=True)
class Entity:
    """A node of the knowledge graph. ``id`` is the normalised name, so aliases that normalise alike merge."""

    id: str
    name: str
    type: str = ""
    description: str = ""
    embedding: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        _require(self.id, "Entity.id")
        _require(self.name, f"Entity.name of {self.id!r}")

    @classmethod
    def named(cls, name: str, type: str = "", description: str = "") -> Entity:
        """An entity whose id is the normalised ``name``."""
        return cls(id=normalize_id(name), name=name.strip(), type=type, description=description)


def relation_id(source_id: str, predicate: str, target_id: str) -> str:
    """The deterministic id of the edge ``source -[predicate]-> target`` (same triple, same id)."""
    return content_hash(source_id, predicate, target_id)[:24]


@lru_cache(maxsize=4096)
def predicate_words(predicate: str) -> str:
    """``"starred_actors"`` -> ``"starred actors"``: the predicate as words for edge text."""
    return _SPACE.sub(" ", re.sub(r"[_\-]+", " ", predicate)).strip()


def edge_parts(relation: Relation, source_name: str, target_name: str) -> tuple[str, ...]:
    """The pieces of the edge information, in order: predicate words, keywords, names, description."""
    parts = (predicate_words(relation.predicate), relation.keywords, source_name, target_name, relation.description)
    return tuple(part for part in parts if part)


def edge_text(relation: Relation, source_name: str, target_name: str) -> str:
    """The edge information BM25 scores: predicate words, keywords, both names, description."""
    return " ".join(edge_parts(relation, source_name, target_name))


@dataclass(frozen=True, slots=True)
class Relation:
    """A directed, typed edge between two entities, with the edge information BM25 scores.

    ``text`` (derived) is predicate words + keywords + source name + target name + description:
    the MiniRAG/LightRAG edge information, plus the predicate so that triples without keywords
    (MetaQA) are still searchable by their relation. Enrichment edges must carry ``source_url``,
    ``confidence`` and ``created_at``.
    """

    source_id: str
    target_id: str
    predicate: str
    source_name: str = ""
    target_name: str = ""
    keywords: str = ""
    description: str = ""
    weight: float = 1.0
    chunk_ids: tuple[str, ...] = ()
    origin: Origin = "ingest"
    source_url: str | None = None
    confidence: float | None = None
    created_at: str | None = None
    id: str = ""

    def __post_init__(self) -> None:
        _require(self.source_id, "Relation.source_id")
        _require(self.target_id, "Relation.target_id")
        _require(self.predicate, f"Relation.predicate of {self.source_id!r}->{self.target_id!r}")
        if self.origin not in ORIGINS:
            raise ValueError(f"Relation.origin must be one of {ORIGINS}, got {self.origin!r}")
        if self.origin == "enrichment" and (
            not self.source_url or self.confidence is None or not self.created_at
        ):
            raise ValueError(
                "an enrichment Relation must carry source_url, confidence and created_at "
                f"(edge {self.source_id!r} -[{self.predicate}]-> {self.target_id!r})"
            )
        if self.confidence is not None and not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"Relation.confidence must be within [0, 1], got {self.confidence}")
        if not self.id:
            object.__setattr__(self, "id", relation_id(self.source_id, self.predicate, self.target_id))
        if not isinstance(self.chunk_ids, tuple):
            object.__setattr__(self, "chunk_ids", tuple(self.chunk_ids))

    @property
    def text(self) -> str:
        return edge_text(self, self.source_name or self.source_id, self.target_name or self.target_id)

    def __str__(self) -> str:
        return f"{self.source_name or self.source_id} -[{self.predicate}]-> {self.target_name or self.target_id}"


@dataclass(frozen=True, slots=True)
class Mention:
    """``(:Chunk)-[:MENTIONS]->(:Entity)``."""

    chunk_id: str
    entity_id: str

    def __post_init__(self) -> None:
        _require(self.chunk_id, "Mention.chunk_id")
        _require(self.entity_id, "Mention.entity_id")


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Hit(Generic[T]):
    """A search result: the item and its score (higher is better for every search)."""

    item: T
    score: float


@dataclass(frozen=True, slots=True)
class Path:
    """A walk through the graph: ``entities[i] -relations[i]- entities[i+1]`` (edges may point either way)."""

    entities: tuple[Entity, ...]
    relations: tuple[Relation, ...]

    def __post_init__(self) -> None:
        if len(self.entities) != len(self.relations) + 1:
            raise ValueError("a Path needs exactly one more entity than relations")

    def __len__(self) -> int:
        return len(self.relations)

    @property
    def entity_ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entities)

    def format(self, arrow: str = "→", back: str = "←", undirected: str = "—") -> str:
        """``A → predicate → B ← predicate ← C`` (the form reasoning paths are fed to an LLM in): an edge
        walked against its direction is written with ``back``, so "libffi → is_not → thread-safe" never reads
        as "thread-safe → is_not → libffi"; a ``related_to`` edge, which has no direction, with ``undirected``."""
        out = self.entities[0].name
        for before, relation, entity in zip(self.entities[:-1], self.relations, self.entities[1:], strict=True):
            forward = relation.source_id == before.id or relation.target_id != before.id
            mark = undirected if relation.predicate == RELATED_TO else arrow if forward else back
            out += f" {mark} {relation.predicate} {mark} {entity.name}"
        return out


@dataclass(frozen=True, slots=True)
class Subgraph:
    """Entities and the relations among them; ``truncated`` says a cap (limit or per-node) cut it."""

    entities: tuple[Entity, ...]
    relations: tuple[Relation, ...]
    seeds: tuple[str, ...] = ()
    truncated: bool = False


@dataclass(frozen=True, slots=True)
class DocumentSummary:
    """A document and how many chunks it has (the ``documents`` listing)."""

    document: Document
    chunks: int

    def as_dict(self) -> dict[str, object]:
        d = self.document
        return {"id": d.id, "source": d.source, "title": d.title, "created_at": d.created_at, "chunks": self.chunks}


@dataclass(frozen=True, slots=True)
class Stats:
    backend: str
    location: str
    documents: int
    chunks: int
    entities: int
    relations: int
    mentions: int
    relations_by_origin: Mapping[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "backend": self.backend,
            "location": self.location,
            "documents": self.documents,
            "chunks": self.chunks,
            "entities": self.entities,
            "relations": self.relations,
            "mentions": self.mentions,
            "relations_by_origin": dict(self.relations_by_origin),
        }


@dataclass(frozen=True, slots=True)
class TermStats:
    """Full-text corpus statistics: rows in the index, mean row length in terms, document frequencies."""

    rows: int
    avg_length: float
    df: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class DeleteReport:
    """What ``delete_document`` removed."""

    document_id: str
    found: bool
    chunks: int = 0
    mentions: int = 0
    relations: int = 0
    entities: int = 0


def as_vector(values: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(v) for v in values)


# enrichment runs ----------------------------------------------------------------------------------
RunStatus = Literal["running", "finished", "failed", "undone"]
RUN_STATUSES: tuple[str, ...] = ("running", "finished", "failed", "undone")
# the statuses ``finish_run`` accepts, and those a run can be resumed from (``begin_run(..., resume=True)``)
FINISHED_STATUSES: tuple[str, ...] = ("finished", "failed")
RESUMABLE_STATUSES: tuple[str, ...] = ("running", "failed")


@dataclass(frozen=True, slots=True)
class EnrichmentRun:
    """One recorded enrichment run: when, from what, for which questions, and exactly what it added.

    ``entity_ids`` and ``relation_ids`` are the items the run *created* (sorted); items that were
    already stored when a batch came are not the run's and are never removed by undoing it.
    ``batches_done`` (sorted) are the keys of the batches written, so a resumed run skips them.
    """

    id: str
    started_at: str
    finished_at: str | None = None
    status: RunStatus = "running"
    sources: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    entity_ids: tuple[str, ...] = ()
    relation_ids: tuple[str, ...] = ()
    batches_done: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _require(self.id, "EnrichmentRun.id")
        if self.status not in RUN_STATUSES:
            raise ValueError(f"EnrichmentRun.status of {self.id!r} must be one of {RUN_STATUSES}, got {self.status!r}")

    @property
    def triples_added(self) -> int:
        """How many relations the run created (undone or not)."""
        return len(self.relation_ids)


@dataclass(frozen=True, slots=True)
class RunBatchReport:
    """What ``add_run_batch`` wrote: the ids it created, how many items were already stored (left
    untouched, not claimed by the run), and whether the whole batch had been written before."""

    created_entity_ids: tuple[str, ...] = ()
    created_relation_ids: tuple[str, ...] = ()
    skipped_existing: int = 0
    already_done: bool = False


@dataclass(frozen=True, slots=True)
class UndoReport:
    """What ``undo_run`` removed; ``entities_kept`` were created by the run but are used elsewhere now,
    ``relations_kept`` were created by the run but have since been written by an ingest."""

    run_id: str
    relations_removed: int = 0
    entities_removed: int = 0
    entities_kept: int = 0
    relations_kept: int = 0


@dataclass(frozen=True, slots=True)
class LockResult:
    """The answer of ``acquire_lock``: whether the caller holds the lock now, and who holds it since when."""

    acquired: bool
    holder: str
    since: str


@dataclass(frozen=True, slots=True)
class QueuedQuestion:
    """A question waiting for enrichment (its self-evaluation failed). ``id`` is derived from the
    normalised text, so the same question queued twice is one item."""

    id: str
    question: str
    reason: str = ""
    enqueued_at: str | None = None
