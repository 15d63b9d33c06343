"""Subgraph export: ids, edge_index with inverse relations, hub caps, limits, empty and unknown topics."""

from __future__ import annotations

import pytest
import torch
from graphproof.graph.model import Entity
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.errors import CheckpointMismatch, EmptySubgraph, TopicNotFound
from graphproof.reasoning.gnn.export import CompactGraph, ExportConfig, SubgraphExporter, to_data
from graphproof.reasoning.gnn.synthetic import build_film_store, load_triples
from graphproof.reasoning.gnn.vocab import RelationVocab

VOCAB = RelationVocab.of(["directed_by", "release_year", "written_by"])


@pytest.fixture
def store() -> SQLiteStore:
    return build_film_store(SQLiteStore(":memory:"), 30)


def test_one_hop_export_has_ids_both_directions_and_inverse_relation_ids(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=1)).export(["movie 03"])
    data, unknown = to_data(graph, VOCAB, answers={"director b"})

    assert unknown == []
    assert data.node_ids[0] == "movie 03" and data.seed_mask.tolist() == [True, False, False, False]
    assert sorted(data.node_ids[1:]) == ["1993", "director b", "writer 3"]
    assert data.node_text[0] == "Movie 03"
    e = data.edge_index.size(1) // 2
    assert data.edge_index.size() == (2, 6) and data.edge_type.size() == (6,)
    # the second half is the first half reversed, with relation id r + R
    assert torch.equal(data.edge_index[:, e:], data.edge_index.flip(0)[:, :e])
    assert torch.equal(data.edge_type[e:], data.edge_type[:e] + VOCAB.size)
    for k, relation in enumerate(data.edge_relations):
        assert data.node_ids[int(data.edge_index[0, k])] == relation.source_id
        assert data.node_ids[int(data.edge_index[1, k])] == relation.target_id
        assert VOCAB.name(int(data.edge_type[k])) == relation.predicate
        assert VOCAB.name(int(data.edge_type[k + e])) == relation.predicate + "⁻¹"
    assert data.relation_text[: VOCAB.size] == ["directed by", "release year", "written by"]
    assert data.relation_text[VOCAB.size] == "inverse of directed by"
    assert data.y.tolist() == [1.0 if i == "director b" else 0.0 for i in data.node_ids]


def test_two_hop_export_reaches_the_other_film_of_the_director(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=2)).export(["movie 03"])
    assert "movie 02" in graph.node_ids
    assert len(set(graph.node_ids)) == len(graph.node_ids)
    assert all(
        0 <= s < len(graph.entities) and 0 <= d < len(graph.entities) for s, d in zip(graph.src, graph.dst, strict=True)
    )


def test_hubs_are_kept_as_leaves_but_not_expanded(store: SQLiteStore) -> None:
    # each year has 6 films: with per_node=5 a year is a hub, so its other films are not reached through it
    graph = SubgraphExporter(store, ExportConfig(hops=2, per_node=5)).export(["movie 03"])
    assert "1993" in graph.node_ids and graph.truncated
    assert "movie 08" not in graph.node_ids  # same year, different director and writer
    wide = SubgraphExporter(store, ExportConfig(hops=2, per_node=10)).export(["movie 03"])
    assert "movie 08" in wide.node_ids


def test_a_hub_seed_is_sampled_deterministically(store: SQLiteStore) -> None:
    first = SubgraphExporter(store, ExportConfig(hops=1, seed_per_node=4)).export(["1990"])
    again = SubgraphExporter(store, ExportConfig(hops=1, seed_per_node=4)).export(["1990"])
    assert len(first.entities) == 5 and first.truncated
    assert first.node_ids == again.node_ids


def test_the_entity_limit_caps_the_subgraph_and_is_deterministic(store: SQLiteStore) -> None:
    exporter = SubgraphExporter(store, ExportConfig(hops=3, limit=7))
    graph = exporter.export(["movie 03"])
    assert len(graph.entities) == 7 and graph.truncated
    assert exporter.export(["movie 03"]).node_ids == graph.node_ids


def test_unknown_topic_and_empty_subgraph_are_clear_errors(store: SQLiteStore) -> None:
    exporter = SubgraphExporter(store)
    with pytest.raises(TopicNotFound, match="no such film"):
        exporter.export(["no such film"])
    store.upsert_entities([Entity.named("Lonely Entity")])
    graph = exporter.export(["lonely entity"])
    with pytest.raises(EmptySubgraph, match="lonely entity"):
        to_data(graph, VOCAB)


def test_unknown_predicates_are_dropped_or_rejected(store: SQLiteStore) -> None:
    load_triples(store, [("Movie 03", "has_genre", "Drama")])
    graph = SubgraphExporter(store, ExportConfig(hops=1)).export(["movie 03"])
    data, unknown = to_data(graph, VOCAB)
    assert unknown == ["has_genre"] and "drama" in data.node_ids and data.edge_index.size(1) == 6
    other = RelationVocab.of(["born_in"])
    with pytest.raises(CheckpointMismatch, match="relation vocabulary"):
        to_data(graph, other)


def test_compact_graph_gives_the_same_tensors(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=2)).export(["movie 03"])
    full, _ = to_data(graph, VOCAB)
    compact, _ = to_data(CompactGraph.of(graph), VOCAB)
    assert torch.equal(full.edge_index, compact.edge_index) and torch.equal(full.edge_type, compact.edge_type)
    assert full.node_ids == compact.node_ids and "edge_relations" not in compact


def test_export_config_rejects_bad_caps() -> None:
    with pytest.raises(ValueError, match="per_node"):
        ExportConfig(per_node=0)
    assert ExportConfig.from_dict(ExportConfig(hops=3).as_dict()) == ExportConfig(hops=3)


def test_export_many_matches_one_by_one_with_one_query_per_hop(store: SQLiteStore) -> None:
    config = ExportConfig(hops=3, per_node=5, seed_per_node=8, limit=40)
    ids = sorted({e.id for _, _, e in store.neighbors(["movie 01", "movie 02", "movie 03"], 50)} | {"movie 01"})
    seed_lists = [[i] for i in ids] + [[ids[0], ids[1]], [ids[0]], ["nobody"]]
    alone = SubgraphExporter(store, config)
    expected = []
    for seeds in seed_lists:
        try:
            expected.append(CompactGraph.of(alone.export(seeds)))
        except TopicNotFound as exc:
            expected.append(str(exc))
    together = SubgraphExporter(store, config)
    got = together.export_many(seed_lists)
    assert [str(g) if isinstance(g, TopicNotFound) else CompactGraph.of(g) for g in got] == expected
    assert together.queries <= config.hops  # one neighbors() query per hop for every question together
    assert alone.queries > together.queries
    assert together.export_many([[ids[0]]])[0] is got[seed_lists.index([ids[0]])]  # cached per topic
    assert together.queries <= config.hops
