"""The production backend: Neo4j 5 over Bolt with the official ``neo4j`` driver; statements from ``cypher/``.

It behaves like the embedded backend (``graph.sqlite_store``), which is the reference for the
semantics: same return values, errors, ordering and idempotency. Every write method is one
transaction (``execute_write``) that first checks the ids the batch refers to (nothing is written
when one is unknown) and then sends the rows in ``UNWIND $rows`` sub-batches of ``batch_size``.

Full-text search runs on Lucene indexes over a ``tokens`` property that holds
``Analyzer.index_text(...)`` (chunk text, entity name, edge text) with Lucene's ``whitespace``
analyzer, so both backends tokenise alike; queries send the analyzer's terms, Lucene-escaped, OR-ed.

Vector indexes need their dimension at creation and ``init()`` cannot know which embedder will be
used, so each vector index is created on the first write that carries embeddings of its kind, with
that batch's size as ``$dimensions`` (validated by ``neo4j_rows.vector_dimensions``). A later batch
whose embeddings have another size is rejected (``IntegrityError``) instead of being silently left
out of the index, unless no vector of that kind is stored any more (then the index is rebuilt for
the new size, as an empty embedded store would accept it). Nearest-neighbour candidates come from
the HNSW index and are re-scored with exact cosine similarity (``graph.vectors.VectorIndex``), so
scores match the embedded backend's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, LiteralString, NamedTuple, TypeVar, cast

import neo4j
import numpy as np
from graphproof.cypher import query
from graphproof.graph import neo4j_rows as rows_
from graphproof.graph import runs
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.batches import merge_chunks, merge_documents, merge_entities, merge_mentions, merge_relations
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
from graphproof.graph.store import (
    DEFAULT_HOPS,
    DEFAULT_PER_NODE,
    DEFAULT_SUBGRAPH_LIMIT,
    MAX_PATH_HOPS,
    SEARCH_KINDS,
    ConnectionFailed,
    GraphStore,
    IntegrityError,
    InvalidInput,
    QueryFailed,
    SearchKind,
)
from graphproof.graph.store_checks import (
    check_k,
    check_path_args,
    check_subgraph_args,
    check_text,
    missing_error,
    not_found,
    schema_mismatch,
)
from graphproof.graph.traversal import ENUMERATION_CAP, UNCAPPED, expand_subgraph
from graphproof.graph.vectors import best_of
from neo4j import ManagedTransaction, Query
from neo4j.exceptions import AuthError, ConfigurationError, DriverError, Neo4jError

R = TypeVar("R")
Item = TypeVar("Item", Chunk, Entity, Relation)
Row = dict[str, Any]

DEFAULT_CONNECTION_TIMEOUT_S = 5.0
SCHEMA_VERSION = "2"  # 2: document ids are canonical source paths (graph.store_checks.SCHEMA_CHANGES)
DEFAULT_BATCH_SIZE = 5000
OVERFETCH = 64  # extra hits asked of Lucene / HNSW, so ties at the k-th place are broken by id, not at random
MAX_QUERY_TERMS = 1024  # Lucene's default BooleanQuery clause limit
INDEX_TIMEOUT_S = 300
TERM_CACHE_SIZE = 100_000  # cached document frequencies per kind before the cache starts over
# graphproof's own indexes (constraint-backed ones included) that init() waits for, by name
OWN_INDEXES: tuple[str, ...] = (
    "document_id", "chunk_id", "entity_id", "related_id", "graphproof_meta_id",
    "chunk_document_id", "chunk_tokens", "entity_tokens", "related_tokens", "related_chunk_keys",
    "enrichment_run_id", "graphproof_lock_name", "queued_question_id",
)  # fmt: skip
SCHEMA_STATEMENTS: tuple[str, ...] = (
    "schema_document_id", "schema_chunk_id", "schema_entity_id", "schema_related_id", "schema_meta_id",
    "schema_chunk_document", "schema_chunk_fulltext", "schema_entity_fulltext", "schema_related_fulltext",
    "schema_related_chunk_keys", "schema_enrichment_run_id", "schema_lock_name", "schema_queued_question_id",
)  # fmt: skip


class IndexNotReady(QueryFailed):
    """A graphproof index exists but cannot be used: not ONLINE (populating or FAILED) or misconfigured."""


@dataclass
class _TermCache:
    """One kind's corpus statistics and document frequencies, valid while ``(epoch, write counter)`` is ``writes``."""

    writes: tuple[str | None, int]
    rows: int
    avg_length: float
    df: dict[str, int]


class VectorSpec(NamedTuple):
    """One vector index: its name, the statements that create, drop and query it, one item's name."""

    index: str
    create: str
    drop: str
    nearest: str
    item: str


