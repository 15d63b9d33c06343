"""Deleting documents cleanly, stats, and the Cypher escape hatch."""

from __future__ import annotations

import pytest
from graphproof.graph.store import GraphStore, UnsupportedOperation

from tests.contract.graph_fixture import RELATIONS


def test_delete_document_removes_exactly_what_only_it_supported(filled: GraphStore) -> None:
    report = filled.delete_document("d2")
    assert report.found
    assert (report.chunks, report.mentions, report.relations) == (2, 3, 1)
    assert report.entities == 1, "kismet is still linked from wolfgang; only ingrid bergman is gone"
    assert filled.documents(["d2"]) == [] and filled.chunks(["c3", "c4"]) == []
    assert {e.id for e in filled.entities(["kismet", "ingrid bergman", "wolfgang"])} == {"wolfgang", "kismet"}
    [loved] = filled.relations([RELATIONS[5].id])
    assert loved.chunk_ids == ("c1",), "a relation also supported by d1 stays, with d2's chunks pruned"
    assert filled.relations([RELATIONS[4].id]) == []
    stats = filled.stats()
    assert (stats.documents, stats.chunks, stats.relations, stats.mentions) == (1, 2, 5, 5)


def test_delete_unknown_document(filled: GraphStore) -> None:
    report = filled.delete_document("nope")
    assert not report.found
    assert filled.stats().documents == 2


def test_delete_keeps_relations_without_chunk_references(filled: GraphStore) -> None:
    from graphproof.graph.model import Relation

    imported = Relation("ingrid bergman", "kismet", "acted_in")
    filled.upsert_relations([imported])
    filled.delete_document("d2")
    assert filled.relations([imported.id])[0].predicate == "acted_in"
    assert {e.id for e in filled.entities(["ingrid bergman"])} == {"ingrid bergman"}


def test_delete_then_rewrite_restores_the_graph(filled: GraphStore) -> None:
    from tests.contract.graph_fixture import fill, snapshot

    before = snapshot(filled)
    filled.delete_document("d1")
    filled.delete_document("d2")
    fill(filled)
    assert snapshot(filled) == before


def test_cypher(store: GraphStore) -> None:
    if store.backend == "sqlite":
        with pytest.raises(UnsupportedOperation, match="Neo4j"):
            store.cypher("RETURN 1")
        return
    assert store.cypher("RETURN $x AS x", {"x": 41}) == [{"x": 41}]


def test_list_documents_with_their_chunk_counts(filled: GraphStore) -> None:
    listed = filled.list_documents()
    assert [(s.document.id, s.document.source, s.chunks) for s in listed] == [
        ("d1", "chats/2026-01-05.txt", 2),
        ("d2", "notes/films.md", 2),
    ]
    assert listed[0].document.metadata == {"time": "20260105_10:00"}
    assert [s.document.id for s in filled.list_documents(limit=1)] == ["d1"]
    filled.delete_document("d1")
    assert [s.as_dict()["id"] for s in filled.list_documents()] == ["d2"]
