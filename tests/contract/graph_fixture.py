"""The small graph every contract test starts from, and how to compare stores before and after.

Imported by the contract tests and their conftest; kept apart from ``conftest.py`` so tests import
data from a module, not from pytest's configuration.
"""

from __future__ import annotations

from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation
from graphproof.graph.store import GraphStore

NEO4J_HOWTO = (
    "Neo4j contract tests need a server: run `docker compose up -d`, then "
    "`NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=graphproof-dev pytest tests/contract -m neo4j`"
)

# A small graph every read test starts from. Embeddings are 4-d so nearest-neighbour answers are
# known by hand: chunk c1 points along x, c2 along y, c3 along z, c4 along w.

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
