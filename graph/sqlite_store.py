"""The embedded backend: one SQLite file (WAL), FTS5 ``bm25()`` full-text search, exact vectors.

Zero set-up and the default store. Every write method runs in one ``BEGIN IMMEDIATE``
transaction: a batch that fails (bad row, unknown entity) writes nothing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path as FsPath
from typing import Any

from graphproof.graph import runs, sqlite_schema
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
    edge_parts,
    edge_text,
)
from graphproof.graph.sqlite_search import FtsSearcher
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
    SchemaMismatch,
    SearchKind,
    UnsupportedOperation,
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
from graphproof.graph.traversal import UNCAPPED, all_shortest_paths, expand_subgraph
from graphproof.graph.vectors import VectorIndex, best_of, from_blob, to_blob

_REL_COLUMNS = (
    "r.id, r.source_id, r.target_id, r.predicate, r.keywords, r.description, r.weight, r.origin, "
    "r.source_url, r.confidence, r.created_at, s.name, t.name, "
    "(SELECT group_concat(chunk_id, char(31)) FROM relation_chunks c WHERE c.relation_id = r.id)"
)
_REL_NAMES = "JOIN entities s ON s.id = r.source_id JOIN entities t ON t.id = r.target_id"
TIE_OVERFETCH = 64  # extra hits read so ties at the k-th place are broken by id, as graph.neo4j_store.OVERFETCH
_CHUNK_COLUMNS = "c.id, c.document_id, c.ordinal, c.text, c.hash, c.embedding, c.metadata"
_ENTITY_COLUMNS = "e.id, e.name, e.type, e.description, e.embedding"


def _blob(vector: Sequence[float] | None, owner: str) -> bytes | None:
    try:
        return to_blob(vector)
    except ValueError as exc:
        raise InvalidInput(f"embedding of {owner!r}: {exc}") from exc


def _relation(row: Sequence[Any]) -> Relation:
    chunk_ids = tuple(sorted(row[13].split("\x1f"))) if row[13] else ()
    return Relation(
        id=row[0], source_id=row[1], target_id=row[2], predicate=row[3], keywords=row[4],
        description=row[5], weight=row[6], origin=row[7], source_url=row[8], confidence=row[9],
        created_at=row[10], source_name=row[11], target_name=row[12], chunk_ids=chunk_ids,
    )  # fmt: skip


def _chunk(row: Sequence[Any]) -> Chunk:
    return Chunk(
        id=row[0], document_id=row[1], ordinal=row[2], text=row[3], hash=row[4],
        embedding=from_blob(row[5]), metadata=json.loads(row[6]),
    )  # fmt: skip


def _entity(row: Sequence[Any]) -> Entity:
    return Entity(id=row[0], name=row[1], type=row[2], description=row[3], embedding=from_blob(row[4]))


class SQLiteStore(GraphStore):
    """``GraphStore`` over one SQLite file; ``":memory:"`` gives a throw-away store."""

    backend = "sqlite"

    def __init__(self, path: str | FsPath, analyzer: Analyzer | None = None, *, read_only: bool = False) -> None:
        self.path = str(path)
        self.analyzer = analyzer or default_analyzer()
        self.read_only = read_only
        try:
            if read_only:
                self.db = _connect_read_only(self.path)
            else:
                if self.path != ":memory:":
                    FsPath(self.path).parent.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA temp_store=MEMORY")
            self.db.execute("PRAGMA cache_size=-65536")
        except (sqlite3.Error, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise ConnectionFailed(f"cannot open SQLite store at {self.path!r}: {why}") from exc
        self._searchers = {t: FtsSearcher(self.db, t) for t in ("relations", "chunks", "entities")}
        self._chunk_vectors = VectorIndex()
        self._piece_vectors = VectorIndex()  # keyed by chunk id: a chunk has several rows
        self._entity_vectors = VectorIndex()
        self.init()

    @property
    def location(self) -> str:
        return self.path

    # lifecycle --------------------------------------------------------------------------------
    def init(self) -> None:
        if self.read_only:
            self._check_meta()
            return
        with self._tx() as db:
            for statement in sqlite_schema.STATEMENTS:
                db.execute(statement)
            expected = {"schema": sqlite_schema.SCHEMA_VERSION, "analyzer": self.analyzer.name}
            for key, value in expected.items():
                row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
                if row is None:
                    db.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (key, value))
                elif row[0] != value:
                    raise schema_mismatch(self.path, key, row[0], value, _REBUILD)

    def _check_meta(self) -> None:
        expected = {"schema": sqlite_schema.SCHEMA_VERSION, "analyzer": self.analyzer.name}
        try:
            found = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as exc:
            raise SchemaMismatch(f"{self.path!r} is not a graphproof store (no meta table): {exc}") from exc
        for key, value in expected.items():
            if found.get(key) != value:
                raise schema_mismatch(self.path, key, str(found.get(key)), value, _REBUILD)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        if self.read_only:
            raise UnsupportedOperation(f"the store {self.path!r} was opened read-only; open it writable to change it")
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise QueryFailed(f"cannot start a transaction on {self.path!r}: {exc}") from exc
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            self.db.execute("COMMIT")
            for searcher in self._searchers.values():
                searcher.writes += 1

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise QueryFailed(f"SQLite query failed on {self.path!r}: {exc}") from exc

    def _write(
        self, sql: str, rows: list[tuple[Any, ...]], missing: Mapping[str, set[str]], table: str | None = None
    ) -> int:
        with self._tx() as db:
            self._require(db, missing)
            return self._execute_batch(db, sql, rows, table)

    def _require(self, db: sqlite3.Connection, missing: Mapping[str, Collection[str]]) -> None:
        """``IntegrityError`` naming the ids of ``missing`` (table -> ids a write refers to) that do not exist."""
        for what, ids in missing.items():
            unknown = self._unknown(db, what, ids)
            if unknown:
                raise missing_error(what, unknown)

    def _execute_batch(self, db: sqlite3.Connection, sql: str, rows: list[tuple[Any, ...]], table: str | None) -> int:
        """Run one upsert batch; when ``table`` has a full-text index, index the rows it inserted."""
        try:
            if table is None:
                return max(db.executemany(sql, rows).rowcount, 0)
            before = db.execute(f"SELECT coalesce(max(rowid), 0) FROM {table}").fetchone()[0]
            changed = max(db.executemany(sql, rows).rowcount, 0)
            db.execute(sqlite_schema.index_new_rows(table), (before,))
            return changed
        except UnicodeEncodeError as exc:
            raise InvalidInput(
                f"batch for {table or 'the store'} holds text that is not valid UTF-8 "
                f"({exc.reason} at {exc.object[max(exc.start - 20, 0) : exc.end + 20]!r}); nothing was written"
            ) from exc
        except sqlite3.Error as exc:
            raise QueryFailed(f"SQLite write failed on {self.path!r}: {exc}") from exc

    @staticmethod
    def _unknown(db: sqlite3.Connection, table: str, ids: Collection[str]) -> list[str]:
        if not ids:
            return []
        sql = f"SELECT value FROM json_each(?) WHERE value NOT IN (SELECT id FROM {table})"
        return sorted(r[0] for r in db.execute(sql, (json.dumps(sorted(ids)),)))

    # writes -----------------------------------------------------------------------------------
    def upsert_documents(self, batch: Iterable[Document]) -> int:
        rows = [
            (d.id, d.source, d.title, d.hash, d.created_at, json.dumps(dict(d.metadata), sort_keys=True))
            for d in merge_documents(batch)
        ]
        return self._write(_UPSERT_DOCUMENT, rows, {})

    def upsert_chunks(self, batch: Iterable[Chunk]) -> int:
        items = merge_chunks(batch)
        rows = [
            (c.id, c.document_id, c.ordinal, c.text, c.hash, _blob(c.embedding, c.id),
             json.dumps(dict(c.metadata), sort_keys=True), self.analyzer.chunk_text(c.text, c.metadata))
            for c in items
        ]  # fmt: skip
        pieces = {
            c.id: tuple(_blob(v, f"piece {i} of chunk {c.id!r}") for i, v in enumerate(c.piece_embeddings))
            for c in items if c.piece_embeddings is not None
        }  # fmt: skip
        with self._tx() as db:
            self._require(db, {"documents": {c.document_id for c in items}})
            stored = self._stored_pieces(db, list(pieces))
            renewed = {i: blobs for i, blobs in pieces.items() if stored.get(i, ()) != blobs}
            again = [r for r in rows if r[0] in renewed]
            changed = self._execute_batch(db, _UPSERT_CHUNK, [r for r in rows if r[0] not in renewed], "chunks")
            self._execute_batch(db, _UPSERT_CHUNK, again, "chunks")
            changed += len(again)  # a chunk whose pieces changed was changed, whether or not its row did
            if renewed:
                db.executemany("DELETE FROM chunk_pieces WHERE chunk_id = ?", [(i,) for i in renewed])
                db.executemany(
                    "INSERT INTO chunk_pieces(chunk_id, ordinal, embedding) VALUES (?, ?, ?)",
                    [(i, n, blob) for i, blobs in renewed.items() for n, blob in enumerate(blobs)],
                )
                self._piece_vectors.stale = True
        self._chunk_vectors.stale = self._chunk_vectors.stale or changed > 0
        return changed

    @staticmethod
    def _stored_pieces(db: sqlite3.Connection, ids: Sequence[str]) -> dict[str, tuple[bytes, ...]]:
        found: dict[str, list[bytes]] = {}
        sql = "SELECT chunk_id, embedding FROM chunk_pieces WHERE chunk_id IN (SELECT value FROM json_each(?))"
        for chunk_id, blob in db.execute(sql + " ORDER BY chunk_id, ordinal", (json.dumps(list(ids)),)):
            found.setdefault(chunk_id, []).append(blob)
        return {k: tuple(v) for k, v in found.items()}

    def upsert_entities(self, batch: Iterable[Entity]) -> int:
        rows = [
            (e.id, e.name, e.type, e.description, _blob(e.embedding, e.id), self.analyzer.entity_text(e.name))
            for e in merge_entities(batch)
        ]
        changed = self._write(_UPSERT_ENTITY, rows, {}, "entities")
        self._entity_vectors.stale = self._entity_vectors.stale or changed > 0
        return changed

    def upsert_relations(self, batch: Iterable[Relation]) -> int:
        items = merge_relations(batch)
        links = [(r.id, c) for r in items for c in r.chunk_ids]
        entity_ids = sorted({r.source_id for r in items} | {r.target_id for r in items})
        with self._tx() as db:
            names = dict(self._by_ids(_ENTITY_NAMES, entity_ids)) if entity_ids else {}
            unknown = [i for i in entity_ids if i not in names]
            if unknown:
                raise missing_error("entities", unknown)
            self._require(db, {"chunks": {c for _, c in links}})
            return self._write_relations(db, items, names)

    def _write_relations(self, db: sqlite3.Connection, items: Sequence[Relation], names: Mapping[str, str]) -> int:
        """Upsert checked relations and their chunk links; ``names`` are the stored names of their endpoints."""
        rows = []
        for r in items:
            source, target = names[r.source_id], names[r.target_id]
            tokens = self.analyzer.index_parts(edge_parts(r, source, target))
            rows.append((
                r.id, r.source_id, r.target_id, r.predicate, r.keywords, r.description,
                edge_text(r, source, target), r.weight, r.origin, r.source_url, r.confidence,
                r.created_at, tokens,
            ))  # fmt: skip
        links = [(r.id, c) for r in items for c in r.chunk_ids]
        changed = self._execute_batch(db, _UPSERT_RELATION, rows, "relations")
        self._execute_batch(db, "INSERT OR IGNORE INTO relation_chunks VALUES (?, ?)", links, None)
        return changed

    def upsert_mentions(self, batch: Iterable[Mention]) -> int:
        items = merge_mentions(batch)
        rows = [(m.chunk_id, m.entity_id) for m in items]
        missing = {"chunks": {m.chunk_id for m in items}, "entities": {m.entity_id for m in items}}
        return self._write("INSERT OR IGNORE INTO mentions VALUES (?, ?)", rows, missing)

    def delete_document(self, document_id: str) -> DeleteReport:
        check_text(document_id, "document_id")
        with self._tx() as db:
            if db.execute("SELECT 1 FROM documents WHERE id = ?", (document_id,)).fetchone() is None:
                return DeleteReport(document_id=document_id, found=False)
            db.execute(
                "CREATE TEMP TABLE IF NOT EXISTS gone_chunks (id TEXT PRIMARY KEY) WITHOUT ROWID"
            )
            db.execute("DELETE FROM gone_chunks")
            db.execute("INSERT INTO gone_chunks SELECT id FROM chunks WHERE document_id = ?", (document_id,))
            touched = [r[0] for r in db.execute(_TOUCHED_ENTITIES)]
            mentions = db.execute("DELETE FROM mentions WHERE chunk_id IN gone_chunks").rowcount
            orphan_relations = [r[0] for r in db.execute(_ORPHANED_RELATIONS)]
            db.execute("DELETE FROM relation_chunks WHERE chunk_id IN gone_chunks")
            db.executemany("DELETE FROM relations WHERE id = ?", [(i,) for i in orphan_relations])
            db.execute("DELETE FROM chunk_pieces WHERE chunk_id IN gone_chunks")
            chunks = db.execute("DELETE FROM chunks WHERE id IN gone_chunks").rowcount
            db.execute("DELETE FROM documents WHERE id = ?", (document_id,))
            entities = db.execute(_DELETE_ORPHAN_ENTITIES, (json.dumps(touched),)).rowcount
        self._chunk_vectors.stale = self._entity_vectors.stale = self._piece_vectors.stale = True
        return DeleteReport(document_id, True, chunks, mentions, len(orphan_relations), entities)

    # full-text search -------------------------------------------------------------------------
    def _fts(self, table: str, columns: str, text: str, k: int, joins: str = "") -> list[tuple[Any, float]]:
        check_k(k)
        terms = self.analyzer.query_terms(check_text(text, "search text"))
        if not terms:
            return []
        try:
            top = self._searchers[table].top(terms, k + TIE_OVERFETCH)
        except sqlite3.Error as exc:
            raise QueryFailed(f"full-text search of {table} failed on {self.path!r}: {exc}") from exc
        alias = table[0]
        sql = (
            f"SELECT {columns}, j.value FROM json_each(?) j JOIN {table} {alias} ON {alias}.rowid = j.value "
            f"{joins} ORDER BY j.key"
        )
        scores = dict(top)
        found = [(row, scores[row[-1]]) for row in self._query(sql, (json.dumps([rowid for rowid, _ in top]),))]
        found.sort(key=lambda hit: (-hit[1], hit[0][0]))  # ties by id, as the Neo4j backend (not by insertion order)
        return found[:k]

    def search_relations(self, text: str, k: int = 10) -> list[Hit[Relation]]:
        rows = self._fts("relations", _REL_COLUMNS, text, k, _REL_NAMES)
        return [Hit(_relation(row), score) for row, score in rows]

    def search_chunks(self, text: str, k: int = 10) -> list[Hit[Chunk]]:
        rows = self._fts("chunks", _CHUNK_COLUMNS, text, k)
        return [Hit(_chunk(row), score) for row, score in rows]

    def search_entities(self, text: str, k: int = 10) -> list[Hit[Entity]]:
        rows = self._fts("entities", _ENTITY_COLUMNS, text, k)
        return [Hit(_entity(row), score) for row, score in rows]

    def term_stats(self, kind: SearchKind, terms: Sequence[str]) -> TermStats:
        if kind not in self._searchers:
            raise InvalidInput(f"kind must be one of {SEARCH_KINDS}, got {kind!r}")
        searcher = self._searchers[kind]
        try:
            rows, avg_length = searcher.corpus()
            return TermStats(rows, avg_length, searcher.document_frequencies(list(dict.fromkeys(terms))))
        except sqlite3.Error as exc:
            raise QueryFailed(f"term statistics of {kind} failed on {self.path!r}: {exc}") from exc

    # vectors ----------------------------------------------------------------------------------
    def _nearest(self, index: VectorIndex, table: str, vector: Sequence[float], k: int) -> list[tuple[str, float]]:
        check_k(k)
        if index.stale:
            index.load(self._query(f"SELECT id, embedding FROM {table} WHERE embedding IS NOT NULL ORDER BY id"))
        try:
            return index.search(vector, k)
        except ValueError as exc:
            raise IntegrityError(f"nearest {table}: {exc}") from exc

    def nearest_chunks(self, vector: Sequence[float], k: int = 10) -> list[Hit[Chunk]]:
        found = self._nearest(self._chunk_vectors, "chunks", vector, k)
        if self._piece_vectors.stale:
            absent = self._absent("chunk_pieces")
            self._piece_vectors.load([] if absent else self._query(_PIECE_VECTORS))
        if self._piece_vectors.keys:
            try:
                found = best_of(found, self._piece_vectors.search(vector, k), k=k)
            except ValueError as exc:
                raise IntegrityError(f"nearest chunks (pieces): {exc}") from exc
        by_id = {c.id: c for c in self.chunks([i for i, _ in found])}
        return [Hit(by_id[i], s) for i, s in found if i in by_id]

    def nearest_entities(self, vector: Sequence[float], k: int = 10) -> list[Hit[Entity]]:
        found = self._nearest(self._entity_vectors, "entities", vector, k)
        by_id = {e.id: e for e in self.entities([i for i, _ in found])}
        return [Hit(by_id[i], s) for i, s in found if i in by_id]

    # lookups ----------------------------------------------------------------------------------
    def _by_ids(self, sql: str, ids: Sequence[str]) -> list[Any]:
        return self._query(sql, (json.dumps(list(dict.fromkeys(ids))),))

    def documents(self, ids: Sequence[str]) -> list[Document]:
        rows = self._by_ids(
            "SELECT d.id, d.source, d.title, d.hash, d.created_at, d.metadata FROM json_each(?) j "
            "JOIN documents d ON d.id = j.value ORDER BY j.key", ids,
        )  # fmt: skip
        return [Document(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])) for r in rows]

    def chunks(self, ids: Sequence[str]) -> list[Chunk]:
        sql = f"SELECT {_CHUNK_COLUMNS} FROM json_each(?) j JOIN chunks c ON c.id = j.value ORDER BY j.key"
        return [_chunk(r) for r in self._by_ids(sql, ids)]

    def entities(self, ids: Sequence[str]) -> list[Entity]:
        sql = f"SELECT {_ENTITY_COLUMNS} FROM json_each(?) j JOIN entities e ON e.id = j.value ORDER BY j.key"
        return [_entity(r) for r in self._by_ids(sql, ids)]

    def relations(self, ids: Sequence[str]) -> list[Relation]:
        sql = (
            f"SELECT {_REL_COLUMNS} FROM json_each(?) j JOIN relations r ON r.id = j.value {_REL_NAMES} "
            "ORDER BY j.key"
        )
        return [_relation(r) for r in self._by_ids(sql, ids)]

    def chunks_of_document(self, document_id: str) -> list[Chunk]:
        sql = f"SELECT {_CHUNK_COLUMNS} FROM chunks c WHERE c.document_id = ? ORDER BY c.ordinal, c.id"
        return [_chunk(r) for r in self._query(sql, (document_id,))]

    def mentions_of_chunks(self, chunk_ids: Sequence[str]) -> list[Mention]:
        sql = (
            "SELECT m.chunk_id, m.entity_id FROM json_each(?) j JOIN mentions m ON m.chunk_id = j.value "
            "ORDER BY m.chunk_id, m.entity_id"
        )
        return [Mention(r[0], r[1]) for r in self._by_ids(sql, chunk_ids)]

    # graph walks ------------------------------------------------------------------------------
    def neighbors(
        self, entity_ids: Sequence[str], per_node: int = DEFAULT_PER_NODE
    ) -> list[tuple[str, Relation, Entity]]:
        check_k(per_node, "per_node", UNCAPPED)
        rows = self._query(_NEIGHBORS, (json.dumps(sorted(set(entity_ids))), per_node))
        return [(row[0], _relation(row[1:15]), _entity(row[15:])) for row in rows]

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
        try:
            return all_shortest_paths(self.neighbors, self.entities, source_id, target_id, max_hops, limit)
        except KeyError as exc:
            raise not_found("entities", exc.args[0]) from exc

    # misc -------------------------------------------------------------------------------------
    def list_documents(self, limit: int = 1000) -> list[DocumentSummary]:
        check_k(limit, "limit")
        rows = self._query(
            "SELECT d.id, d.source, d.title, d.hash, d.created_at, d.metadata, "
            "(SELECT count(*) FROM chunks c WHERE c.document_id = d.id) FROM documents d ORDER BY d.id LIMIT ?",
            (limit,),
        )
        return [DocumentSummary(Document(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])), r[6]) for r in rows]

    def top_entities(self, limit: int) -> list[str]:
        check_k(limit, "limit")
        return [row[0] for row in self._query(_TOP_ENTITIES, (limit,))]

    def stats(self) -> Stats:
        counts = {
            t: self._query(f"SELECT count(*) FROM {t}")[0][0]
            for t in ("documents", "chunks", "entities", "relations", "mentions")
        }
        origins = dict(self._query("SELECT origin, count(*) FROM relations GROUP BY origin ORDER BY origin"))
        return Stats(backend=self.backend, location=self.path, relations_by_origin=origins, **counts)

    # enrichment runs --------------------------------------------------------------------------
    def _absent(self, table: str) -> bool:
        """True when a store opened read-only predates ``table`` (a writable open creates it in ``init``)."""
        return self.read_only and not self._query(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        )

    @staticmethod
    def _find_run(db: sqlite3.Connection, run_id: str) -> EnrichmentRun | None:
        row = db.execute(f"SELECT {_RUN_COLUMNS} FROM enrichment_runs r WHERE r.id = ?", (run_id,)).fetchone()
        return None if row is None else _enrichment_run(row)

    def _run(self, db: sqlite3.Connection, run_id: str) -> EnrichmentRun:
        """The run ``run_id`` read in ``db``'s transaction, or ``NotFound`` naming it."""
        run = self._find_run(db, run_id)
        if run is None:
            raise runs.unknown_run(run_id, self.path)
        return run

    def begin_run(
        self, run_id: str, started_at: str, sources: Sequence[str], questions: Sequence[str], *, resume: bool = False
    ) -> None:
        runs.check_name(run_id, "run_id")
        runs.seconds(started_at, "started_at")
        sources, questions = runs.check_texts(sources, "sources"), runs.check_texts(questions, "questions")
        with self._tx() as db:
            existing = self._find_run(db, run_id)
            runs.check_begin(existing, run_id, resume, self.path)
            if existing is None:
                db.execute(_INSERT_RUN, (run_id, started_at, "running", json.dumps(sources), json.dumps(questions)))
                return
            db.execute(
                _RESUME_RUN,
                ("running", json.dumps(runs.merged(existing.sources, sources)),
                 json.dumps(runs.merged(existing.questions, questions)), run_id),
            )  # fmt: skip

    def finish_run(self, run_id: str, finished_at: str, status: str, errors: Sequence[str]) -> None:
        runs.check_name(run_id, "run_id")
        runs.seconds(finished_at, "finished_at")
        errors = runs.check_finish(status, errors)
        with self._tx() as db:
            run = self._run(db, run_id)
            runs.check_running(run, "be finished")
            db.execute(
                "UPDATE enrichment_runs SET status = ?, finished_at = ?, errors = ? WHERE id = ?",
                (status, finished_at, json.dumps([*run.errors, *errors]), run_id),
            )

    def list_runs(self, limit: int = 50) -> list[EnrichmentRun]:
        check_k(limit, "limit")
        if self._absent("enrichment_runs"):
            return []
        sql = f"SELECT {_RUN_COLUMNS} FROM enrichment_runs r ORDER BY r.started_at DESC, r.id DESC LIMIT ?"
        return [_enrichment_run(row) for row in self._query(sql, (limit,))]

    def get_run(self, run_id: str) -> EnrichmentRun:
        runs.check_name(run_id, "run_id")
        if self._absent("enrichment_runs"):
            raise runs.unknown_run(run_id, self.path)
        found = self._query(f"SELECT {_RUN_COLUMNS} FROM enrichment_runs r WHERE r.id = ?", (run_id,))
        if not found:
            raise runs.unknown_run(run_id, self.path)
        return _enrichment_run(found[0])

    def add_run_batch(
        self, run_id: str, batch_key: str, entities: Sequence[Entity], relations: Sequence[Relation]
    ) -> RunBatchReport:
        batch = runs.run_batch(run_id, batch_key, entities, relations)
        entity_rows = {
            e.id: (e.id, e.name, e.type, e.description, _blob(e.embedding, e.id), self.analyzer.entity_text(e.name))
            for e in batch.entities
        }
        with self._tx() as db:
            run = self._run(db, run_id)
            runs.check_running(run, "take batches")
            if batch_key in run.batches_done:
                return RunBatchReport(already_done=True)
            names = dict(self._by_ids(_ENTITY_NAMES, sorted(set(entity_rows) | set(batch.endpoint_ids))))
            batch.check_endpoints(names)
            self._require(db, {"chunks": batch.chunk_ids})
            new_entities = [e for e in batch.entities if e.id not in names]
            stored = {row[0] for row in self._by_ids(_STORED_RELATIONS, [r.id for r in batch.relations])}
            new_relations = [r for r in batch.relations if r.id not in stored]
            self._execute_batch(db, _UPSERT_ENTITY, [entity_rows[e.id] for e in new_entities], "entities")
            names.update((e.id, e.name) for e in new_entities)
            self._write_relations(db, new_relations, names)
            claimed = [(run_id, "entity", e.id) for e in new_entities]
            claimed += [(run_id, "relation", r.id) for r in new_relations]
            db.executemany("INSERT OR IGNORE INTO run_items VALUES (?, ?, ?)", claimed)
            db.execute("INSERT INTO run_batches VALUES (?, ?)", (run_id, batch_key))
        self._entity_vectors.stale = self._entity_vectors.stale or any(e.embedding is not None for e in new_entities)
        return RunBatchReport(
            created_entity_ids=tuple(sorted(e.id for e in new_entities)),
            created_relation_ids=tuple(sorted(r.id for r in new_relations)),
            skipped_existing=len(batch.entities) - len(new_entities) + len(batch.relations) - len(new_relations),
        )

    def undo_run(self, run_id: str) -> UndoReport:
        runs.check_name(run_id, "run_id")
        with self._tx() as db:
            run = self._run(db, run_id)
            runs.check_undo(run)
            relation_ids = json.dumps(list(run.relation_ids))
            gone = [(row[0],) for row in db.execute(_RUN_RELATIONS, (relation_ids, runs.ENRICHMENT))]
            kept_relations = len(self._by_ids(_STORED_RELATIONS, run.relation_ids)) - len(gone)
            db.executemany("DELETE FROM relation_chunks WHERE relation_id = ?", gone)
            db.executemany("DELETE FROM relations WHERE id = ?", gone)
            present = len(self._by_ids(_ENTITY_NAMES, run.entity_ids))
            removed = db.execute(_DELETE_ORPHAN_ENTITIES, (json.dumps(list(run.entity_ids)),)).rowcount
            db.execute("UPDATE enrichment_runs SET status = ? WHERE id = ?", ("undone", run_id))
        self._entity_vectors.stale = True
        return UndoReport(run_id, len(gone), removed, present - removed, kept_relations)

    # the named lock ---------------------------------------------------------------------------
    def _lock_holder(self, db: sqlite3.Connection, name: str) -> tuple[str, str, float] | None:
        row = db.execute("SELECT holder, since, heartbeat_s FROM locks WHERE name = ?", (name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2])

    def acquire_lock(self, name: str, holder: str, now: str, stale_after_s: float) -> LockResult:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")
        stale_before = runs.stale_before(now, stale_after_s)
        with self._tx() as db:
            current = self._lock_holder(db, name)
            if current is not None and current[0] != holder and current[2] >= stale_before:
                return LockResult(False, current[0], current[1])
            since = current[1] if current is not None and current[0] == holder else now
            db.execute(_TAKE_LOCK, (name, holder, since, now, runs.seconds(now, "now")))
            return LockResult(True, holder, since)

    def heartbeat_lock(self, name: str, holder: str, now: str) -> None:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")
        now_s = runs.seconds(now, "now")
        with self._tx() as db:
            current = self._lock_holder(db, name)
            runs.check_holder(name, holder, None if current is None else current[0], "heartbeat")
            db.execute("UPDATE locks SET heartbeat = ?, heartbeat_s = ? WHERE name = ?", (now, now_s, name))

    def release_lock(self, name: str, holder: str) -> None:
        runs.check_name(name, "lock name")
        runs.check_name(holder, "holder")
        with self._tx() as db:
            current = self._lock_holder(db, name)
            if current is None:
                return
            runs.check_holder(name, holder, current[0], "release")
            db.execute("DELETE FROM locks WHERE name = ?", (name,))

    # the question queue -----------------------------------------------------------------------
    def enqueue_questions(self, items: Sequence[tuple[str, str]], enqueued_at: str | None = None) -> int:
        rows = runs.queue_items(items)
        if enqueued_at is not None:
            runs.seconds(enqueued_at, "enqueued_at")
        with self._tx() as db:
            return self._execute_batch(db, _ENQUEUE, [(*row, enqueued_at) for row in rows], None)

    def queued_questions(self, limit: int = 100) -> list[QueuedQuestion]:
        check_k(limit, "limit")
        if self._absent("question_queue"):
            return []
        sql = "SELECT id, question, reason, enqueued_at FROM question_queue ORDER BY rowid LIMIT ?"
        rows = self._query(sql, (limit,))
        return [QueuedQuestion(r[0], r[1], r[2], r[3]) for r in rows]

    def dequeue_questions(self, ids: Sequence[str]) -> int:
        wanted = runs.check_ids(ids, "ids")
        with self._tx() as db:
            sql = "DELETE FROM question_queue WHERE id IN (SELECT value FROM json_each(?))"
            return db.execute(sql, (json.dumps(wanted),)).rowcount

    def cypher(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        raise UnsupportedOperation(
            "Cypher queries need the Neo4j backend; the embedded SQLite store has no Cypher engine. "
            "Start Neo4j with `docker compose up -d` and use --store neo4j://localhost:7687"
        )


def _enrichment_run(row: Sequence[Any]) -> EnrichmentRun:
    def ids(packed: str | None) -> tuple[str, ...]:
        return tuple(sorted(packed.split("\x1f"))) if packed else ()

    return EnrichmentRun(
        id=row[0], started_at=row[1], finished_at=row[2], status=row[3], sources=tuple(json.loads(row[4])),
        questions=tuple(json.loads(row[5])), errors=tuple(json.loads(row[6])), entity_ids=ids(row[7]),
        relation_ids=ids(row[8]), batches_done=ids(row[9]),
    )  # fmt: skip


def _connect_read_only(path: str) -> sqlite3.Connection:
    """A connection that never writes: ``mode=ro``, or ``immutable=1`` when WAL files cannot be created."""
    if path == ":memory:":
        raise ConnectionFailed("an in-memory store cannot be opened read-only (it would be empty)")
    file = FsPath(path).resolve()
    if not file.is_file():
        raise ConnectionFailed(f"no graphproof store at {path!r} (nothing is created in read-only mode)")
    uri = file.as_uri()
    try:
        db = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError:  # WAL database in a folder we cannot write: read the file as it is
        return sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None, check_same_thread=False)