VECTOR_INDEXES: dict[str, VectorSpec] = {
    "chunks": VectorSpec("chunk_embedding", "schema_chunk_vector", "drop_chunk_vector", "nearest_chunks", "chunk"),
    "entities": VectorSpec(
        "entity_embedding", "schema_entity_vector", "drop_entity_vector", "nearest_entities", "entity"
    ),
    "pieces": VectorSpec("piece_embedding", "schema_piece_vector", "drop_piece_vector", "nearest_pieces", "piece"),
}
PIECE_FANOUT = 4  # piece candidates asked of HNSW per chunk wanted: a chunk's best pieces often come together
# one statement per depth: a variable-length bound cannot be a parameter (cypher/shortest_paths_<n>.cypher)
SHORTEST_PATHS: dict[int, LiteralString] = {
    1: "shortest_paths_1", 2: "shortest_paths_2", 3: "shortest_paths_3",
    4: "shortest_paths_4", 5: "shortest_paths_5", 6: "shortest_paths_6",
}  # fmt: skip
_MISSING = {
    "documents": "missing_documents", "chunks": "missing_chunks", "entities": "missing_entities",
    "relations": "missing_relations",
}  # fmt: skip


def _rows(tx: ManagedTransaction, name: str, **params: Any) -> list[Row]:
    """Run the statement ``cypher/<name>.cypher`` with ``params`` and return its records as dicts."""
    return [record.data() for record in tx.run(query(name), params)]


def _begin_write(tx: ManagedTransaction) -> None:
    """Lock the meta node and bump its write counter (``cypher/write_begin.cypher``) in this transaction."""
    tx.run(query("write_begin"), {}).consume()


def _distinct(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(ids))


