"""The Neo4j backend without a server: a scripted stand-in for the driver records every statement.

These check what the store sends (rows, parameters, which statement, in which transaction), how it
turns records back into ``graph.model`` types, and how driver errors map to graphproof errors. Where
the embedded backend defines the behaviour (error messages, vector scores) the test runs both and
compares. Behaviour against a real Neo4j is the contract suite's job (``NEO4J_URI``).
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator
from typing import Any

import neo4j
import numpy as np
import pytest
from graphproof.graph import neo4j_rows
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation
from graphproof.graph.neo4j_rows import lucene_escape, lucene_query, plain
from graphproof.graph.neo4j_store import (
    OVERFETCH,
    PIECE_FANOUT,
    SCHEMA_STATEMENTS,
    SCHEMA_VERSION,
    VECTOR_INDEXES,
    Neo4jStore,
)
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import ConnectionFailed, IntegrityError, InvalidInput, NotFound, QueryFailed, SchemaMismatch
from neo4j.exceptions import AuthError, ConfigurationError, CypherSyntaxError, Neo4jError, ServiceUnavailable
from neo4j.graph import Graph, Node, Path

from graphproof import cypher

STATEMENT_BY_TEXT = {cypher.query(name): name for name in cypher.names()}
Handler = list[dict[str, Any]] | Callable[[dict[str, Any]], list[dict[str, Any]]] | BaseException


class FakeRecord(dict[str, Any]):
    def data(self) -> dict[str, Any]:
        return dict(self)


class FakeResult:
    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.records = [FakeRecord(r) for r in records]

    def __iter__(self) -> Iterator[FakeRecord]:
        return iter(self.records)

    def consume(self) -> None:
        return None


class FakeDriver:
    """Answers statements by name from ``responses``; records ``(tx_kind, name, params)`` in ``calls``."""

    def __init__(self, responses: dict[str, Handler]) -> None:
        self.responses = responses
        self.calls: list[tuple[str, str, dict[str, Any]]] = []
        self.closed = False
        self.session_error: BaseException | None = None
        self.bookmark_managers: list[object] = []

    def answer(self, kind: str, text: str, params: dict[str, Any]) -> FakeResult:
        _encode(params)  # the real driver packs every string as UTF-8 before anything is sent
        name = STATEMENT_BY_TEXT.get(text, "<user>")
        self.calls.append((kind, name, params))
        handler = self.responses.get(name, [])
        if isinstance(handler, BaseException):
            raise handler
        return FakeResult(handler(params) if callable(handler) else handler)

    def session(self, database: str | None = None, bookmark_manager: object = None) -> FakeSession:
        self.bookmark_managers.append(bookmark_manager)
        if self.session_error is not None:
            raise self.session_error
        return FakeSession(self)

    def verify_connectivity(self) -> None:
        if self.session_error is not None:
            raise self.session_error

    def close(self) -> None:
        self.closed = True

    def names(self) -> list[str]:
        return [name for _, name, _ in self.calls]

    def params(self, name: str) -> list[dict[str, Any]]:
        return [params for _, called, params in self.calls if called == name]


def _encode(value: Any) -> None:
    if isinstance(value, str):
        value.encode("utf-8")
    elif isinstance(value, dict):
        for item in value.values():
            _encode(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _encode(item)


class FakeTx:
    def __init__(self, driver: FakeDriver, kind: str) -> None:
        self.driver, self.kind = driver, kind

    def run(self, text: str, parameters: dict[str, Any] | None = None) -> FakeResult:
        return self.driver.answer(self.kind, text, dict(parameters or {}))


class FakeSession:
    def __init__(self, driver: FakeDriver) -> None:
        self.driver = driver

    def __enter__(self) -> FakeSession:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def execute_read(self, work: Callable[[FakeTx], Any]) -> Any:
        return work(FakeTx(self.driver, "read"))

    def execute_write(self, work: Callable[[FakeTx], Any]) -> Any:
        return work(FakeTx(self.driver, "write"))

    def run(self, query: neo4j.Query, parameters: dict[str, Any] | None = None) -> FakeResult:
        return self.driver.answer("auto", str(query.text), dict(parameters or {}))


def _meta(params: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"schema": params["schema"], "analyzer": params["analyzer"]}]


def _changed(params: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"changed": len(params["rows"]), "ids": [r.get("id") for r in params["rows"]]}]


def _renewed(params: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"renewed": [r["id"] for r in params["rows"]]}]


@pytest.fixture
def driver(monkeypatch: pytest.MonkeyPatch) -> FakeDriver:
    upserts = {name: _changed for name in cypher.names() if name.startswith("upsert_")}
    fake = FakeDriver({"meta": _meta, "write_count": [{"writes": 0}], "replace_chunk_pieces": _renewed, **upserts})
    opened: list[tuple[str, Any]] = []

    def make(uri: str, auth: Any = None, **config: Any) -> FakeDriver:
        opened.append((uri, auth))
        return fake

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", make)
    fake.opened = opened  # type: ignore[attr-defined]
    return fake


@pytest.fixture
def store(driver: FakeDriver) -> Neo4jStore:
    made = Neo4jStore("neo4j://localhost:7687", "neo4j", "s3cret", batch_size=2)
    driver.calls.clear()
    return made


def _cypher_syntax_error() -> Neo4jError:
    return Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.SyntaxError", message="Invalid input 'RETRN'")


# Lucene -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("term", "escaped"),
    [
        ('"', '\\"'),
        ("(", "\\("),
        ("*", "\\*"),
        (":", "\\:"),
        ("\\", "\\\\"),
        ("/", "\\/"),
        ("~", "\\~"),
        ("AND", '"AND"'),
        ("OR", '"OR"'),
        ("NOT", '"NOT"'),
        ("to", '"to"'),
        ("c++", "c\\+\\+"),
        ("a&&b||!c", "a\\&\\&b\\|\\|\\!c"),
        ("plain", "plain"),
        ("東京", "東京"),
    ],
)
def test_lucene_escape(term: str, escaped: str) -> None:
    assert lucene_escape(term) == escaped


def test_lucene_query_ors_escaped_terms_and_drops_empty_ones() -> None:
    assert lucene_query(["alpha", "", "NOT", "x:y"]) == 'alpha OR "NOT" OR x\\:y'


# construction, init, errors -----------------------------------------------------------------------
def test_init_runs_schema_then_waits_then_checks_versions(driver: FakeDriver) -> None:
    made = Neo4jStore("neo4j://db:7687", "neo4j", "s3cret", database="kg")
    assert driver.opened == [("neo4j://db:7687", ("neo4j", "s3cret"))]  # type: ignore[attr-defined]
    assert driver.names() == [*SCHEMA_STATEMENTS, "await_indexes", "meta"]
    assert all(kind == "write" for kind, _, _ in driver.calls)
    assert driver.params("meta") == [{"schema": SCHEMA_VERSION, "analyzer": default_analyzer().name}]
    assert made.location == "neo4j://db:7687 (database 'kg')"
    assert "s3cret" not in made.location


def test_init_refuses_a_store_written_with_another_analyzer(driver: FakeDriver) -> None:
    driver.responses["meta"] = [{"schema": SCHEMA_VERSION, "analyzer": "graphproof-0"}]
    with pytest.raises(SchemaMismatch, match="analyzer 'graphproof-0'"):
        Neo4jStore("neo4j://db:7687", "neo4j", "pw", analyzer=Analyzer(stem=False))
    assert driver.closed


def test_unreachable_server_is_connection_failed_with_cause(driver: FakeDriver) -> None:
    cause = ServiceUnavailable("Couldn't connect to localhost:7687")
    driver.session_error = cause
    with pytest.raises(ConnectionFailed, match="cannot reach Neo4j at neo4j://localhost:7687") as info:
        Neo4jStore("neo4j://localhost:7687", "neo4j", "pw")
    assert info.value.__cause__ is cause
    assert driver.closed


def test_bad_credentials_are_connection_failed_without_the_password(driver: FakeDriver) -> None:
    driver.responses["schema_document_id"] = AuthError("The client is unauthorized due to authentication failure.")
    with pytest.raises(ConnectionFailed, match="refused the credentials of user 'neo4j'") as info:
        Neo4jStore("neo4j://localhost:7687", "neo4j", "hunter2")
    assert isinstance(info.value.__cause__, AuthError)
    assert "hunter2" not in str(info.value)


@pytest.mark.parametrize(
    ("uri", "shown"),
    [
        ("neo4j://bob:s3cret@db.example.com:7687", "neo4j://db.example.com:7687"),
        ("bolt://localhost:7687", "bolt://localhost:7687"),
        ("neo4j://u:p@[::1", "[::1"),
    ],
)
def test_messages_never_show_credentials_in_the_uri(uri: str, shown: str) -> None:
    assert neo4j_rows.display_uri(uri) == shown


def test_invalid_uri_is_connection_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(uri: str, **kwargs: Any) -> None:
        raise ConfigurationError(f"URI scheme 'http' is not supported: {uri}")

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", refuse)
    with pytest.raises(ConnectionFailed, match="http://x") as info:
        Neo4jStore("http://x", "neo4j", "pw")
    assert isinstance(info.value.__cause__, ConfigurationError)


def test_cypher_syntax_error_is_query_failed_with_cause(store: Neo4jStore, driver: FakeDriver) -> None:
    cause = _cypher_syntax_error()
    assert isinstance(cause, CypherSyntaxError)
    driver.responses["<user>"] = cause
    with pytest.raises(QueryFailed, match=r"Neo.ClientError.Statement.SyntaxError: Invalid input 'RETRN'") as info:
        store.cypher("RETRN 1")
    assert info.value.__cause__ is cause


def test_server_error_in_a_store_query_is_query_failed(store: Neo4jStore, driver: FakeDriver) -> None:
    cause = _cypher_syntax_error()
    driver.responses["stats"] = cause
    with pytest.raises(QueryFailed, match="stats failed on neo4j://localhost:7687") as info:
        store.stats()
    assert info.value.__cause__ is cause


def test_cypher_checks_its_arguments(store: Neo4jStore) -> None:
    with pytest.raises(InvalidInput):
        store.cypher("   ")
    with pytest.raises(InvalidInput):
        store.cypher("RETURN $x", {1: "x"})  # type: ignore[dict-item]


# writes -----------------------------------------------------------------------------------------
def test_chunk_rows_carry_analyzer_tokens_sorted_metadata_and_float32_embeddings(
    store: Neo4jStore, driver: FakeDriver
) -> None:
    chunks = [
        Chunk("c1", "d1", 0, "Li Hua studied running shoes", metadata={"z": "1", "a": "2"}, embedding=(0.1, 0.2)),
        Chunk("c2", "d1", 1, "李华在东京"),
    ]
    assert store.upsert_chunks(chunks) == 2
    (rows,) = [p["rows"] for p in driver.params("upsert_chunks")]
    analyzer = default_analyzer()
    assert [r["tokens"] for r in rows] == [analyzer.chunk_text(c.text, c.metadata) for c in chunks]
    assert rows[0]["tokens"] == "li hua studi run shoe 1 2", "the metadata values are searchable too"
    assert rows[1]["tokens"] == "李华 华在 在东 东京"
    assert rows[0]["metadata"] == '{"a": "2", "z": "1"}'
    assert rows[0]["embedding"] == [float(np.float32(0.1)), float(np.float32(0.2))]
    assert rows[1]["embedding"] is None
    assert driver.params("missing_documents") == [{"ids": ["d1"]}]
    assert driver.params("schema_chunk_vector") == [{"dimensions": 2}]


def test_piece_vectors_go_in_the_same_transaction_and_count_their_chunk_once(
    store: Neo4jStore, driver: FakeDriver
) -> None:
    chunks = [
        Chunk("c1", "d1", 0, "Li: hi\nWang: hello", embedding=(0.1, 0.2), piece_embeddings=((1.0, 0.0), (0.0, 1.0))),
        Chunk("c2", "d1", 1, "no pieces", embedding=(0.3, 0.4), piece_embeddings=()),
        Chunk("c3", "d1", 2, "pieces kept as stored", embedding=(0.5, 0.6)),
    ]
    assert store.upsert_chunks(chunks) == 3, "c1 changed its row and its pieces: counted once"
    (rows,) = [p["rows"] for p in driver.params("replace_chunk_pieces")]
    assert rows == [{"id": "c1", "pieces": [[1.0, 0.0], [0.0, 1.0]]}, {"id": "c2", "pieces": []}]
    assert driver.params("schema_piece_vector") == [{"dimensions": 2}]
    kinds = {kind for kind, name, _ in driver.calls if name in ("upsert_chunks", "replace_chunk_pieces")}
    assert kinds == {"write"}
    with pytest.raises(InvalidInput, match="piece 0 of chunk 'c9'"):
        store.upsert_chunks([Chunk("c9", "d1", 3, "x", piece_embeddings=((float("inf"), 0.0),))])


def test_entity_rows_index_the_name_and_its_alias_key(store: Neo4jStore, driver: FakeDriver) -> None:
    assert store.upsert_entities([Entity.named("Li Hua", "person"), Entity.named("  LI   hua "), Entity("x", "X")]) == 2
    (rows,) = [p["rows"] for p in driver.params("upsert_entities")]
    assert [(r["id"], r["name"], r["type"]) for r in rows] == [("li hua", "LI   hua", "person"), ("x", "X", "")]
    assert rows[0]["tokens"] == default_analyzer().entity_text("LI   hua") == "li hua lihua"


def test_write_is_one_transaction_in_sub_batches(store: Neo4jStore, driver: FakeDriver) -> None:
    docs = [Document(f"d{i}", "src") for i in range(5)]
    assert store.upsert_documents(docs) == 5
    assert [len(p["rows"]) for p in driver.params("upsert_documents")] == [2, 2, 1]
    assert {kind for kind, name, _ in driver.calls if name == "upsert_documents"} == {"write"}


def test_unknown_reference_writes_nothing_and_matches_the_embedded_message(
    store: Neo4jStore, driver: FakeDriver
) -> None:
    driver.responses["missing_documents"] = [{"id": "nope"}]
    with pytest.raises(IntegrityError) as neo:
        store.upsert_chunks([Chunk("c1", "nope", 0, "text")])
    assert "upsert_chunks" not in driver.names()
    with SQLiteStore(":memory:") as sqlite, pytest.raises(IntegrityError) as ref:
        sqlite.upsert_chunks([Chunk("c1", "nope", 0, "text")])
    assert str(neo.value) == str(ref.value)


def test_relation_rows_use_stored_entity_names(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["entity_names"] = [{"id": "li hua", "name": "Li Hua"}, {"id": "tokyo", "name": "Tokyo"}]
    relation = Relation(
        "li hua", "tokyo", "lives_in", source_name="LIHUA", keywords="home", weight=2, chunk_ids=("c2", "c1", "c2")
    )
    assert store.upsert_relations([relation]) == 1
    (row,) = driver.params("upsert_relations")[0]["rows"]
    assert row["text"] == "lives in home Li Hua Tokyo"
    assert row["tokens"] == default_analyzer().index_text("lives in home Li Hua Tokyo")
    assert row["weight"] == 2.0 and isinstance(row["weight"], float)
    assert row["chunk_ids"] == ["c1", "c2"]
    assert driver.params("missing_chunks") == [{"ids": ["c1", "c2"]}]


def test_relation_to_unknown_entity_matches_the_embedded_message(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["entity_names"] = [{"id": "a", "name": "A"}]
    batch = [Relation("a", "zz", "knows"), Relation("b", "a", "knows")]
    with pytest.raises(IntegrityError) as neo:
        store.upsert_relations(batch)
    assert "upsert_relations" not in driver.names()
    with SQLiteStore(":memory:") as sqlite:
        sqlite.upsert_entities([Entity("a", "A")])
        with pytest.raises(IntegrityError) as ref:
            sqlite.upsert_relations(batch)
    assert str(neo.value) == str(ref.value)


def test_mentions_check_chunks_then_entities(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["missing_entities"] = [{"id": "ghost"}]
    with pytest.raises(IntegrityError, match="unknown entities: 'ghost'"):
        store.upsert_mentions([Mention("c1", "ghost")])
    assert driver.names() == ["write_begin", "missing_chunks", "missing_entities"]


def test_empty_batches_do_not_touch_the_server(store: Neo4jStore, driver: FakeDriver) -> None:
    assert store.upsert_documents([]) == 0
    assert store.upsert_relations([]) == 0
    assert store.upsert_mentions([]) == 0
    assert driver.calls == []


# vector indexes ---------------------------------------------------------------------------------
def _vector_index_server(driver: FakeDriver, present: dict[str, bool]) -> list[int]:
    """Script the entity vector index: created/dropped by the schema statements, listed by SHOW."""
    created: list[int] = []

    def create(params: dict[str, Any]) -> list[dict[str, Any]]:
        created.append(params["dimensions"])
        return []

    driver.responses["vector_indexes"] = lambda p: [
        {"name": "entity_embedding", "state": "ONLINE", "dimensions": d} for d in created[-1:]
    ]
    driver.responses["schema_entity_vector"] = create
    driver.responses["drop_entity_vector"] = lambda p: created.clear() or []
    driver.responses["embeddings_present"] = lambda p: [{"chunks": False, **present}]
    return created


def test_vector_index_is_created_once_with_the_batch_dimension(store: Neo4jStore, driver: FakeDriver) -> None:
    created = _vector_index_server(driver, {"entities": True})
    store.upsert_entities([Entity("a", "A", embedding=(1.0, 0.0, 0.0))])
    store.upsert_entities([Entity("b", "B", embedding=(0.0, 1.0, 0.0)), Entity("c", "C")])
    assert created == [3]
    assert driver.names().count("await_indexes") == 1
    assert driver.names().count("vector_indexes") == 3  # before and after creating, then before the 2nd write
    with pytest.raises(IntegrityError, match="have 4 dimensions but the vector index 'entity_embedding'"):
        store.upsert_entities([Entity("d", "D", embedding=(1.0, 0.0, 0.0, 0.0))])
    assert driver.names().count("upsert_entities") == 2
    assert "drop_entity_vector" not in driver.names()


def test_vector_index_over_no_vectors_takes_the_new_size(store: Neo4jStore, driver: FakeDriver) -> None:
    created = _vector_index_server(driver, {"entities": False})
    created.append(3)  # left over from data that has since been deleted
    store.upsert_entities([Entity("a", "A", embedding=(1.0, 0.0, 0.0, 0.0))])
    assert created == [4]
    names = driver.names()
    assert names.index("drop_entity_vector") < names.index("schema_entity_vector") < names.index("upsert_entities")


def test_mixed_embedding_sizes_in_one_batch_are_rejected(store: Neo4jStore, driver: FakeDriver) -> None:
    with pytest.raises(InvalidInput, match=r"one size, got sizes \[2, 3\]"):
        store.upsert_entities([Entity("a", "A", embedding=(1.0, 0.0)), Entity("b", "B", embedding=(1.0, 0.0, 0.0))])
    assert driver.calls == []


def test_invalid_embedding_is_rejected_like_the_embedded_backend(store: Neo4jStore, driver: FakeDriver) -> None:
    batch = [Entity("ok", "OK"), Entity("a", "A", embedding=(1.0, float("nan")))]
    with pytest.raises(InvalidInput) as neo:
        store.upsert_entities(batch)
    assert driver.calls == []
    with SQLiteStore(":memory:") as sqlite, pytest.raises(InvalidInput) as ref:
        sqlite.upsert_entities(batch)
    assert str(neo.value) == str(ref.value)
    assert str(neo.value).startswith("embedding of 'a': ")


def test_text_that_is_not_utf8_is_rejected_like_the_embedded_backend(store: Neo4jStore, driver: FakeDriver) -> None:
    bad = "caf\udce9"
    driver.responses["missing_documents"] = []
    for write, batch in (
        ("upsert_entities", [Entity("ok", "ok"), Entity("bad", bad)]),
        ("upsert_chunks", [Chunk("c", "d", 0, bad)]),
        ("upsert_documents", [Document("d", "f.txt", title=bad)]),
    ):
        with pytest.raises(InvalidInput, match="not valid UTF-8") as neo:
            getattr(store, write)(batch)
        with SQLiteStore(":memory:") as sqlite, pytest.raises(InvalidInput) as ref:
            sqlite.upsert_documents([Document("d", "f.txt")])
            getattr(sqlite, write)(batch)
        assert str(neo.value) == str(ref.value), write
        assert isinstance(neo.value.__cause__, UnicodeEncodeError)


@pytest.mark.parametrize("bad", [0, -3, 4097, True, 3.0, "384"])
def test_vector_dimensions_gate(bad: object) -> None:
    with pytest.raises(InvalidInput):
        neo4j_rows.vector_dimensions(bad)
    assert neo4j_rows.vector_dimensions(384) == 384


def _embedded_nearest(chunks: list[Chunk], query: list[float]) -> tuple[list[tuple[str, float]], dict[str, Chunk]]:
    """The embedded backend's 5 nearest of ``chunks`` to ``query`` (the reference), and the chunks as it stores them."""
    with SQLiteStore(":memory:") as sqlite:
        sqlite.upsert_documents([Document("d", "src")])
        sqlite.upsert_chunks(chunks)
        expected = [(h.item.id, h.score) for h in sqlite.nearest_chunks(query, k=5)]
        return expected, {c.id: c for c in sqlite.chunks([c.id for c in chunks])}


