"""Model invariants: ids, validation, formatting."""

from __future__ import annotations

import pytest
from graphproof.graph.model import Chunk, Entity, Path, Relation, normalize_id, relation_id


def test_normalize_id() -> None:
    assert normalize_id("  Li   Hua ") == normalize_id("LI HUA") == "li hua"
    assert normalize_id("ＡＢＣ") == "abc"
    assert normalize_id("Help!") != normalize_id("Help")
    with pytest.raises(ValueError, match="empty"):
        normalize_id("   ")


def test_relation_ids_are_deterministic_per_triple() -> None:
    a = Relation("x", "y", "likes", description="one")
    b = Relation("x", "y", "likes", description="two")
    assert a.id == b.id == relation_id("x", "likes", "y")
    assert Relation("y", "x", "likes").id != a.id


def test_relation_text_is_the_edge_information() -> None:
    r = Relation("kismet", "ingrid bergman", "starred_actors", source_name="Kismet", target_name="Ingrid Bergman",
                 keywords="film cast", description="Bergman stars in Kismet")  # fmt: skip
    assert r.text == "starred actors film cast Kismet Ingrid Bergman Bergman stars in Kismet"


def test_enrichment_relations_need_provenance() -> None:
    with pytest.raises(ValueError, match="source_url"):
        Relation("x", "y", "p", origin="enrichment", confidence=0.5, created_at="2026-01-01")
    with pytest.raises(ValueError, match="origin"):
        Relation("x", "y", "p", origin="web")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="confidence"):
        Relation("x", "y", "p", confidence=1.5)


def test_required_fields() -> None:
    with pytest.raises(ValueError, match=r"Entity\.name"):
        Entity("x", " ")
    with pytest.raises(ValueError, match="ordinal"):
        Chunk("c", "d", -1, "t")


def test_path_format_and_shape() -> None:
    a, b = Entity.named("A"), Entity.named("B")
    path = Path((a, b), (Relation("a", "b", "knows"),))
    assert path.format() == "A → knows → B" and len(path) == 1
    with pytest.raises(ValueError, match="one more entity"):
        Path((a,), (Relation("a", "b", "knows"),))