_REBUILD = "re-create the store (move the file away and ingest again)"

_TOP_ENTITIES = """
SELECT e.id FROM entities e
LEFT JOIN (
  SELECT id, sum(n) AS degree FROM (
    SELECT source_id AS id, count(*) AS n FROM relations GROUP BY source_id
    UNION ALL
    SELECT target_id AS id, count(*) AS n FROM relations GROUP BY target_id
  ) GROUP BY id
) d ON d.id = e.id
ORDER BY coalesce(d.degree, 0) DESC, e.id LIMIT ?
"""

_ENTITY_NAMES = "SELECT e.id, e.name FROM json_each(?) j JOIN entities e ON e.id = j.value"

_UPSERT_DOCUMENT = """
INSERT INTO documents(id, source, title, hash, created_at, metadata) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET source = excluded.source, title = excluded.title, hash = excluded.hash,
  created_at = excluded.created_at, metadata = excluded.metadata
WHERE (source, title, hash, created_at, metadata) IS NOT
      (excluded.source, excluded.title, excluded.hash, excluded.created_at, excluded.metadata)
"""

_PIECE_VECTORS = "SELECT chunk_id, embedding FROM chunk_pieces ORDER BY chunk_id, ordinal"

_UPSERT_CHUNK = """
INSERT INTO chunks(id, document_id, ordinal, text, hash, embedding, metadata, tokens)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET document_id = excluded.document_id, ordinal = excluded.ordinal,
  text = excluded.text, hash = excluded.hash, embedding = coalesce(excluded.embedding, chunks.embedding),
  metadata = excluded.metadata, tokens = excluded.tokens
WHERE (document_id, ordinal, text, hash, metadata) IS NOT
      (excluded.document_id, excluded.ordinal, excluded.text, excluded.hash, excluded.metadata)
   OR (excluded.embedding IS NOT NULL AND excluded.embedding IS NOT chunks.embedding)
"""