def test_nearest_rescores_candidates_exactly_like_the_embedded_backend(store: Neo4jStore, driver: FakeDriver) -> None:
    rng = np.random.default_rng(7)
    chunks = [Chunk(f"c{i}", "d", i, f"text {i}", embedding=tuple(rng.normal(size=8).tolist())) for i in range(12)]
    chunks.append(Chunk("c_tie", "d", 99, "tie", embedding=chunks[0].embedding))
    query_vector = rng.normal(size=8).tolist()
    expected, stored = _embedded_nearest(chunks, query_vector)

    driver.responses["vector_indexes"] = [{"name": "chunk_embedding", "state": "ONLINE", "dimensions": 8}]
    candidates = [
        {"chunk": {**neo4j_rows.chunk_row(c, default_analyzer()), "embedding": list(c.embedding or ())}, "score": 0.5}
        for c in reversed(list(stored.values()))
    ]
    driver.responses["nearest_chunks"] = candidates
    got = [(h.item.id, h.score) for h in store.nearest_chunks(query_vector, k=5)]
    assert [i for i, _ in got] == [i for i, _ in expected]
    assert [s for _, s in got] == pytest.approx([s for _, s in expected], abs=1e-6)
    assert driver.params("nearest_chunks")[0]["fetch"] == 5 + OVERFETCH


