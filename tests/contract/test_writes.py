"""Writes: round trips, idempotency, alias merging, atomic batches, bad input."""

from __future__ import annotations

import pytest
from graphproof.graph.model import Chunk, Document, Entity, Mention, Relation
from graphproof.graph.store import GraphStore, IntegrityError, InvalidInput, StoreError

from tests.contract.graph_fixture import CHUNKS, DOCS, ENTITIES, RELATIONS, fill, snapshot


def test_init_is_idempotent(store: GraphStore) -> None:
    store.init()
    store.init()
    assert store.stats().entities == 0


def test_round_trip(filled: GraphStore) -> None:
    assert filled.documents(["d2", "d1"]) == [DOCS[1], DOCS[0]]
    assert filled.chunks(["c3", "c1"]) == [CHUNKS[2], CHUNKS[0]]
    entities = {e.id: e for e in filled.entities([e.id for e in ENTITIES])}
    assert set(entities) == {e.id for e in ENTITIES}
    assert entities["wolfgang"].description == "a friend from Germany"
    rel = filled.relations([RELATIONS[0].id])[0]
    assert (rel.source_id, rel.target_id, rel.predicate, rel.weight) == ("li hua", "wolfgang", "met", 2.0)
    assert (rel.source_name, rel.target_name) == ("Li Hua", "Wolfgang")
    assert rel.text == "met meeting friends Li Hua Wolfgang Li Hua met Wolfgang"
    assert filled.relations([RELATIONS[5].id])[0].chunk_ids == ("c1", "c3")
    assert filled.mentions_of_chunks(["c2"]) == [Mention("c2", "li hua"), Mention("c2", "東京タワー")]
    assert [c.id for c in filled.chunks_of_document("d1")] == ["c1", "c2"]
    stats = filled.stats()
    assert (stats.documents, stats.chunks, stats.entities, stats.relations, stats.mentions) == (2, 4, 7, 6, 8)
    assert stats.relations_by_origin == {"ingest": 6}


def test_lookups_skip_unknown_ids_and_keep_order(filled: GraphStore) -> None:
    assert [c.id for c in filled.chunks(["c4", "nope", "c2", "c4"])] == ["c4", "c2"]
    assert filled.entities(["missing"]) == []
    assert filled.documents([]) == []


def test_same_batches_twice_change_nothing(filled: GraphStore) -> None:
    before = snapshot(filled)
    fill(filled)
    assert snapshot(filled) == before


def test_sqlite_reports_zero_changed_rows_on_rewrite(filled: GraphStore) -> None:
    if filled.backend != "sqlite":
        pytest.skip("only the embedded backend can tell changed rows from rewritten ones")
    assert filled.upsert_entities(ENTITIES) == 0
    assert filled.upsert_relations(RELATIONS) == 0
    assert filled.upsert_chunks(CHUNKS) == 0


def test_aliases_merge_into_one_entity(store: GraphStore) -> None:
    store.upsert_entities([Entity.named("Li Hua", "person"), Entity.named("  LI   hua ")])
    [entity] = store.entities(["li hua"])
    assert entity.type == "person", "an empty type in a later write must not erase the known one"
    assert store.stats().entities == 1


def test_repeated_relation_merges_chunk_references(filled: GraphStore) -> None:
    again = Relation("li hua", "wolfgang", "met", keywords="meeting friends", description="Li Hua met Wolfgang",
                     chunk_ids=("c3",), weight=2.0)  # fmt: skip
    filled.upsert_relations([again])
    assert filled.relations([again.id])[0].chunk_ids == ("c1", "c3")
    assert filled.stats().relations == 6


def test_relation_to_unknown_entity_writes_nothing(filled: GraphStore) -> None:
    before = snapshot(filled)
    batch = [Relation("li hua", "paris", "likes"), Relation("li hua", "atlantis", "dreams_of"), Relation("x", "y", "z")]
    with pytest.raises(IntegrityError, match="atlantis"):
        filled.upsert_relations(batch)
    assert snapshot(filled) == before


def test_failing_batch_in_the_middle_of_a_large_write_is_atomic(store: GraphStore) -> None:
    entities = [Entity(f"e{i}", f"E {i}") for i in range(12_000)]
    store.upsert_entities(entities)
    relations = [Relation(f"e{i}", f"e{i + 1}", "next") for i in range(11_999)]
    relations.insert(7_000, Relation("e1", "ghost", "haunts"))
    with pytest.raises(IntegrityError, match="ghost"):
        store.upsert_relations(relations)
    assert store.stats().relations == 0


