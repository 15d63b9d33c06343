"""Subgraph selection and the HTML page: escaping, caps, overview by degree."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.model import Entity, Relation, Subgraph
from graphproof.graph.sqlite_store import SQLiteStore

from graphproof.errors import ExportError
from graphproof.export import export_html, render_html, select_subgraph

EVIL = "</script><script>alert(1)</script>"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    with SQLiteStore(tmp_path / "g.db") as s:
        yield s


def star(store: SQLiteStore, hub: str, leaves: int, prefix: str) -> None:
    entities = [Entity.named(hub, "Hub")] + [Entity.named(f"{prefix}{i}", "Leaf") for i in range(leaves)]
    store.upsert_entities(entities)
    store.upsert_relations(
        Relation(entities[0].id, leaf.id, "links", hub, leaf.name, description=f"{hub} links {leaf.name}")
        for leaf in entities[1:]
    )


def test_top_entities_by_degree(store: SQLiteStore) -> None:
    star(store, "Big", 5, "b")
    star(store, "Small", 2, "s")
    assert store.top_entities(2) == ["big", "small"]


def test_overview_of_a_large_graph_starts_from_hubs(store: SQLiteStore) -> None:
    star(store, "Big", 30, "b")
    star(store, "Small", 3, "s")
    sub = select_subgraph(store, hops=1, limit=10)
    assert len(sub.entities) == 10 and sub.truncated
    assert "big" in sub.seeds


def test_small_graph_is_shown_whole(store: SQLiteStore) -> None:
    star(store, "Big", 4, "b")
    star(store, "Small", 2, "s")
    sub = select_subgraph(store, limit=50)
    assert (len(sub.entities), len(sub.relations), sub.truncated) == (8, 6, False)


def test_empty_store_and_unknown_entity_are_clear_errors(store: SQLiteStore) -> None:
    with pytest.raises(ExportError, match="no entities"):
        select_subgraph(store)
    star(store, "Big", 1, "b")
    with pytest.raises(ExportError, match="unknown entity 'Nope'"):
        select_subgraph(store, ["Nope"])


def test_page_escapes_graph_text(store: SQLiteStore, tmp_path: Path) -> None:
    evil, plain = Entity.named(EVIL, "X<y>", "desc </script>"), Entity.named("Plain")
    store.upsert_entities([evil, plain])
    store.upsert_relations([Relation(evil.id, plain.id, "rel", EVIL, "Plain", description="a </ b")])
    result = export_html(store, tmp_path / "p.html", title=f"title {EVIL}")
    page = result.path.read_text(encoding="utf-8")
    assert EVIL not in page and "alert(1)</script>" not in page
    assert "title &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the caption and <title>
    assert (result.entities, result.relations) == (2, 1)


def test_render_html_without_relations() -> None:
    lonely = Entity.named("Lonely")
    page = render_html(Subgraph(entities=(lonely,), relations=(), seeds=(lonely.id,)), "only nodes")
    assert "<title>only nodes</title>" in page and "Lonely" in page
    assert "1 entities, 0 relations" in page