def test_nearest_chunks_by_their_best_piece_like_the_embedded_backend(store: Neo4jStore, driver: FakeDriver) -> None:
    rng = np.random.default_rng(11)

    def vector() -> tuple[float, ...]:
        return tuple(rng.normal(size=8).tolist())

    chunks = [
        Chunk(f"c{i}", "d", i, f"text {i}", embedding=vector(), piece_embeddings=tuple(vector() for _ in range(i % 4)))
        for i in range(12)
    ]
    query_vector = rng.normal(size=8).tolist()
    expected, stored = _embedded_nearest(chunks, query_vector)

    driver.responses["vector_indexes"] = [
        {"name": "chunk_embedding", "state": "ONLINE", "dimensions": 8},
        {"name": "piece_embedding", "state": "ONLINE", "dimensions": 8},
    ]
    row = {c.id: {**neo4j_rows.chunk_row(c, default_analyzer()), "embedding": list(c.embedding or ())} for c in chunks}
    driver.responses["nearest_chunks"] = [{"chunk": row[c.id], "score": 0.5} for c in stored.values()]
    driver.responses["nearest_pieces"] = [
        {"chunk": row[c.id], "embedding": list(p), "score": 0.5} for c in chunks for p in c.piece_embeddings or ()
    ]
    got = [(h.item.id, h.score) for h in store.nearest_chunks(query_vector, k=5)]
    assert [i for i, _ in got] == [i for i, _ in expected]
    assert [s for _, s in got] == pytest.approx([s for _, s in expected], abs=1e-6)
    assert driver.params("nearest_pieces")[0]["fetch"] == (5 + OVERFETCH) * PIECE_FANOUT
    assert driver.names().count("vector_indexes") == 1, "one SHOW answers for both indexes"
    q = np.asarray(query_vector) / np.linalg.norm(query_vector)
    own = sorted(chunks, key=lambda c: -float(np.dot(c.embedding, q) / np.linalg.norm(c.embedding)))[:5]
    assert [c.id for c in own] != [i for i, _ in got], "the pieces change the ranking in this case"


