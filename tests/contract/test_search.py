"""Full-text and vector search through the store's own indexes, including hostile query text."""

from __future__ import annotations

from itertools import pairwise

import pytest
from graphproof.graph.store import GraphStore, InvalidInput, StoreError


def test_edge_search_ranks_the_matching_edge_first(filled: GraphStore) -> None:
    hits = filled.search_relations("who starred in Kismet?", k=3)
    assert hits[0].item.predicate == "starred_actors"
    assert hits[0].item.source_name == "Kismet"
    assert all(a.score >= b.score > 0 for a, b in pairwise(hits))


def test_edge_search_reads_keywords_names_and_description(filled: GraphStore) -> None:
    assert filled.search_relations("music concert", k=1)[0].item.predicate == "attended"
    assert filled.search_relations("favourite", k=1)[0].item.predicate == "loved"
    assert {h.item.predicate for h in filled.search_relations("Li Hua", k=10)} == {"met", "visited"}


def test_k_limits_results(filled: GraphStore) -> None:
    assert len(filled.search_relations("wolfgang", k=2)) == 2
    assert len(filled.search_relations("wolfgang", k=10)) == 3


@pytest.mark.parametrize(
    "text",
    ['"unbalanced', "(paris", "jazz*", "title:paris", "paris AND", "OR NOT", "NEAR(a b)", "a\\b/c", "^~?!{}[]",
     "'; DROP TABLE relations; --", "-paris +jazz", "paris~2", "&& ||"],
)  # fmt: skip
def test_special_characters_are_just_text(filled: GraphStore, text: str) -> None:
    for search in (filled.search_relations, filled.search_chunks, filled.search_entities):
        hits = search(text, k=5)
        assert isinstance(hits, list)
    assert filled.stats().relations == 6


def test_special_characters_do_not_hide_the_words(filled: GraphStore) -> None:
    hits = filled.search_relations('"paris" AND (jazz*):', k=1)
    assert hits[0].item.target_id in {"paris", "paris jazz festival"}


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_text_is_rejected(filled: GraphStore, text: str) -> None:
    with pytest.raises(InvalidInput, match="empty"):
        filled.search_relations(text)
    with pytest.raises(InvalidInput):
        filled.search_chunks(text)


def test_text_with_no_searchable_terms_finds_nothing(filled: GraphStore) -> None:
    assert filled.search_relations("the of and ???") == []
    assert filled.search_chunks("zzzzqqq") == []


@pytest.mark.parametrize("k", [0, -1, 10_001, 2.5, True])
def test_bad_k_is_rejected(filled: GraphStore, k: object) -> None:
    with pytest.raises(InvalidInput, match="k must be"):
        filled.search_relations("paris", k=k)  # type: ignore[arg-type]


def test_chunk_search(filled: GraphStore) -> None:
    hits = filled.search_chunks("jazz festival in Paris", k=2)
    assert hits[0].item.id == "c1"
    assert hits[0].item.text.startswith("Li Hua met")


def test_japanese_and_korean_text_is_searchable(filled: GraphStore) -> None:
    assert filled.search_chunks("東京タワー", k=1)[0].item.id == "c2"
    assert filled.search_chunks("ジャズを聴いた", k=1)[0].item.id == "c2"
    assert filled.search_chunks("재즈 공연", k=1)[0].item.id == "c4"
    assert filled.search_entities("東京", k=1)[0].item.id == "東京タワー"
    assert filled.search_relations("観光", k=1)[0].item.predicate == "visited"


def test_entity_search(filled: GraphStore) -> None:
    hits = filled.search_entities("ingrid", k=5)
    assert [h.item.id for h in hits] == ["ingrid bergman"]
    assert {h.item.id for h in filled.search_entities("paris", k=5)} == {"paris", "paris jazz festival"}
    assert filled.search_entities("paris", k=5)[0].item.id == "paris"


def test_nearest_chunks(filled: GraphStore) -> None:
    hits = filled.nearest_chunks([0.1, 0.9, 0.0, 0.2], k=2)
    assert [h.item.id for h in hits] == ["c2", "c4"]
    assert hits[0].score == pytest.approx(0.9 / (0.01 + 0.81 + 0.04) ** 0.5, rel=1e-5)


