"""DDL of the embedded backend (SQLite + FTS5). One statement per entry, run in order by ``init``.

Each searchable table keeps the analyzer's output in a ``tokens`` column; an external-content
FTS5 table indexes that column (ranked with ``bm25()``). Triggers keep it in step on update and
delete; new rows are indexed in one set-based statement after each batch (``index_new_rows``):
a per-row insert trigger made bulk loads 2x slower. An upsert that changes nothing touches nothing.

The enrichment tables (``RUNS``: runs, the ids each run created, its finished batches; the named
locks; the question queue) only add to schema 2: ``init`` creates them in a store written before
them, and a store opened read-only without them reads as having no runs and no queued questions.
"""

from __future__ import annotations

SCHEMA_VERSION = "2"  # 2: document ids are canonical source paths (graph.store_checks.SCHEMA_CHANGES)

TABLES: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS documents (
        id TEXT PRIMARY KEY, source TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
        hash TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL DEFAULT '',
        metadata TEXT NOT NULL DEFAULT '{}')""",
    """CREATE TABLE IF NOT EXISTS chunks (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, document_id TEXT NOT NULL,
        ordinal INTEGER NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL DEFAULT '',
        embedding BLOB, metadata TEXT NOT NULL DEFAULT '{}', tokens TEXT NOT NULL DEFAULT '')""",
    "CREATE INDEX IF NOT EXISTS chunks_document ON chunks(document_id, ordinal)",
    """CREATE TABLE IF NOT EXISTS entities (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', embedding BLOB,
        tokens TEXT NOT NULL DEFAULT '')""",
    """CREATE TABLE IF NOT EXISTS relations (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, source_id TEXT NOT NULL,
        target_id TEXT NOT NULL, predicate TEXT NOT NULL, keywords TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '', text TEXT NOT NULL DEFAULT '',
        weight REAL NOT NULL DEFAULT 1.0, origin TEXT NOT NULL DEFAULT 'ingest', source_url TEXT,
        confidence REAL, created_at TEXT, tokens TEXT NOT NULL DEFAULT '')""",
    "CREATE INDEX IF NOT EXISTS relations_source ON relations(source_id, weight DESC, id)",
    "CREATE INDEX IF NOT EXISTS relations_target ON relations(target_id, weight DESC, id)",
    """CREATE TABLE IF NOT EXISTS relation_chunks (
        relation_id TEXT NOT NULL, chunk_id TEXT NOT NULL,
        PRIMARY KEY (relation_id, chunk_id)) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS relation_chunks_chunk ON relation_chunks(chunk_id)",
    """CREATE TABLE IF NOT EXISTS mentions (
        chunk_id TEXT NOT NULL, entity_id TEXT NOT NULL,
        PRIMARY KEY (chunk_id, entity_id)) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS mentions_entity ON mentions(entity_id)",
    # vectors of a chunk's pieces (``Chunk.piece_embeddings``); a store written before them gains the table in
    # ``init`` (its chunks have no pieces until ingested again), and one opened read-only without it has none
    """CREATE TABLE IF NOT EXISTS chunk_pieces (
        chunk_id TEXT NOT NULL, ordinal INTEGER NOT NULL, embedding BLOB NOT NULL,
        PRIMARY KEY (chunk_id, ordinal)) WITHOUT ROWID""",
)

RUNS: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS enrichment_runs (
        id TEXT PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running', sources TEXT NOT NULL DEFAULT '[]',
        questions TEXT NOT NULL DEFAULT '[]', errors TEXT NOT NULL DEFAULT '[]')""",
    "CREATE INDEX IF NOT EXISTS enrichment_runs_started ON enrichment_runs(started_at DESC, id DESC)",
    """CREATE TABLE IF NOT EXISTS run_items (
        run_id TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('entity', 'relation')), item_id TEXT NOT NULL,
        PRIMARY KEY (run_id, kind, item_id)) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS run_batches (
        run_id TEXT NOT NULL, batch_key TEXT NOT NULL, PRIMARY KEY (run_id, batch_key)) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS locks (
        name TEXT PRIMARY KEY, holder TEXT NOT NULL, since TEXT NOT NULL, heartbeat TEXT NOT NULL,
        heartbeat_s REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS question_queue (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, question TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '', enqueued_at TEXT)""",
)


def _fts(table: str) -> tuple[str, ...]:
    fts = f"{table}_fts"
    return (
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {fts} USING fts5(tokens, content='{table}', "
        "content_rowid='rowid', tokenize='unicode61 remove_diacritics 0')",
        f"CREATE TRIGGER IF NOT EXISTS {table}_ad AFTER DELETE ON {table} BEGIN "
        f"INSERT INTO {fts}({fts}, rowid, tokens) VALUES ('delete', old.rowid, old.tokens); END",
        f"CREATE TRIGGER IF NOT EXISTS {table}_au AFTER UPDATE OF tokens ON {table} BEGIN "
        f"INSERT INTO {fts}({fts}, rowid, tokens) VALUES ('delete', old.rowid, old.tokens); "
        f"INSERT INTO {fts}(rowid, tokens) VALUES (new.rowid, new.tokens); END",
    )


# Table names here are constants of this module, never user input.
FULL_TEXT: tuple[str, ...] = _fts("relations") + _fts("chunks") + _fts("entities")

STATEMENTS: tuple[str, ...] = TABLES + FULL_TEXT + RUNS


def index_new_rows(table: str) -> str:
    """Index the rows of ``table`` whose rowid is above ``?`` (the max rowid before a batch).

    SQLite gives a new row ``max(rowid) + 1``, so every row a batch inserted is above it.
    """
    if table not in ("relations", "chunks", "entities"):
        raise ValueError(f"no full-text index for table {table!r}")
    return f"INSERT INTO {table}_fts(rowid, tokens) SELECT rowid, tokens FROM {table} WHERE rowid > ?"
