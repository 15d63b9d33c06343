"""The enrichment benchmark's data: which facts are removed, and that removed means gone from the KB."""

from __future__ import annotations

import pytest
from graphproof.evaluation.enrichment_pages import fact_pages, removed_facts
from graphproof.evaluation.errors import DatasetError


def _kb() -> list[tuple[str, str, str]]:
    facts = [(f"Film {i}", "directed_by", f"Director {i}") for i in range(20)]
    facts += [(f"Film {i}", "release_year", str(1950 + i)) for i in range(20)]
    facts += [(f"Film {i}", "starred_actors", f"Actor {i}") for i in range(20)]
    facts += [(f"Film {i}", "has_genre", "Drama") for i in range(20)]
    return facts


def test_a_share_of_each_relation_is_removed_and_the_rest_kept() -> None:
    facts = _kb()
    kept, removed = removed_facts(facts, share=0.25, seed=3)
    for relation in ("directed_by", "release_year", "starred_actors"):
        assert sum(f[1] == relation for f in removed) == 5
    assert not any(f[1] == "has_genre" for f in removed)
    assert sorted(kept + removed) == sorted(facts)
    assert removed_facts(facts, share=0.25, seed=3) == (kept, removed)
    assert removed_facts(facts, share=0.25, seed=4)[1] != removed


def test_a_fact_stated_twice_is_removed_with_every_copy() -> None:
    # MetaQA's kb.txt states some facts twice (same-title films merged): a copy left behind keeps the fact
    # in the graph, so the benchmark could neither lose nor recover it
    facts = _kb()
    facts += [f for f in facts if f[1] == "directed_by"]  # every directed_by fact twice
    kept, removed = removed_facts(facts, share=0.25, seed=3)
    directed = [f for f in removed if f[1] == "directed_by"]
    assert directed and len(directed) == len(set(directed))
    assert not set(removed) & set(kept)
    assert set(kept) | set(removed) == set(facts)


def test_a_share_outside_zero_and_one_or_a_missing_relation_is_refused() -> None:
    with pytest.raises(DatasetError, match="share"):
        removed_facts(_kb(), share=1.0)
    with pytest.raises(DatasetError, match="written_by"):
        removed_facts(_kb(), relations=("written_by",))


def test_pages_state_each_removed_fact_of_their_film(tmp_path) -> None:  # type: ignore[no-untyped-def]
    kept, removed = removed_facts(_kb(), share=0.25, seed=3)
    pages = fact_pages(removed, kept, tmp_path / "pages", seed=0, distractor_pages=2)
    text = " ".join(p.read_text(encoding="utf-8") for p in (tmp_path / "pages").glob("*.html"))
    assert pages.pages == len({f[0] for f in removed})
    for _, _, obj in removed:
        assert obj in text
    with pytest.raises(DatasetError, match="phrasing set"):
        fact_pages(removed, kept, tmp_path / "x", phrasings="nope")