def test_nearest_entities_with_and_without_embeddings(filled: GraphStore) -> None:
    assert filled.nearest_entities([1.0, 0.0], k=3) == []
    from graphproof.graph.model import Entity

    filled.upsert_entities(
        [Entity("paris", "Paris", embedding=(1.0, 0.0)), Entity("kismet", "Kismet", embedding=(0.0, 1.0))]
    )
    hits = filled.nearest_entities([0.8, 0.2], k=5)
    assert [h.item.id for h in hits] == ["paris", "kismet"]
    assert hits[0].item.type == "city", "writing an embedding must keep the entity's type"


def test_nearest_with_wrong_dimensions_or_zero_vector(filled: GraphStore) -> None:
    with pytest.raises(StoreError):
        filled.nearest_chunks([1.0, 0.0], k=1)
    with pytest.raises(StoreError):
        filled.nearest_chunks([0.0, 0.0, 0.0, 0.0], k=1)


def test_search_sees_later_writes(filled: GraphStore) -> None:
    from graphproof.graph.model import Relation

    assert filled.search_relations("rehearsed", k=1) == []
    filled.upsert_relations([Relation("li hua", "paris", "rehearsed_in")])
    assert filled.search_relations("rehearsed", k=1)[0].item.target_id == "paris"
    filled.delete_document("d2")
    assert filled.search_relations("starred", k=1) == []


def test_entity_search_finds_spelling_variants(filled: GraphStore) -> None:
    assert filled.search_entities("LiHua", k=1)[0].item.id == "li hua"
    assert filled.search_entities("ingrid-bergman", k=1)[0].item.id == "ingrid bergman"


def test_term_statistics(filled: GraphStore) -> None:
    stats = filled.term_stats("chunks", ["jazz", "wolfgang", "zzz", "jazz"])
    assert stats.rows == 4
    assert dict(stats.df) == {"jazz": 1, "wolfgang": 2, "zzz": 0}
    assert stats.avg_length > 3
    relations = filled.term_stats("relations", ["wolfgang"])
    assert relations.rows == 6 and relations.df["wolfgang"] == 3
    with pytest.raises(InvalidInput):
        filled.term_stats("documents", ["x"])  # type: ignore[arg-type]


def test_chunk_metadata_is_searchable(filled: GraphStore) -> None:
    from graphproof.graph.model import Chunk

    filled.upsert_chunks([Chunk("c5", "d1", 2, "See you then!", metadata={"date": "2026-04-28", "speakers": "Thrall"})])
    assert filled.search_chunks("Thrall in April", k=1)[0].item.id == "c5"
    assert filled.search_chunks("what happened on Tuesday", k=1)[0].item.id == "c5"  # 2026-04-28 was a Tuesday


def test_term_statistics_are_exact_with_all_stop_word_rows(store: GraphStore) -> None:
    """An empty ``tokens`` string (a row of stop words only) counts 0 terms in every backend."""
    from graphproof.graph.model import Chunk, Document

    store.upsert_documents([Document("d", "s.txt", "S", hash="h")])
    store.upsert_chunks([
        Chunk("a", "d", 0, "The and of it.", "ha"),
        Chunk("b", "d", 1, "jazz jazz festival", "hb"),
        Chunk("c", "d", 2, "Is it?", "hc"),
    ])  # fmt: skip
    assert store.analyzer.index_text("The and of it.") == ""
    stats = store.term_stats("chunks", ["jazz", "festiv", "the"])
    assert stats.rows == 3
    assert stats.avg_length == pytest.approx(1.0)  # (0 + 3 + 0) / 3
    assert dict(stats.df) == {"jazz": 1, "festiv": 1, "the": 0}
    store.upsert_chunks([Chunk("e", "d", 3, "jazz", "he")])  # a write invalidates any cached statistics
    again = store.term_stats("chunks", ["jazz"])
    assert (again.rows, again.avg_length, dict(again.df)) == (4, pytest.approx(1.0), {"jazz": 2})


