"""The shared analyzer: English, CJK bigrams, normalisation, alias keys."""

from __future__ import annotations

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.text.names import alias_key


def test_english_words_are_folded_stemmed_and_stop_words_dropped() -> None:
    assert default_analyzer().tokens("The Running Dogs AND the cats!") == ["run", "dog", "cat"]


def test_without_stemming() -> None:
    assert Analyzer(stem=False).tokens("Running dogs") == ["running", "dogs"]


def test_punctuation_and_underscores_separate_words() -> None:
    assert default_analyzer().tokens('starred_actors "Kismet" (1944): a*b') == ["star", "actor", "kismet", "1944", "b"]


def test_japanese_runs_become_bigrams_and_latin_inside_stays_a_word() -> None:
    assert default_analyzer().tokens("東京タワーでJazzを聴いた") == [
        "東京", "京タ", "タワ", "ワー", "ーで", "jazz", "を聴", "聴い", "いた",
    ]  # fmt: skip


def test_korean_and_single_characters() -> None:
    assert default_analyzer().tokens("재즈 공연 봤다 猫") == ["재즈", "공연", "봤다", "猫"]


def test_nfkc_folds_fullwidth_forms() -> None:
    assert default_analyzer().tokens("ＰＡＲＩＳ １２３") == ["pari", "123"]


def test_query_terms_are_distinct_in_first_seen_order() -> None:
    assert default_analyzer().query_terms("jazz festival jazz Paris") == ["jazz", "festiv", "pari"]


def test_index_parts_equals_index_text_of_the_joined_parts() -> None:
    analyzer = Analyzer()
    parts = ["starred actors", "", "Kismet", "Ingrid Bergman", "東京タワーで聴いた。A long description here."]
    assert analyzer.index_parts(parts) == analyzer.index_text(" ".join(parts))
    assert analyzer.index_parts(parts) == analyzer.index_parts(parts)  # cached path gives the same


def test_alias_keys_merge_spelling_variants() -> None:
    assert alias_key("Li Hua") == alias_key("LiHua") == alias_key("li-hua") == alias_key("Li.Hua") == "lihua"
    analyzer = Analyzer()
    assert analyzer.entity_text("Li Hua") == "li hua lihua"
    assert analyzer.entity_text("Paris") == "pari"
    assert analyzer.entity_text("東京タワー") == analyzer.index_text("東京タワー")


def test_empty_and_symbol_only_text() -> None:
    assert default_analyzer().tokens("") == []
    assert default_analyzer().tokens("?!… —") == []


def test_metadata_words_name_the_month_and_weekday() -> None:
    from graphproof.graph.analyzer import metadata_words

    assert metadata_words({"time": "20260428_17:00", "date": "2026-04-28"}) == "20260428_17:00 2026-04-28 April Tuesday"
    assert metadata_words({"date": "2026-02-30"}) == "2026-02-30", "an impossible date adds no names"
    assert metadata_words({}) == ""
