"""Reasoning paths: BFS paths in the subgraph, the paper's formatting, RoG relation paths, path_1st."""

from __future__ import annotations

import pytest
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.gnn.errors import LLMReplyError, TopicNotFound
from graphproof.reasoning.gnn.export import ExportConfig, SubgraphExporter
from graphproof.reasoning.gnn.paths import format_paths, merge_paths, shortest_paths
from graphproof.reasoning.gnn.reason import path_1st, reasoning_paths
from graphproof.reasoning.gnn.rog import follow_relation_path, llm_relation_paths, parse_relation_paths
from graphproof.reasoning.gnn.synthetic import build_film_store
from langchain_core.language_models import FakeListChatModel

RELATIONS = ["directed_by", "release_year", "written_by"]


@pytest.fixture
def store() -> SQLiteStore:
    return build_film_store(SQLiteStore(":memory:"), 10)


def test_shortest_paths_in_the_subgraph_are_formatted_as_the_paper_feeds_them(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=2)).export(["movie 03"])
    target = graph.node_ids.index("movie 02")
    paths = shortest_paths(graph, 0, target, limit=5)
    assert format_paths(paths) == ["Movie 03 → directed_by → Director B ← directed_by ← Movie 02"]
    assert [len(p) for p in paths] == [2]
    assert shortest_paths(graph, 0, 0) and len(shortest_paths(graph, 0, 0)[0]) == 0
    year = graph.node_ids.index("1993")
    assert format_paths(shortest_paths(graph, 0, year)) == ["Movie 03 → release_year → 1993"]


def test_merge_paths_keeps_order_and_drops_duplicates(store: SQLiteStore) -> None:
    graph = SubgraphExporter(store, ExportConfig(hops=2)).export(["movie 03"])
    a = shortest_paths(graph, 0, graph.node_ids.index("movie 02"))
    b = shortest_paths(graph, 0, graph.node_ids.index("writer 3"))
    assert merge_paths(a, b, a) == [*a, *b]


def test_relation_path_replies_are_parsed_and_checked() -> None:
    assert parse_relation_paths(
        '```json\n{"paths": [["directed_by", "directed_by"], ["born_in"]]}\n```', RELATIONS
    ) == [("directed_by", "directed_by")]
    assert parse_relation_paths("<PATH>written_by<SEP>written_by</PATH> <PATH>release_year</PATH>", RELATIONS) == [
        ("written_by", "written_by"),
        ("release_year",),
    ]
    with pytest.raises(LLMReplyError, match="expected JSON"):
        parse_relation_paths("I think the director is Spielberg.", RELATIONS)


def test_relation_paths_are_followed_in_the_store_in_both_directions(store: SQLiteStore) -> None:
    [topic] = store.entities(["movie 03"])
    paths = follow_relation_path(store, topic, ["directed_by", "directed_by"])
    assert format_paths(paths) == ["Movie 03 → directed_by → Director B ← directed_by ← Movie 02"]
    assert follow_relation_path(store, topic, ["written_by", "release_year"]) == []


def test_llm_relation_paths_with_a_fake_chat_model(store: SQLiteStore) -> None:
    [topic] = store.entities(["movie 03"])
    model = FakeListChatModel(responses=['{"paths": [["directed_by", "directed_by"], ["written_by"]]}'])
    paths = llm_relation_paths(model, "which movies share a director with Movie 03", topic, store)
    assert format_paths(paths) == [
        "Movie 03 → directed_by → Director B ← directed_by ← Movie 02",
        "Movie 03 → written_by → Writer 3",
    ]
    with pytest.raises(LLMReplyError):
        llm_relation_paths(FakeListChatModel(responses=["no idea"]), "who?", topic, store)


def test_path_1st_merges_both_sets_and_reports_a_failing_half(store: SQLiteStore) -> None:
    model = FakeListChatModel(responses=['{"paths": [["directed_by"]]}'])
    merged = reasoning_paths("who directed [Movie 03]", store, reasoner=None, chat_model=model)
    assert merged.formatted == ["Movie 03 → directed_by → Director B"] and merged.gnn == []
    bad = FakeListChatModel(responses=["nonsense"])
    with pytest.raises(LLMReplyError):
        reasoning_paths("who directed [Movie 03]", store, chat_model=bad)
    with pytest.raises(TopicNotFound):
        reasoning_paths("who directed [Casablanca]", store, chat_model=model)
    assert path_1st(None, merged.llm, ["GNN reasoning unavailable: x"]).warnings == ["GNN reasoning unavailable: x"]