_UPSERT_ENTITY = """
INSERT INTO entities(id, name, type, description, embedding, tokens) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET name = excluded.name, tokens = excluded.tokens,
  type = CASE WHEN excluded.type <> '' THEN excluded.type ELSE entities.type END,
  description = CASE WHEN excluded.description <> '' THEN excluded.description ELSE entities.description END,
  embedding = coalesce(excluded.embedding, entities.embedding)
WHERE excluded.name IS NOT entities.name
   OR (excluded.type <> '' AND excluded.type IS NOT entities.type)
   OR (excluded.description <> '' AND excluded.description IS NOT entities.description)
   OR (excluded.embedding IS NOT NULL AND excluded.embedding IS NOT entities.embedding)
"""

_UPSERT_RELATION = """
INSERT INTO relations(id, source_id, target_id, predicate, keywords, description, text, weight,
  origin, source_url, confidence, created_at, tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(id) DO UPDATE SET keywords = excluded.keywords, description = excluded.description,
  text = excluded.text, weight = excluded.weight, origin = excluded.origin,
  source_url = excluded.source_url, confidence = excluded.confidence,
  created_at = excluded.created_at, tokens = excluded.tokens
WHERE (keywords, description, text, weight, origin, source_url, confidence, created_at) IS NOT
      (excluded.keywords, excluded.description, excluded.text, excluded.weight, excluded.origin,
       excluded.source_url, excluded.confidence, excluded.created_at)
"""

