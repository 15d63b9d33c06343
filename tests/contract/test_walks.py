"""k-hop subgraphs with hub capping, and all shortest paths."""

from __future__ import annotations

import pytest
from graphproof.graph.model import Entity, Relation
from graphproof.graph.store import GraphStore, InvalidInput, NotFound


def test_zero_hops_is_just_the_seeds(filled: GraphStore) -> None:
    sub = filled.subgraph(["li hua"], hops=0)
    assert [e.id for e in sub.entities] == ["li hua"]
    assert sub.relations == ()


def test_one_and_two_hops(filled: GraphStore) -> None:
    one = filled.subgraph(["li hua"], hops=1)
    assert {e.id for e in one.entities} == {"li hua", "wolfgang", "東京タワー"}
    assert {r.predicate for r in one.relations} == {"met", "visited"}
    two = filled.subgraph(["li hua"], hops=2)
    assert {e.id for e in two.entities} == {"li hua", "wolfgang", "東京タワー", "paris jazz festival", "kismet"}
    assert not two.truncated
    assert all(r.source_name and r.target_name for r in two.relations)


def test_unknown_seeds_are_left_out_and_reported(filled: GraphStore) -> None:
    sub = filled.subgraph(["nobody", "kismet"], hops=1)
    assert sub.seeds == ("kismet",)
    assert {e.id for e in sub.entities} == {"kismet", "ingrid bergman", "wolfgang"}
    assert filled.subgraph(["nobody"], hops=2).entities == ()


def test_hub_is_capped_deterministically(store: GraphStore) -> None:
    store.upsert_entities([Entity("hub", "English")] + [Entity(f"f{i:03d}", f"Film {i}") for i in range(300)])
    store.upsert_relations(
        [Relation(f"f{i:03d}", "hub", "in_language", weight=1.0 + (i % 10 == 0)) for i in range(300)]
    )
    sub = store.subgraph(["hub"], hops=1, per_node=25)
    assert sub.truncated
    kept = sorted(e.id for e in sub.entities if e.id != "hub")
    assert len(kept) == 25 and len(sub.relations) == 25
    heavy = {f"f{i:03d}" for i in range(0, 300, 10)}
    assert set(kept) <= heavy, "highest-weight edges are kept first"
    assert store.subgraph(["hub"], hops=1, per_node=25) == sub


def test_entity_limit(store: GraphStore) -> None:
    store.upsert_entities([Entity(f"c{i}", f"C {i}") for i in range(50)])
    store.upsert_relations([Relation(f"c{i}", f"c{i + 1}", "next") for i in range(49)])
    sub = store.subgraph(["c0"], hops=5, limit=4)
    assert [e.id for e in sub.entities] == ["c0", "c1", "c2", "c3"]
    assert sub.truncated


@pytest.mark.parametrize(("kwargs", "match"), [({"hops": -1}, "hops"), ({"hops": 9}, "hops"), ({"limit": 0}, "limit"),
                                               ({"per_node": 0}, "per_node")])  # fmt: skip
def test_bad_subgraph_arguments(filled: GraphStore, kwargs: dict[str, int], match: str) -> None:
    with pytest.raises(InvalidInput, match=match):
        filled.subgraph(["li hua"], **kwargs)
    with pytest.raises(InvalidInput):
        filled.subgraph("li hua")  # type: ignore[arg-type]


def test_shortest_path_crosses_edges_in_either_direction(filled: GraphStore) -> None:
    [path] = filled.shortest_paths("東京タワー", "paris", max_hops=5)
    assert path.entity_ids == ("東京タワー", "li hua", "wolfgang", "paris jazz festival", "paris")
    assert path.format() == (
        "東京タワー ← visited ← Li Hua → met → Wolfgang → attended → Paris Jazz Festival → located_in → Paris"
    )
    assert filled.shortest_paths("東京タワー", "paris", max_hops=3) == []


def test_all_shortest_paths_are_returned_in_order(store: GraphStore) -> None:
    store.upsert_entities([Entity(i, i.upper()) for i in ("a", "b1", "b2", "b3", "c", "d")])
    store.upsert_relations([Relation("a", "b1", "r"), Relation("a", "b2", "r"), Relation("b3", "a", "r"),
                            Relation("b1", "c", "r"), Relation("b2", "c", "r"), Relation("c", "b3", "s"),
                            Relation("c", "d", "r")])  # fmt: skip
    paths = store.shortest_paths("a", "c", max_hops=4)
    assert [p.entity_ids for p in paths] == [("a", "b1", "c"), ("a", "b2", "c"), ("a", "b3", "c")]
    assert len(store.shortest_paths("a", "c", max_hops=4, limit=2)) == 2
    assert store.shortest_paths("a", "d", max_hops=3)[0].entity_ids == ("a", "b1", "c", "d")
    [self_path] = store.shortest_paths("a", "a")
    assert self_path.entity_ids == ("a",) and len(self_path) == 0


def test_shortest_paths_unknown_endpoint(filled: GraphStore) -> None:
    with pytest.raises(NotFound, match="atlantis"):
        filled.shortest_paths("li hua", "atlantis")
    with pytest.raises(InvalidInput, match="max_hops"):
        filled.shortest_paths("li hua", "paris", max_hops=0)


def test_neighbors_cap_per_entity(filled: GraphStore) -> None:
    rows = filled.neighbors(["wolfgang"], per_node=2)
    assert len(rows) == 2
    assert rows[0][1].predicate == "met", "the weight-2 edge comes first"


def test_limit_keeps_the_first_paths_of_the_full_sorted_list(store: GraphStore) -> None:
    names = ["s", "a1", "a2", "b1", "b2", "m", "y", "t"] + [f"leaf{i}" for i in range(5)]
    store.upsert_entities([Entity(n, n) for n in names])
    edges = [("s", "a1"), ("s", "a2"), ("a1", "b1"), ("a1", "b2"), ("a2", "b1"), ("a2", "b2"), ("b1", "m"),
             ("b2", "m"), ("m", "y"), ("y", "t")] + [("y", f"leaf{i}") for i in range(5)]  # fmt: skip
    store.upsert_relations([Relation(a, b, "r") for a, b in edges])
    everything = store.shortest_paths("s", "t", max_hops=6, limit=100)
    assert len(everything) == 4
    assert store.shortest_paths("s", "t", max_hops=6, limit=2) == everything[:2]


def test_top_entities_orders_by_degree_then_id(filled: GraphStore) -> None:
    # wolfgang has 3 relations; kismet, li hua and paris jazz festival 2 each (ties by id); then degree 1
    assert filled.top_entities(5) == ["wolfgang", "kismet", "li hua", "paris jazz festival", "ingrid bergman"]
    assert filled.top_entities(1) == ["wolfgang"]
    with pytest.raises(InvalidInput, match="limit"):
        filled.top_entities(0)