def test_huge_batches(store: GraphStore) -> None:
    n = 25_000
    store.upsert_entities([Entity(f"n{i}", f"Node {i}") for i in range(n)])
    store.upsert_relations([Relation(f"n{i}", f"n{(i * 7 + 1) % n}", "links_to") for i in range(n)])
    stats = store.stats()
    assert (stats.entities, stats.relations) == (n, n)
    [hit] = store.search_relations("Node 24999", k=1)
    assert "n24999" in (hit.item.source_id, hit.item.target_id)


def test_chunk_of_unknown_document_and_mention_of_unknown_entity(filled: GraphStore) -> None:
    before = snapshot(filled)
    with pytest.raises(IntegrityError, match="d9"):
        filled.upsert_chunks([Chunk("c9", "d9", 0, "orphan")])
    with pytest.raises(IntegrityError, match="nobody"):
        filled.upsert_mentions([Mention("c1", "paris"), Mention("c1", "nobody")])
    with pytest.raises(IntegrityError, match="c404"):
        filled.upsert_relations([Relation("li hua", "paris", "likes", chunk_ids=("c404",))])
    assert snapshot(filled) == before


def test_text_that_cannot_be_encoded_is_rejected_whole(store: GraphStore) -> None:
    bad = "caf\udce9"  # what decoding non-UTF-8 bytes with surrogateescape leaves behind
    with pytest.raises(StoreError, match="UTF-8"):
        store.upsert_entities([Entity("ok", "ok"), Entity("bad", bad)])
    assert store.stats().entities == 0
    store.upsert_documents([Document("d", "f.txt")])
    with pytest.raises(StoreError, match="UTF-8"):
        store.upsert_chunks([Chunk("c", "d", 0, bad)])
    assert store.stats().chunks == 0


def test_bad_embedding_is_rejected(store: GraphStore) -> None:
    with pytest.raises((InvalidInput, ValueError)):
        store.upsert_entities([Entity("a", "A", embedding=(float("nan"), 1.0))])
    assert store.stats().entities == 0


def test_enrichment_edges_keep_provenance(filled: GraphStore) -> None:
    edge = Relation(
        "ingrid bergman", "paris", "lived_in", description="Bergman lived in Paris", origin="enrichment",
        source_url="https://example.org/bergman", confidence=0.8, created_at="2026-11-21T00:00:00Z",
    )  # fmt: skip
    filled.upsert_relations([edge])
    [back] = filled.relations([edge.id])
    assert (back.origin, back.source_url, back.confidence, back.created_at) == (
        "enrichment", "https://example.org/bergman", 0.8, "2026-11-21T00:00:00Z",
    )  # fmt: skip
    assert filled.stats().relations_by_origin == {"enrichment": 1, "ingest": 6}


def test_empty_batches_are_fine(store: GraphStore) -> None:
    for write in (store.upsert_documents, store.upsert_chunks, store.upsert_entities, store.upsert_relations,
                  store.upsert_mentions):  # fmt: skip
        assert write([]) == 0
    stats = store.stats()
    assert (stats.documents, stats.chunks, stats.entities, stats.relations, stats.mentions) == (0, 0, 0, 0, 0)


def _twin(store: GraphStore) -> GraphStore:
    """A second, independent connection to the same store (another writer)."""
    import os

    from graphproof.graph.sqlite_store import SQLiteStore

    if isinstance(store, SQLiteStore):
        return SQLiteStore(store.path)
    from graphproof.graph.neo4j_store import Neo4jStore

    assert isinstance(store, Neo4jStore)
    return Neo4jStore(store.uri, store.user, os.environ.get("NEO4J_PASSWORD", "graphproof-dev"), store.database)


def test_two_concurrent_ingests_write_each_item_once(store: GraphStore) -> None:
    """Two writers ingesting the same graph at once end with exactly what one ingest writes."""
    from concurrent.futures import ThreadPoolExecutor

    reference = snapshot(fill(store))
    for document in DOCS:
        store.delete_document(document.id)
    assert store.stats().chunks == 0
    other = _twin(store)
    try:
        with ThreadPoolExecutor(2) as pool:
            # each writer its own connection, each ingesting twice (the second pass must change nothing)
            for future in [pool.submit(lambda s=s: [fill(s), fill(s)]) for s in (store, other)]:
                future.result()
    finally:
        other.close()
    assert snapshot(store) == reference