_NEIGHBORS = f"""
WITH frontier(id) AS (SELECT value FROM json_each(?1)),
edges(from_id, rid, other) AS (
  SELECT f.id, r.id, r.target_id FROM frontier f JOIN relations r ON r.source_id = f.id
  UNION ALL
  SELECT f.id, r.id, r.source_id FROM frontier f JOIN relations r ON r.target_id = f.id
),
ranked AS (
  SELECT e.from_id, e.rid, e.other, ROW_NUMBER() OVER (
    PARTITION BY e.from_id ORDER BY r.weight DESC, r.id) AS n
  FROM edges e JOIN relations r ON r.id = e.rid
)
SELECT k.from_id, {_REL_COLUMNS}, {_ENTITY_COLUMNS}
FROM ranked k JOIN relations r ON r.id = k.rid {_REL_NAMES} JOIN entities e ON e.id = k.other
WHERE k.n <= ?2 ORDER BY k.from_id, k.n
"""

_TOUCHED_ENTITIES = """
SELECT DISTINCT entity_id FROM mentions WHERE chunk_id IN gone_chunks
UNION SELECT r.source_id FROM relations r JOIN relation_chunks c ON c.relation_id = r.id
  WHERE c.chunk_id IN gone_chunks
UNION SELECT r.target_id FROM relations r JOIN relation_chunks c ON c.relation_id = r.id
  WHERE c.chunk_id IN gone_chunks
"""