def test_tied_scores_are_ordered_by_id(store: GraphStore) -> None:
    from graphproof.graph.model import Chunk, Document, Entity

    store.upsert_documents([Document("d", "s.txt", "S", hash="h")])
    # inserted in reverse id order, identical text: every score ties
    store.upsert_chunks([Chunk(i, "d", n, "jazz night", f"h{i}") for n, i in enumerate(["z", "m", "b", "a"])])
    store.upsert_entities([Entity(i, "jazz", "genre") for i in ["q", "k", "c"]])
    assert [h.item.id for h in store.search_chunks("jazz", k=4)] == ["a", "b", "m", "z"]
    assert [h.item.id for h in store.search_chunks("jazz", k=2)] == ["a", "b"]
    assert [h.item.id for h in store.search_entities("jazz", k=3)] == ["c", "k", "q"]


def test_a_chunk_scores_its_best_piece(filled: GraphStore) -> None:
    """A chunk also found by its pieces' vectors (a chat's messages): its score is the best of its own and theirs."""
    from dataclasses import replace

    [c3] = filled.chunks(["c3"])
    probe = [0.1, 0.9, 0.0, 0.2]  # near c2's own vector (y)
    pieces = ((0.0, 0.0, 1.0, 0.0), (0.1, 0.9, 0.0, 0.2))  # c3's second piece points where the probe does
    assert filled.upsert_chunks([replace(c3, piece_embeddings=pieces)]) == 1
    hits = filled.nearest_chunks(probe, k=2)
    assert [h.item.id for h in hits] == ["c3", "c2"]
    assert hits[0].score == pytest.approx(1.0, rel=1e-5)
    assert hits[0].item.text == c3.text and hits[0].item.piece_embeddings is None  # pieces are searched, not read
    assert filled.upsert_chunks([replace(c3, piece_embeddings=pieces)]) == 0, "the same pieces change nothing"
    assert filled.upsert_chunks([c3]) == 0, "a chunk written without pieces (None) keeps its stored ones"
    assert filled.nearest_chunks(probe, k=1)[0].item.id == "c3"
    assert filled.upsert_chunks([replace(c3, piece_embeddings=pieces[:1])]) == 1, "other pieces are a change"
    assert filled.nearest_chunks(probe, k=1)[0].item.id == "c2", "the pieces are replaced, not added to"
    assert filled.upsert_chunks([replace(c3, piece_embeddings=pieces)]) == 1
    d2 = filled.documents(["d2"])
    filled.delete_document("d2")  # c3 is a chunk of d2: its pieces go with it
    assert [h.item.id for h in filled.nearest_chunks(probe, k=4)] == ["c2", "c1"]
    filled.upsert_documents(d2)
    filled.upsert_chunks([c3])  # the same id again, written without pieces: no piece of the deleted chunk is left
    assert filled.nearest_chunks(probe, k=1)[0].item.id == "c2"


def test_a_chunk_with_pieces_and_no_pieces(filled: GraphStore) -> None:
    from dataclasses import replace

    [c1] = filled.chunks(["c1"])
    filled.upsert_chunks([replace(c1, piece_embeddings=((0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 0.0)))])
    assert [h.item.id for h in filled.nearest_chunks([0.0, 0.0, 1.0, 0.0], k=2)] == ["c1", "c3"]  # tie by id
    assert filled.upsert_chunks([replace(c1, piece_embeddings=())]) == 1, "() removes the stored pieces"
    assert [h.item.id for h in filled.nearest_chunks([0.0, 0.0, 1.0, 0.0], k=1)] == ["c3"]


def test_a_bad_piece_vector_is_refused_naming_the_chunk(filled: GraphStore) -> None:
    from dataclasses import replace

    [c1] = filled.chunks(["c1"])
    with pytest.raises(InvalidInput, match="piece 1 of chunk 'c1'"):
        filled.upsert_chunks([replace(c1, piece_embeddings=((1.0, 0.0, 0.0, 0.0), (float("nan"), 0.0, 0.0, 0.0)))])
    assert filled.nearest_chunks([1.0, 0.0, 0.0, 0.0], k=1)[0].item.id == "c1"
