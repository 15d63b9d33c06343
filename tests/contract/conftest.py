"""One contract suite, run against every backend.

The embedded SQLite backend always runs. The Neo4j backend runs when ``NEO4J_URI`` is set
(``docker compose up -d``, then ``NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=graphproof-dev
pytest tests/contract``). Before each test it resets the database (every node, the vector indexes
and the meta node go); it refuses a database holding nodes it did not create unless
``GRAPHPROOF_TEST_WIPE=1`` is set: point it at a throw-away database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import GraphStore

NEO4J_HOWTO = (
    "Neo4j contract tests need a server: run `docker compose up -d`, then "
    "`NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=graphproof-dev pytest tests/contract -m neo4j`"
)


@pytest.fixture(scope="session")
def neo4j_session_store() -> Iterator[GraphStore]:
    uri = os.environ.get("NEO4J_URI")
    if not uri:
        pytest.skip(NEO4J_HOWTO)
    from graphproof.graph.neo4j_store import Neo4jStore

    store = Neo4jStore(
        uri,
        os.environ.get("NEO4J_USER", "neo4j"),
        os.environ.get("NEO4J_PASSWORD", "graphproof-dev"),
        database=os.environ.get("NEO4J_DATABASE") or None,
    )
    _claim_database(store)
    yield store
    store.close()


SUITE_MARKER = "GraphproofContractSuite"  # a node the suite leaves in the database it owns
WIPE_VARIABLE = "GRAPHPROOF_TEST_WIPE"


def _claim_database(store: GraphStore) -> None:
    """Refuse a database holding nodes the suite did not create, unless ``GRAPHPROOF_TEST_WIPE=1``.

    Community Edition has one database: without this check the suite would wipe the user's graph.
    A database the suite has used carries its marker node and is reset freely.
    """
    [row] = store.cypher(
        "OPTIONAL MATCH (m:GraphproofContractSuite) WITH count(m) AS marked "
        "OPTIONAL MATCH (n) WHERE NOT n:GraphproofContractSuite RETURN marked, count(n) AS nodes"
    )
    if not row["marked"] and row["nodes"] and os.environ.get(WIPE_VARIABLE) != "1":
        pytest.exit(
            f"the Neo4j database at {store.location} holds {row['nodes']} nodes the contract suite did not create; "
            f"the suite deletes everything there. Point NEO4J_URI/NEO4J_DATABASE at a throw-away database, "
            f"or set {WIPE_VARIABLE}=1 to wipe this one.",
            returncode=4,
        )
    store.cypher("MERGE (:GraphproofContractSuite {id: 'contract-suite'})")
    _reset(store)


def _reset(store: GraphStore) -> None:
    """Back to an empty graphproof store: every node but the marker, the vector indexes, the meta node."""
    store.cypher("MATCH (n) WHERE NOT n:GraphproofContractSuite DETACH DELETE n")
    store.cypher("DROP INDEX chunk_embedding IF EXISTS")
    store.cypher("DROP INDEX entity_embedding IF EXISTS")
    store.init()


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    if request.param == "sqlite":
        with SQLiteStore(tmp_path / "contract.db") as sqlite_store:
            yield sqlite_store
        return
    neo4j_store: GraphStore = request.getfixturevalue("neo4j_session_store")
    _reset(neo4j_store)
    yield neo4j_store


# A small graph every read test starts from. Embeddings are 4-d so nearest-neighbour answers are
# known by hand: chunk c1 points along x, c2 along y, c3 along z, c4 along w.
from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation  # noqa: E402

DOCS = [
    Document("d1", "chats/2026-01-05.txt", "Monday chat", hash="h1", metadata={"time": "20260105_10:00"}),
    Document("d2", "notes/films.md", "Film notes", hash="h2"),
]
CHUNKS = [
    Chunk("c1", "d1", 0, "Li Hua met Wolfgang at the Paris jazz festival.", "hc1", (1.0, 0.0, 0.0, 0.0)),
    Chunk("c2", "d1", 1, "東京タワーで李华はジャズを聴いた。", "hc2", (0.0, 1.0, 0.0, 0.0)),
    Chunk("c3", "d2", 0, "Kismet stars Ingrid Bergman; Wolfgang loved it.", "hc3", (0.0, 0.0, 1.0, 0.0)),
    Chunk("c4", "d2", 1, "서울에서 재즈 공연을 봤다", "hc4", (0.0, 0.0, 0.0, 1.0)),
]
ENTITIES = [
    Entity.named("Li Hua", "person", "the user"),
    Entity.named("Wolfgang", "person", "a friend from Germany"),
    Entity.named("Paris", "city"),
    Entity.named("Paris Jazz Festival", "event"),
    Entity.named("Kismet", "film"),
    Entity.named("Ingrid Bergman", "person"),
    Entity.named("東京タワー", "place"),
]
RELATIONS = [
    Relation("li hua", "wolfgang", "met", keywords="meeting friends", description="Li Hua met Wolfgang",
             chunk_ids=("c1",), weight=2.0),
    Relation("wolfgang", "paris jazz festival", "attended", keywords="music concert", chunk_ids=("c1",)),
    Relation("paris jazz festival", "paris", "located_in", chunk_ids=("c1",)),
    Relation("li hua", "東京タワー", "visited", keywords="ジャズ 観光", chunk_ids=("c2",)),
    Relation("kismet", "ingrid bergman", "starred_actors", chunk_ids=("c3",)),
    Relation("wolfgang", "kismet", "loved", keywords="favourite film", chunk_ids=("c3", "c1")),
]  # fmt: skip
MENTIONS = [
    Mention("c1", "li hua"), Mention("c1", "wolfgang"), Mention("c1", "paris"), Mention("c2", "li hua"),
    Mention("c2", "東京タワー"), Mention("c3", "kismet"), Mention("c3", "ingrid bergman"), Mention("c3", "wolfgang"),
]  # fmt: skip


def fill(store: GraphStore) -> GraphStore:
    store.upsert_documents(DOCS)
    store.upsert_chunks(CHUNKS)
    store.upsert_entities(ENTITIES)
    store.upsert_relations(RELATIONS)
    store.upsert_mentions(MENTIONS)
    return store


@pytest.fixture
def filled(store: GraphStore) -> GraphStore:
    return fill(store)


def snapshot(store: GraphStore) -> dict[str, object]:
    """Everything observable about the small graph, for before/after comparisons."""
    entity_ids = sorted({e.id for e in ENTITIES} | {"x", "y"})
    return {
        "stats": store.stats().as_dict() | {"location": None},
        "documents": store.documents(["d1", "d2", "d3"]),
        "chunks": store.chunks([c.id for c in CHUNKS]),
        "entities": store.entities(entity_ids),
        "relations": store.relations([r.id for r in RELATIONS]),
        "mentions": store.mentions_of_chunks([c.id for c in CHUNKS]),
    }