_ORPHANED_RELATIONS = """
SELECT DISTINCT c.relation_id FROM relation_chunks c WHERE c.chunk_id IN gone_chunks
  AND NOT EXISTS (SELECT 1 FROM relation_chunks o WHERE o.relation_id = c.relation_id
                  AND o.chunk_id NOT IN gone_chunks)
"""

_DELETE_ORPHAN_ENTITIES = """
DELETE FROM entities WHERE id IN (SELECT value FROM json_each(?))
  AND NOT EXISTS (SELECT 1 FROM mentions m WHERE m.entity_id = entities.id)
  AND NOT EXISTS (SELECT 1 FROM relations r WHERE r.source_id = entities.id OR r.target_id = entities.id)
"""

_RUN_COLUMNS = """r.id, r.started_at, r.finished_at, r.status, r.sources, r.questions, r.errors,
  (SELECT group_concat(item_id, char(31)) FROM run_items i WHERE i.run_id = r.id AND i.kind = 'entity'),
  (SELECT group_concat(item_id, char(31)) FROM run_items i WHERE i.run_id = r.id AND i.kind = 'relation'),
  (SELECT group_concat(batch_key, char(31)) FROM run_batches b WHERE b.run_id = r.id)"""

_INSERT_RUN = "INSERT INTO enrichment_runs(id, started_at, status, sources, questions) VALUES (?, ?, ?, ?, ?)"

_RESUME_RUN = "UPDATE enrichment_runs SET status = ?, finished_at = NULL, sources = ?, questions = ? WHERE id = ?"

_STORED_RELATIONS = "SELECT r.id FROM json_each(?) j JOIN relations r ON r.id = j.value"

_RUN_RELATIONS = "SELECT r.id FROM json_each(?) j JOIN relations r ON r.id = j.value WHERE r.origin = ?"

_TAKE_LOCK = """
INSERT INTO locks(name, holder, since, heartbeat, heartbeat_s) VALUES (?, ?, ?, ?, ?)
ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, since = excluded.since,
  heartbeat = excluded.heartbeat, heartbeat_s = excluded.heartbeat_s
"""

_ENQUEUE = """
INSERT INTO question_queue(id, question, reason, enqueued_at) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO NOTHING
"""