class Neo4jStore(GraphStore):
    """``GraphStore`` over a Neo4j 5 database (``neo4j://``, ``bolt://`` or their ``+s`` forms)."""

    backend = "neo4j"

    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str | None = None,
        analyzer: Analyzer | None = None,
        batch_size: int = DEFAULT_BATCH_SIZE,
        connection_timeout: float = DEFAULT_CONNECTION_TIMEOUT_S,
    ) -> None:
        if not isinstance(uri, str) or not uri.strip():
            raise InvalidInput(f"uri must be a Neo4j URI such as neo4j://localhost:7687, got {uri!r}")
        self.uri = uri
        self.user = user
        self.database = database or None
        self.analyzer = analyzer or default_analyzer()
        self.batch_size = check_k(batch_size, "batch_size", 1_000_000)
        self._term_cache: dict[str, _TermCache] = {}
        self._stats_lock = threading.Lock()
        # one bookmark manager for every session of this store: a read that follows a write (on a
        # cluster or Aura, possibly served by another member) waits until that write is visible there
        self._bookmarks = neo4j.GraphDatabase.bookmark_manager()
        if not connection_timeout > 0:
            raise InvalidInput(f"connection_timeout must be a positive number of seconds, got {connection_timeout!r}")
        where = rows_.display_uri(uri)
        try:
            self._driver = neo4j.GraphDatabase.driver(
                uri, auth=(user, password), connection_timeout=connection_timeout,
                connection_acquisition_timeout=connection_timeout, max_transaction_retry_time=connection_timeout,
            )  # fmt: skip
        except (ConfigurationError, ValueError) as exc:
            raise ConnectionFailed(f"cannot open a Neo4j driver for {where!r}: {str(exc).replace(uri, where)}") from exc
        try:
            self._driver.verify_connectivity()
        except AuthError as exc:
            self._driver.close()
            raise rows_.driver_error(exc, "connecting", self.location, user) from exc
        except (Neo4jError, DriverError, OSError) as exc:
            self._driver.close()
            raise ConnectionFailed(
                f"cannot reach Neo4j at {where} within {connection_timeout:g} s (connection_timeout): "
                f"{type(exc).__name__}; is the server running and is the address right?"
            ) from exc
        try:
            self.init()
        except BaseException:
            self._driver.close()
            raise

    @property
    def location(self) -> str:
        where = rows_.display_uri(self.uri)
        return where if self.database is None else f"{where} (database {self.database!r})"

    # lifecycle --------------------------------------------------------------------------------
    def init(self) -> None:
        """Create constraints and full-text indexes (idempotent), then check the recorded versions.

        Vector indexes are not created here: they need the embedding size, so the first write that
        carries embeddings creates them (see the module docstring).
        """
        for name in SCHEMA_STATEMENTS:
            self._schema(name)
        self._await_indexes(OWN_INDEXES)
        expected = {"schema": SCHEMA_VERSION, "analyzer": self.analyzer.name}
        found = self._write(lambda tx: _rows(tx, "meta", **expected)[0], "the schema check")
        for key, value in expected.items():
            if found.get(key) is not None and found[key] != value:
                raise schema_mismatch(
                    self.location, key, found[key], value,
                    "re-create the store (delete graphproof's nodes in that database and ingest again)",
                )

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> Neo4jStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # driver plumbing --------------------------------------------------------------------------
    def _call(self, write: bool, work: Callable[[ManagedTransaction], R], what: str, table: str | None = None) -> R:
        """Run ``work`` in one managed transaction; ``table`` names a write's batch in UTF-8 errors."""
        try:
            with self._driver.session(database=self.database, bookmark_manager=self._bookmarks) as session:
                return session.execute_write(work) if write else session.execute_read(work)
        except (Neo4jError, DriverError) as exc:
            raise rows_.driver_error(exc, what, self.location, self.user) from exc
        except UnicodeEncodeError as exc:  # the driver encodes every string as UTF-8 before sending
            if write:
                raise rows_.not_utf8(exc, table) from exc
            raise InvalidInput(f"{what}: text is not valid UTF-8 ({exc.reason}); nothing was read") from exc

    def _read(self, work: Callable[[ManagedTransaction], R], what: str) -> R:
        return self._call(False, work, what)

    def _write(self, work: Callable[[ManagedTransaction], R], what: str, table: str | None = None) -> R:
        return self._call(True, work, what, table)

    def _read_rows(self, name: str, **params: Any) -> list[Row]:
        return self._read(lambda tx: _rows(tx, name, **params), name.replace("_", " "))

    def _schema(self, name: str, **params: Any) -> None:
        self._write(lambda tx: tx.run(query(name), params).consume(), f"schema statement {name}")

    def _await_indexes(self, names: Sequence[str]) -> None:
        """Wait until the named indexes (graphproof's own, never the whole database's) are ONLINE."""
        self._write(
            lambda tx: tx.run(query("await_indexes"), {"names": list(names), "timeout": INDEX_TIMEOUT_S}).consume(),
            "waiting for graphproof's indexes",
        )

    def _unknown(self, tx: ManagedTransaction, table: str, ids: Iterable[str]) -> list[str]:
        wanted = sorted(set(ids))
        found: list[str] = []
        for part in rows_.batches(wanted, self.batch_size):
            found.extend(row["id"] for row in _rows(tx, _MISSING[table], ids=list(part)))
        return sorted(found)

    def _entity_names(self, tx: ManagedTransaction, ids: Sequence[str]) -> dict[str, str]:
        """The stored name of each entity in ``ids`` that exists."""
        names: dict[str, str] = {}
        for part in rows_.batches(ids, self.batch_size):
            names.update((row["id"], row["name"]) for row in _rows(tx, "entity_names", ids=list(part)))
        return names

    def _apply(self, tx: ManagedTransaction, name: str, rows: Sequence[Row]) -> int:
        changed = 0
        for part in rows_.batches(rows, self.batch_size):
            changed += int(_rows(tx, name, rows=list(part))[0]["changed"] or 0)
        return changed

    def _require(self, tx: ManagedTransaction, refs: Mapping[str, Iterable[str]]) -> None:
        """``IntegrityError`` naming the ids of ``refs`` (table -> ids a write refers to) that do not exist."""
        for table, ids in refs.items():
            unknown = self._unknown(tx, table, ids)
            if unknown:
                raise missing_error(table, unknown)

    def _upsert(
        self, name: str, rows: Sequence[Row], refs: Mapping[str, Iterable[str]], table: str | None = None
    ) -> int:
        """One transaction: check every referenced id exists, then write ``rows`` in sub-batches."""

        def work(tx: ManagedTransaction) -> int:
            _begin_write(tx)
            self._require(tx, refs)
            return self._apply(tx, name, rows)

        return self._write(work, name.replace("_", " "), table) if rows else 0

    # vector indexes ---------------------------------------------------------------------------
    def _index_dimensions(self, kind: str, shown: Sequence[Row] | None = None) -> int | None:
        """The dimension of the ``kind`` vector index, or ``None`` when it does not exist.

        Asked of the server each time (one cheap ``SHOW``; ``shown``: the rows of one already asked in this call),
        so an index dropped or rebuilt by someone else is never trusted from a stale cache.
        """
        index = VECTOR_INDEXES[kind].index
        for row in self._read_rows("vector_indexes") if shown is None else shown:
            if row["name"] != index:
                continue
            if row["state"] != "ONLINE":
                raise IndexNotReady(
                    f"vector index {index!r} on {self.location} is {row['state']}, not ONLINE; wait for it to "
                    f"populate, or drop it (DROP INDEX {index}) when it FAILED, and write the embeddings again"
                )
            if row["dimensions"] is None:
                raise IndexNotReady(
                    f"vector index {index!r} on {self.location} has no vector.dimensions setting; drop it "
                    f"(DROP INDEX {index}) so graphproof re-creates it with the embeddings' size"
                )
            return int(row["dimensions"])
        return None

    def _ensure_vector_index(self, kind: str, rows: Sequence[Row]) -> None:
        """Create the ``kind`` vector index for this batch's embedding size, or check that it fits.

        An index of another size is replaced only while no node of that kind carries an embedding
        (it indexes nothing, as after a wipe); otherwise the batch is refused before anything is
        written, because Neo4j would silently leave vectors of the wrong size out of the index.
        """
        spec = VECTOR_INDEXES[kind]
        size = rows_.batch_dimensions(rows, spec.item)
        if size is None:
            return
        current = self._index_dimensions(kind)
        if current is not None and current != size and not self._embeddings_present(kind):
            self._schema(spec.drop)
            current = None
        if current is None:
            self._schema(spec.create, dimensions=rows_.vector_dimensions(size))
            self._await_indexes((spec.index,))
            current = self._index_dimensions(kind)
        if current is not None and current != size:
            raise IntegrityError(
                f"{kind} embeddings have {size} dimensions but the vector index {spec.index!r} on {self.location} "
                f"has {current}; nothing was written (embed with the model the store was built with)"
            )

    def _embeddings_present(self, kind: str) -> bool:
        return bool(self._read_rows("embeddings_present")[0][kind])

    # writes -----------------------------------------------------------------------------------
    # Each write first merges repeated ids inside the batch (graph.batches), as the embedded backend
    # does, so a batch means the same as writing its items one by one.
    def upsert_documents(self, batch: Iterable[Document]) -> int:
        return self._upsert("upsert_documents", [rows_.document_row(d) for d in merge_documents(batch)], {})

    def upsert_chunks(self, batch: Iterable[Chunk]) -> int:
        items = merge_chunks(batch)
        rows = [rows_.chunk_row(c, self.analyzer) for c in items]
        pieces = rows_.piece_rows(items)
        self._ensure_vector_index("chunks", rows)
        self._ensure_vector_index("pieces", [{"embedding": v} for row in pieces for v in row["pieces"]])
        documents = {c.document_id for c in items}
        if not rows:
            return 0

        def work(tx: ManagedTransaction) -> int:
            _begin_write(tx)
            self._require(tx, {"documents": documents})
            changed: set[str] = set()
            for part in rows_.batches(rows, self.batch_size):
                changed.update(_rows(tx, "upsert_chunks", rows=list(part))[0]["ids"] or [])
            for part in rows_.batches(pieces, self.batch_size):  # a chunk whose pieces changed changed too
                changed.update(_rows(tx, "replace_chunk_pieces", rows=list(part))[0]["renewed"] or [])
            return len(changed)

        return self._write(work, "upsert chunks", "chunks")

    def upsert_entities(self, batch: Iterable[Entity]) -> int:
        rows = [rows_.entity_row(e, self.analyzer) for e in merge_entities(batch)]
        self._ensure_vector_index("entities", rows)
        return self._upsert("upsert_entities", rows, {}, "entities")

    def upsert_relations(self, batch: Iterable[Relation]) -> int:
        items = merge_relations(batch)
        if not items:
            return 0
        entity_ids = sorted({r.source_id for r in items} | {r.target_id for r in items})
        chunk_ids = {c for r in items for c in r.chunk_ids}

        def work(tx: ManagedTransaction) -> int:
            _begin_write(tx)
            names = self._entity_names(tx, entity_ids)
            unknown = [i for i in entity_ids if i not in names]
            if unknown:
                raise missing_error("entities", unknown)
            self._require(tx, {"chunks": chunk_ids})
            rows = [rows_.relation_row(r, names, self.analyzer) for r in items]
            return self._apply(tx, "upsert_relations", rows)

        return self._write(work, "upsert relations", "relations")

    def upsert_mentions(self, batch: Iterable[Mention]) -> int:
        items = merge_mentions(batch)
        refs = {"chunks": {m.chunk_id for m in items}, "entities": {m.entity_id for m in items}}
        return self._upsert("upsert_mentions", [rows_.mention_row(m) for m in items], refs)

    def delete_document(self, document_id: str) -> DeleteReport:
        check_text(document_id, "document_id")

        def work(tx: ManagedTransaction) -> list[Row]:
            _begin_write(tx)
            gone = [row["id"] for row in _rows(tx, "chunk_ids_of_document", document_id=document_id)]
            return _rows(
                tx, "delete_document", document_id=document_id, key_queries=rows_.chunk_key_queries(gone),
                gone_keys=[rows_.chunk_key(c) for c in gone],
            )  # fmt: skip

        found = self._write(work, "delete document")
        if not found:
            return DeleteReport(document_id=document_id, found=False)
        row = found[0]
        return DeleteReport(
            document_id, True, int(row["chunks"]), int(row["mentions"]), int(row["relations"]), int(row["entities"])
        )

    # full-text search -------------------------------------------------------------------------
    def _search(self, name: str, key: str, text: str, k: int, convert: Callable[[Row], Item]) -> list[Hit[Item]]:
        check_k(k)
        terms = self.analyzer.query_terms(check_text(text, "search text"))[:MAX_QUERY_TERMS]
        if not terms:
            return []
        found = self._read_rows(name, query=rows_.lucene_query(terms), fetch=k + OVERFETCH, k=k)
        hits = [(convert(row[key]), float(row["score"])) for row in found]
        hits.sort(key=lambda hit: (-hit[1], hit[0].id))
        return [Hit(item, score) for item, score in hits[:k]]

    def search_relations(self, text: str, k: int = 10) -> list[Hit[Relation]]:
        return self._search("search_relations", "relation", text, k, rows_.to_relation)

    def search_chunks(self, text: str, k: int = 10) -> list[Hit[Chunk]]:
        return self._search("search_chunks", "chunk", text, k, rows_.to_chunk)

    def search_entities(self, text: str, k: int = 10) -> list[Hit[Entity]]:
        return self._search("search_entities", "entity", text, k, rows_.to_entity)

    # vectors ----------------------------------------------------------------------------------
    def _nearest(
        self, kind: str, vector: Sequence[float], k: int, convert: Callable[[Row], Item],
        shown: Sequence[Row] | None = None,
    ) -> list[Hit[Item]]:  # fmt: skip
        check_k(k)
        dimensions = self._index_dimensions(kind, shown)
        if dimensions is None:
            return []  # nothing was ever written with embeddings of this kind
        try:
            probe = np.asarray(vector, dtype=np.float32)
        except (TypeError, ValueError) as exc:
            raise IntegrityError(f"nearest {kind}: {exc}") from exc
        problem = None
        if probe.ndim != 1 or probe.shape[0] != dimensions:
            problem = f"query vector has {probe.shape} dimensions; the stored embeddings have {dimensions}"
        elif not 0 < float(np.linalg.norm(probe)) < float("inf"):
            problem = "query vector must be non-zero and finite"
        if problem is not None:
            if not self._embeddings_present(kind):
                return []  # like the embedded backend: a search over no vectors finds nothing
            raise IntegrityError(f"nearest {kind}: {problem}")
        spec = VECTOR_INDEXES[kind]
        found = self._read_rows(spec.nearest, fetch=k + OVERFETCH, vector=[float(x) for x in probe])
        key = spec.item
        items = {row[key]["id"]: row[key] for row in found if row[key].get("embedding") is not None}
        try:
            ranked = rows_.exact_top([(i, item["embedding"]) for i, item in items.items()], vector, k)
        except ValueError as exc:
            raise IntegrityError(f"nearest {kind}: {exc}") from exc
        return [Hit(convert(items[i]), score) for i, score in ranked]

    def term_stats(self, kind: SearchKind, terms: Sequence[str]) -> TermStats:
        if kind not in SEARCH_KINDS:
            raise InvalidInput(f"kind must be one of {SEARCH_KINDS}, got {kind!r}")
        distinct = list(dict.fromkeys(terms))
        [counter] = self._read_rows("write_count")
        writes = (counter.get("epoch"), int(counter["writes"]))
        with self._stats_lock:
            cache = self._term_cache.get(kind)
            if cache is None or cache.writes != writes:
                cache = None
        if cache is None:
            [corpus] = self._read_rows(f"corpus_{kind}")
            cache = _TermCache(writes, int(corpus["rows"]), float(corpus["avg_length"]), {})
        todo = [t for t in distinct if t not in cache.df]
        if todo:
            escaped = {rows_.lucene_escape(t): t for t in todo}
            if kind == "relations":
                found = self._read_rows("term_df_relationships", terms=list(escaped))
            else:
                index = "chunk_tokens" if kind == "chunks" else "entity_tokens"
                found = self._read_rows("term_df_nodes", index=index, terms=list(escaped))
            df = {escaped[row["term"]]: int(row["df"]) for row in found}
            cache.df.update({t: df.get(t, 0) for t in todo})
        with self._stats_lock:
            if len(cache.df) > TERM_CACHE_SIZE:
                cache.df.clear()
            self._term_cache[kind] = cache
        return TermStats(cache.rows, cache.avg_length, {t: cache.df.get(t, 0) for t in distinct})

    def nearest_chunks(self, vector: Sequence[float], k: int = 10) -> list[Hit[Chunk]]:
        """A chunk scores the best of its own vector and its pieces' (``Chunk.piece_embeddings``)."""
        shown = self._read_rows("vector_indexes")  # one SHOW for both indexes
        found = self._nearest("chunks", vector, k, rows_.to_chunk, shown)
        if self._index_dimensions("pieces", shown) is None:
            return found
        candidates = self._read_rows("nearest_pieces", fetch=(k + OVERFETCH) * PIECE_FANOUT,
                                     vector=[float(x) for x in vector])  # fmt: skip
        chunks = {h.item.id: h.item for h in found} | {r["chunk"]["id"]: rows_.to_chunk(r["chunk"]) for r in candidates}
        try:
            pieces = rows_.exact_top([(r["chunk"]["id"], r["embedding"]) for r in candidates], vector, k)
        except ValueError as exc:
            raise IntegrityError(f"nearest chunks (pieces): {exc}") from exc
        return [Hit(chunks[i], s) for i, s in best_of([(h.item.id, h.score) for h in found], pieces, k=k)]

    def nearest_entities(self, vector: Sequence[float], k: int = 10) -> list[Hit[Entity]]:
        return self._nearest("entities", vector, k, rows_.to_entity)

    # lookups ----------------------------------------------------------------------------------
    def documents(self, ids: Sequence[str]) -> list[Document]:
        return [rows_.to_document(r["document"]) for r in self._read_rows("documents_by_ids", ids=_distinct(ids))]

    def chunks(self, ids: Sequence[str]) -> list[Chunk]:
        return [rows_.to_chunk(r["chunk"]) for r in self._read_rows("chunks_by_ids", ids=_distinct(ids))]

    def entities(self, ids: Sequence[str]) -> list[Entity]:
        return [rows_.to_entity(r["entity"]) for r in self._read_rows("entities_by_ids", ids=_distinct(ids))]

    def relations(self, ids: Sequence[str]) -> list[Relation]:
        return [rows_.to_relation(r["relation"]) for r in self._read_rows("relations_by_ids", ids=_distinct(ids))]

    def chunks_of_document(self, document_id: str) -> list[Chunk]:
        found = [rows_.to_chunk(r["chunk"]) for r in self._read_rows("chunks_of_document", document_id=document_id)]
        return sorted(found, key=lambda c: (c.ordinal, c.id))

    def mentions_of_chunks(self, chunk_ids: Sequence[str]) -> list[Mention]:
        found = self._read_rows("mentions_of_chunks", ids=_distinct(chunk_ids))
        return sorted((Mention(r["chunk_id"], r["entity_id"]) for r in found), key=lambda m: (m.chunk_id, m.entity_id))

    # graph walks ------------------------------------------------------------------------------
    def neighbors(
        self, entity_ids: Sequence[str], per_node: int = DEFAULT_PER_NODE
    ) -> list[tuple[str, Relation, Entity]]:
        check_k(per_node, "per_node", UNCAPPED)
        found = self._read_rows("neighbors", ids=sorted(set(entity_ids)), per_node=per_node)
        out = [(r["from_id"], rows_.to_relation(r["relation"]), rows_.to_entity(r["neighbour"])) for r in found]
        out.sort(key=lambda t: (t[0], -t[1].weight, t[1].id))
        return out

    def subgraph(
        self,
        entity_ids: Sequence[str],
        hops: int = DEFAULT_HOPS,
        limit: int = DEFAULT_SUBGRAPH_LIMIT,
        per_node: int = DEFAULT_PER_NODE,
    ) -> Subgraph:
        check_subgraph_args(entity_ids, hops, limit, per_node)
        return expand_subgraph(self.neighbors, self.entities, entity_ids, hops, limit, per_node)

    def shortest_paths(self, source_id: str, target_id: str, max_hops: int = 3, limit: int = 10) -> list[Path]:
        check_path_args(source_id, target_id, max_hops, limit, MAX_PATH_HOPS)
        nodes = {e.id: e for e in self.entities([source_id, target_id])}
        missing = [i for i in (source_id, target_id) if i not in nodes]
        if missing:
            raise not_found("entities", missing)
        if source_id == target_id:  # Neo4j's shortest path refuses equal endpoints
            return [Path(entities=(nodes[source_id],), relations=())]
        found = self._read_rows(
            SHORTEST_PATHS[max_hops], source_id=source_id, target_id=target_id, cap=ENUMERATION_CAP, limit=limit
        )
        paths = [rows_.to_path(r) for r in found]
        paths.sort(key=lambda p: (p.entity_ids, tuple(r.id for r in p.relations)))
        return paths[:limit]

    # misc -------------------------------------------------------------------------------------
    def list_documents(self, limit: int = 1000) -> list[DocumentSummary]:
        check_k(limit, "limit")
        rows = self._read_rows("list_documents", limit=limit)
        return [DocumentSummary(rows_.to_document(r["document"]), int(r["chunks"])) for r in rows]

    def top_entities(self, limit: int) -> list[str]:
        check_k(limit, "limit")
        return [str(r["id"]) for r in self._read_rows("top_entities", limit=limit)]

    def stats(self) -> Stats:
        row = self._read_rows("stats")[0]
        origins = {("" if o is None else str(o)): int(n) for o, n in row["origins"]}
        return Stats(
            backend=self.backend, location=self.location, documents=int(row["documents"]),
            chunks=int(row["chunks"]), entities=int(row["entities"]), relations=int(row["relations"]),
            mentions=int(row["mentions"]), relations_by_origin=dict(sorted(origins.items())),
        )  # fmt: skip

    # enrichment runs --------------------------------------------------------------------------
    # Every run write starts with write_begin: run writes are serialised with each other and with
    # ingests (a batch's check-then-create never races), and a batch or an undo counts as a write.
    @staticmethod
    def _find_run(tx: ManagedTransaction, run_id: str) -> EnrichmentRun | None:
        found = _rows(tx, "run_get", id=run_id)
        return rows_.to_run(found[0]["run"]) if found else None

    def _run(self, tx: ManagedTransaction, run_id: str) -> EnrichmentRun:
        """The run ``run_id`` read in ``tx``, or ``NotFound`` naming it."""
        run = self._find_run(tx, run_id)
        if run is None:
            raise runs.unknown_run(run_id, self.location)
        return run

    def begin_run(
        self, run_id: str, started_at: str, sources: Sequence[str], questions: Sequence[str], *, resume: bool = False
    ) -> None:
        runs.check_name(run_id, "run_id")
        runs.seconds(started_at, "started_at")
        sources, questions = runs.check_texts(sources, "sources"), runs.check_texts(questions, "questions")

        def work(tx: ManagedTransaction) -> None:
            _begin_write(tx)
            existing = self._find_run(tx, run_id)
            runs.check_begin(existing, run_id, resume, self.location)
            row = {"id": run_id, "started_at": started_at, "status": "running", "sources": list(sources),
                   "questions": list(questions)}  # fmt: skip
            if existing is not None:
                row["sources"] = runs.merged(existing.sources, sources)
                row["questions"] = runs.merged(existing.questions, questions)
            self._apply(tx, "run_begin", [row])

        self._write(work, "begin enrichment run")

    def finish_run(self, run_id: str, finished_at: str, status: str, errors: Sequence[str]) -> None:
        runs.check_name(run_id, "run_id")
        runs.seconds(finished_at, "finished_at")
        errors = runs.check_finish(status, errors)

        def work(tx: ManagedTransaction) -> None:
            _begin_write(tx)
            runs.check_running(self._run(tx, run_id), "be finished")
            row = {"id": run_id, "finished_at": finished_at, "status": status, "errors": list(errors)}
            self._apply(tx, "run_finish", [row])

        self._write(work, "finish enrichment run")

    def list_runs(self, limit: int = 50) -> list[EnrichmentRun]:
        check_k(limit, "limit")
        return [rows_.to_run(r["run"]) for r in self._read_rows("run_list", limit=limit)]

    def get_run(self, run_id: str) -> EnrichmentRun:
        runs.check_name(run_id, "run_id")
        found = self._read_rows("run_get", id=run_id)
        if not found:
            raise runs.unknown_run(run_id, self.location)
        return rows_.to_run(found[0]["run"])

    def add_run_batch(
        self, run_id: str, batch_key: str, entities: Sequence[Entity], relations: Sequence[Relation]
    ) -> RunBatchReport:
        batch = runs.run_batch(run_id, batch_key, entities, relations)
        entity_rows = {e.id: rows_.entity_row(e, self.analyzer) for e in batch.entities}
        self._ensure_vector_index("entities", list(entity_rows.values()))

        def work(tx: ManagedTransaction) -> RunBatchReport:
            _begin_write(tx)
            run = self._run(tx, run_id)
            runs.check_running(run, "take batches")
            if batch_key in run.batches_done:
                return RunBatchReport(already_done=True)
            names = self._entity_names(tx, sorted(set(entity_rows) | set(batch.endpoint_ids)))
            batch.check_endpoints(names)
            self._require(tx, {"chunks": batch.chunk_ids})
            new_entities = [e for e in batch.entities if e.id not in names]
            missing = set(self._unknown(tx, "relations", [r.id for r in batch.relations]))
            new_relations = [r for r in batch.relations if r.id in missing]
            self._apply(tx, "upsert_entities", [entity_rows[e.id] for e in new_entities])
            names.update((e.id, e.name) for e in new_entities)
            self._apply(tx, "upsert_relations", [rows_.relation_row(r, names, self.analyzer) for r in new_relations])
            report = RunBatchReport(
                created_entity_ids=tuple(sorted(e.id for e in new_entities)),
                created_relation_ids=tuple(sorted(r.id for r in new_relations)),
                skipped_existing=len(batch.entities) - len(new_entities) + len(batch.relations) - len(new_relations),
            )
            row = {"id": run_id, "batch_key": batch_key, "entity_ids": list(report.created_entity_ids),
                   "relation_ids": list(report.created_relation_ids)}  # fmt: skip
            self._apply(tx, "run_record_batch", [row])
            return report

        return self._write(work, "add enrichment batch", "run batch")

    def _undo(self, tx: ManagedTransaction, name: str, rows: Sequence[Row]) -> tuple[int, int]:
        """``(removed, kept)`` summed over ``name``'s sub-batches of ``rows``."""
        removed = kept = 0
        for part in rows_.batches(rows, self.batch_size):
            [row] = _rows(tx, name, rows=list(part))
            removed, kept = removed + int(row["removed"] or 0), kept + int(row["kept"] or 0)
        return removed, kept

    def undo_run(self, run_id: str) -> UndoReport:
        runs.check_name(run_id, "run_id")

        def work(tx: ManagedTransaction) -> UndoReport:
            _begin_write(tx)
            run = self._run(tx, run_id)
            runs.check_undo(run)
            edges = [{"id": i, "origin": runs.ENRICHMENT} for i in run.relation_ids]
            relations_removed, relations_kept = self._undo(tx, "run_undo_relations", edges)
            removed, kept = self._undo(tx, "run_undo_entities", [{"id": i} for i in run.entity_ids])
            self._apply(tx, "run_set_status", [{"id": run_id, "status": "undone"}])
            return UndoReport(run_id, relations_removed, removed, kept, relations_kept)

        return self._write(work, "undo enrichment run")

    # the named lock ---------------------------------------------------------------------------
    # Lock statements do not start with write_begin: they serialise on the lock node itself, and
    # taking a lock changes nothing a search or a cached statistic depends on.
    def acquire_lock(self, name: str, holder: str, now: str, stale_after_s: float) -> LockResult:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")
        row = rows_.lock_row(name, holder, now, runs.seconds(now, "now"))
        row["stale_before_s"] = runs.stale_before(now, stale_after_s)
        [found] = self._write(lambda tx: _rows(tx, "lock_acquire", rows=[row]), "acquire lock")
        return LockResult(bool(found["acquired"]), str(found["holder"]), str(found["since"]))

    def heartbeat_lock(self, name: str, holder: str, now: str) -> None:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")
        row = rows_.lock_row(name, holder, now, runs.seconds(now, "now"))

        def work(tx: ManagedTransaction) -> None:
            found = _rows(tx, "lock_heartbeat", rows=[row])
            runs.check_holder(name, holder, found[0]["holder"] if found else None, "heartbeat")

        self._write(work, "lock heartbeat")

    def release_lock(self, name: str, holder: str) -> None:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")

        def work(tx: ManagedTransaction) -> None:
            found = _rows(tx, "lock_release", rows=[rows_.lock_row(name, holder)])
            if found:
                runs.check_holder(name, holder, found[0]["holder"], "release")

        self._write(work, "release lock")

    # the question queue -----------------------------------------------------------------------
    def enqueue_questions(self, items: Sequence[tuple[str, str]], enqueued_at: str | None = None) -> int:
        if enqueued_at is not None:
            runs.seconds(enqueued_at, "enqueued_at")
        rows = [
            {"id": i, "question": question, "reason": reason, "enqueued_at": enqueued_at}
            for i, question, reason in runs.queue_items(items)
        ]
        return self._upsert("queue_add", rows, {}, "questions")

    def queued_questions(self, limit: int = 100) -> list[QueuedQuestion]:
        check_k(limit, "limit")
        return [rows_.to_queued(r["item"]) for r in self._read_rows("queue_list", limit=limit)]

    def dequeue_questions(self, ids: Sequence[str]) -> int:
        return self._upsert("queue_remove", [{"id": i} for i in runs.check_ids(ids, "ids")], {})

    def cypher(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run one Cypher statement from the user (read or write, auto-commit), ``params`` as parameters.

        Returns one dict per record; nodes, relationships, paths and temporal values are converted
        to plain Python (see ``graph.neo4j_rows.plain``).
        """
        if not isinstance(query, str) or not query.strip():
            raise InvalidInput("query must be a non-empty Cypher statement")
        parameters = dict(params or {})
        if not all(isinstance(key, str) for key in parameters):
            raise InvalidInput("params must map parameter names (strings) to values")
        try:
            with self._driver.session(database=self.database, bookmark_manager=self._bookmarks) as session:
                result = session.run(Query(cast(LiteralString, query)), parameters)
                return [{key: rows_.plain(value) for key, value in record.items()} for record in result]
        except (Neo4jError, DriverError) as exc:
            raise rows_.driver_error(exc, "Cypher query", self.location, self.user) from exc
        except UnicodeEncodeError as exc:
            raise InvalidInput(f"Cypher query or parameters hold text that is not valid UTF-8 ({exc.reason})") from exc