def test_nearest_validates_the_query_vector(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["vector_indexes"] = [{"name": "chunk_embedding", "state": "ONLINE", "dimensions": 3}]
    driver.responses["embeddings_present"] = [{"chunks": True, "entities": False}]
    with pytest.raises(IntegrityError, match=r"nearest chunks: query vector has \(2,\) dimensions"):
        store.nearest_chunks([1.0, 0.0])
    with pytest.raises(IntegrityError, match="non-zero and finite"):
        store.nearest_chunks([0.0, 0.0, 0.0])
    assert "nearest_chunks" not in driver.names()


def test_nearest_without_vectors_finds_nothing(store: Neo4jStore, driver: FakeDriver) -> None:
    assert store.nearest_entities([1.0, 2.0]) == []
    assert driver.names() == ["vector_indexes"]


# reads ------------------------------------------------------------------------------------------
def _relation_map(rid: str, source: str, target: str, weight: float = 1.0) -> dict[str, Any]:
    return {
        "id": rid, "predicate": "knows", "keywords": "", "description": "", "weight": weight, "origin": "ingest",
        "source_url": None, "confidence": None, "created_at": None, "chunk_ids": ["c2", "c1"],
        "source_id": source, "target_id": target, "source_name": source.upper(), "target_name": target.upper(),
    }  # fmt: skip


def _entity_map(eid: str) -> dict[str, Any]:
    return {"id": eid, "name": eid.upper(), "type": "", "description": "", "embedding": None}


def test_search_sends_escaped_analyzer_terms_and_breaks_ties_by_id(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["search_relations"] = [
        {"relation": _relation_map("r2", "a", "b"), "score": 2.0},
        {"relation": _relation_map("r1", "a", "c"), "score": 2.0},
        {"relation": _relation_map("r0", "b", "c"), "score": 3.5},
    ]
    hits = store.search_relations("Who KNOWS the runners?", k=3)
    assert [(h.item.id, h.score) for h in hits] == [("r0", 3.5), ("r1", 2.0), ("r2", 2.0)]
    assert hits[0].item.chunk_ids == ("c1", "c2") and hits[0].item.source_name == "B"
    (params,) = driver.params("search_relations")
    assert params == {"query": "know OR runner", "fetch": 3 + OVERFETCH, "k": 3}


def test_search_of_only_stop_words_finds_nothing_without_a_query(store: Neo4jStore, driver: FakeDriver) -> None:
    assert store.search_chunks("the of and", k=5) == []
    assert driver.calls == []
    with pytest.raises(InvalidInput):
        store.search_entities("   ")


def test_neighbors_send_sorted_frontier_and_keep_the_capping_order(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["neighbors"] = [
        {"from_id": "b", "relation": _relation_map("r9", "b", "a"), "neighbour": _entity_map("a")},
        {"from_id": "a", "relation": _relation_map("r2", "a", "c", 0.5), "neighbour": _entity_map("c")},
        {"from_id": "a", "relation": _relation_map("r9", "b", "a"), "neighbour": _entity_map("b")},
    ]
    found = store.neighbors(["b", "a", "b"], per_node=5)
    assert [(f, r.id, e.id) for f, r, e in found] == [("a", "r9", "b"), ("a", "r2", "c"), ("b", "r9", "a")]
    assert driver.params("neighbors") == [{"ids": ["a", "b"], "per_node": 5}]


def test_shortest_paths_check_endpoints_and_sort(store: Neo4jStore, driver: FakeDriver) -> None:
    driver.responses["entities_by_ids"] = lambda p: [{"entity": _entity_map(i)} for i in p["ids"] if i != "zz"]
    with pytest.raises(NotFound, match="unknown entities: 'zz'"):
        store.shortest_paths("a", "zz")
    (same,) = store.shortest_paths("a", "a")
    assert same.entity_ids == ("a",) and same.relations == ()
    assert "shortest_paths" not in driver.names()

    def path(ids: tuple[str, ...], *relations: dict[str, Any]) -> dict[str, Any]:
        return {"entities": [_entity_map(i) for i in ids], "relations": list(relations)}

    driver.responses["shortest_paths_2"] = [
        path(("a", "c", "d"), _relation_map("r2", "a", "c"), _relation_map("r3", "c", "d")),
        path(("a", "b", "d"), _relation_map("r1", "a", "b"), _relation_map("r4", "d", "b")),
    ]
    paths = store.shortest_paths("a", "d", max_hops=2, limit=5)
    assert [p.entity_ids for p in paths] == [("a", "b", "d"), ("a", "c", "d")]
    assert driver.params("shortest_paths_2")[-1] == {"source_id": "a", "target_id": "d", "cap": 10_000, "limit": 5}


def test_lookups_convert_records_to_model_types(store: Neo4jStore, driver: FakeDriver) -> None:
    meta = json.dumps({"time": "9am"})
    driver.responses["documents_by_ids"] = [
        {"document": {"id": "d1", "source": "s", "title": "T", "hash": "h", "created_at": "", "metadata": meta}}
    ]
    base = {"document_id": "d1", "hash": "", "metadata": "{}"}
    driver.responses["chunks_of_document"] = [
        {"chunk": {**base, "id": "c2", "ordinal": 1, "text": "b", "embedding": None}},
        {"chunk": {**base, "id": "c1", "ordinal": 0, "text": "a", "embedding": [0.5]}},
    ]
    assert store.documents(["d1", "d1", "zz"]) == [Document("d1", "s", "T", "h", "", {"time": "9am"})]
    assert driver.params("documents_by_ids") == [{"ids": ["d1", "zz"]}]
    assert [(c.id, c.embedding) for c in store.chunks_of_document("d1")] == [("c1", (0.5,)), ("c2", None)]


def test_delete_and_stats_reports(store: Neo4jStore, driver: FakeDriver) -> None:
    assert store.delete_document("nope").found is False
    driver.responses["delete_document"] = [{"chunks": 3, "mentions": 4, "relations": 1, "entities": 2}]
    report = store.delete_document("d1")
    assert (report.found, report.chunks, report.mentions, report.relations, report.entities) == (True, 3, 4, 1, 2)
    assert {kind for kind, name, _ in driver.calls if name == "delete_document"} == {"write"}
    driver.responses["stats"] = [
        {"documents": 1, "chunks": 3, "entities": 5, "relations": 4, "mentions": 6,
         "origins": [["ingest", 3], ["enrichment", 1]]}
    ]  # fmt: skip
    stats = store.stats()
    assert stats.as_dict() == {
        "backend": "neo4j", "location": "neo4j://localhost:7687", "documents": 1, "chunks": 3, "entities": 5,
        "relations": 4, "mentions": 6, "relations_by_origin": {"enrichment": 1, "ingest": 3},
    }  # fmt: skip


def test_cypher_returns_plain_dicts(store: Neo4jStore, driver: FakeDriver) -> None:
    graph = Graph()
    a = Node(graph, "4:x:1", 1, ["Entity"], {"id": "a", "name": "A"})
    b = Node(graph, "4:x:2", 2, ["Entity"], {"id": "b", "name": "B"})
    rel = graph.relationship_type("RELATED")(graph, "5:x:9", 9, {"id": "r1", "weight": 1.0})
    rel._start_node, rel._end_node = a, b
    driver.responses["<user>"] = [{"n": a, "r": rel, "p": Path(a, rel), "k": 3}]
    (row,) = store.cypher("MATCH p = (n)-[r]->() RETURN n, r, p, $k AS k", {"k": 3})
    assert row["n"] == {"element_id": "4:x:1", "labels": ["Entity"], "properties": {"id": "a", "name": "A"}}
    assert row["r"] == {
        "element_id": "5:x:9", "type": "RELATED", "start": "4:x:1", "end": "4:x:2",
        "properties": {"id": "r1", "weight": 1.0},
    }  # fmt: skip
    assert [n["element_id"] for n in row["p"]["nodes"]] == ["4:x:1", "4:x:2"]
    assert row["k"] == 3
    assert driver.calls[-1] == ("auto", "<user>", {"k": 3})
    json.dumps(row)  # plain, JSON-friendly


def test_plain_converts_temporal_values() -> None:
    assert plain({"when": neo4j.time.Date(2024, 5, 1), "xs": (1, 2)}) == {"when": "2024-05-01", "xs": [1, 2]}


def test_public_methods_match_the_embedded_backend() -> None:
    """Same methods, parameter names and defaults as the reference backend."""
    public = sorted(n for n in dir(SQLiteStore) if not n.startswith("_") and callable(getattr(SQLiteStore, n)))
    for name in public:
        ours = inspect.signature(getattr(Neo4jStore, name))
        ref = inspect.signature(getattr(SQLiteStore, name))
        assert [(p.name, p.default) for p in ours.parameters.values()] == [
            (p.name, p.default) for p in ref.parameters.values()
        ], name
    assert Neo4jStore.backend == "neo4j"


def test_vector_index_names_match_their_statements() -> None:
    for spec in VECTOR_INDEXES.values():
        assert f"CREATE VECTOR INDEX {spec.index} IF NOT EXISTS" in cypher.query(spec.create)
        assert f"DROP INDEX {spec.index} IF EXISTS" in cypher.query(spec.drop)
        assert f"db.index.vector.queryNodes('{spec.index}'" in cypher.query(spec.nearest)
        assert f"'{spec.index}'" in cypher.query("vector_indexes")


# issue 15: own indexes, ONLINE, bookmarks, write lock, term-statistics cache --------------------------
def test_init_waits_for_graphproof_indexes_only(driver: FakeDriver) -> None:
    from graphproof.graph.neo4j_store import OWN_INDEXES

    Neo4jStore("neo4j://db:7687", "neo4j", "s3cret")
    (params,) = driver.params("await_indexes")
    assert params["names"] == list(OWN_INDEXES) and params["timeout"] > 0
    assert "CALL db.awaitIndex(name, $timeout)" in cypher.query("await_indexes")


@pytest.mark.parametrize(("state", "dimensions", "problem"), [("POPULATING", 3, "POPULATING"), ("FAILED", 3, "FAILED"),
                                                              ("ONLINE", None, "no vector.dimensions")])  # fmt: skip
def test_vector_index_must_be_online_with_dimensions(
    store: Neo4jStore, driver: FakeDriver, state: str, dimensions: int | None, problem: str
) -> None:
    from graphproof.graph.neo4j_store import IndexNotReady

    driver.responses["vector_indexes"] = [{"name": "chunk_embedding", "state": state, "dimensions": dimensions}]
    with pytest.raises(IndexNotReady, match=problem):
        store.nearest_chunks([1.0, 0.0, 0.0], k=1)


def test_every_session_shares_one_bookmark_manager(store: Neo4jStore, driver: FakeDriver) -> None:
    store.upsert_documents([Document("d1", "s", "T", hash="h")])
    store.documents(["d1"])
    store.cypher("RETURN 1")
    managers = driver.bookmark_managers
    assert managers and all(m is managers[0] for m in managers) and managers[0] is not None


def test_every_write_transaction_takes_the_meta_lock_first(store: Neo4jStore, driver: FakeDriver) -> None:
    store.upsert_documents([Document("d1", "s", "T", hash="h")])
    store.delete_document("d1")
    writes = [name for kind, name, _ in driver.calls if kind == "write"]
    assert writes == ["write_begin", "upsert_documents", "write_begin", "chunk_ids_of_document", "delete_document"]


def test_term_stats_are_cached_until_the_write_counter_moves(store: Neo4jStore, driver: FakeDriver) -> None:
    counter = {"epoch": "e1", "writes": 7}
    driver.responses["write_count"] = lambda p: [dict(counter)]
    driver.responses["corpus_chunks"] = [{"rows": 3, "avg_length": 1.0}]
    driver.responses["term_df_nodes"] = lambda p: [{"term": t, "df": 2} for t in p["terms"]]
    first = store.term_stats("chunks", ["jazz"])
    again = store.term_stats("chunks", ["jazz", "night"])
    assert (first.rows, dict(again.df)) == (3, {"jazz": 2, "night": 2})
    assert driver.names().count("corpus_chunks") == 1
    assert [p["terms"] for p in driver.params("term_df_nodes")] == [["jazz"], ["night"]]
    counter["writes"] = 8
    store.term_stats("chunks", ["jazz"])
    counter["epoch"] = "e2"  # the meta node was re-created: its count starts over
    counter["writes"] = 8
    store.term_stats("chunks", ["jazz"])
    assert driver.names().count("corpus_chunks") == 3


def test_shortest_paths_search_only_to_max_hops() -> None:
    for hops in range(1, 7):
        text = cypher.query(f"shortest_paths_{hops}")
        assert f"[:RELATED*..{hops}]" in text
        assert text.index("LIMIT $cap") < text.index("ORDER BY")


def test_corpus_statistics_count_empty_tokens_as_zero_terms() -> None:
    for kind in ("chunks", "entities", "relations"):
        assert "= '' THEN 0" in cypher.query(f"corpus_{kind}")


def test_delete_finds_citing_edges_through_the_chunk_key_index(store: Neo4jStore, driver: FakeDriver) -> None:
    from graphproof.graph.neo4j_rows import chunk_key

    driver.responses["chunk_ids_of_document"] = [{"id": "c1"}, {"id": "c 2"}]
    store.delete_document("d1")
    (params,) = driver.params("delete_document")
    assert params["gone_keys"] == [chunk_key("c1"), chunk_key("c 2")]
    assert params["key_queries"] == [f"{chunk_key('c1')} OR {chunk_key('c 2')}"]
    assert all(" " not in k and k.isalnum() for k in params["gone_keys"])
    assert "related_chunk_keys" in cypher.query("delete_document")
    assert "MATCH (s:Entity)-[r:RELATED]->(t:Entity)" not in cypher.query("delete_document")
    assert chunk_key("c1") in " ".join(
        neo4j_rows.relation_row(Relation("a", "b", "p", chunk_ids=("c1",)), {"a": "A", "b": "B"}, default_analyzer())[
            "chunk_keys"
        ]
    )
