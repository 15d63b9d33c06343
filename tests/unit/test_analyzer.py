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


def test_metadata_words_write_chat_handles_as_names() -> None:
    from graphproof.graph.analyzer import default_analyzer, metadata_words

    words = metadata_words({"speakers": "JakeWatson,LiHua,Thrall"})
    assert words == "JakeWatson,LiHua,Thrall Jake Watson Li Hua", "a one-word handle is not repeated"
    analyzer = default_analyzer()
    indexed = set(analyzer.chunk_text("Ready for the match?", {"speakers": "JakeWatson,LiHua"}).split())
    assert set(analyzer.query_terms("What does Jake Watson think?")) <= indexed | {"think"}
    assert {"jakewatson", "jake", "watson", "li", "hua", "lihua"} <= indexed


def test_every_written_form_of_a_date_shares_one_term() -> None:
    analyzer = default_analyzer()
    forms = ["2026-04-28", "2026/4/28", "April 28, 2026", "april 28th 2026", "28 April 2026", "28th of April, 2026"]
    for form in forms:
        assert analyzer.tokens(f"the talk on {form} went well")[1] == "20260428", form
    assert "20260428" in analyzer.tokens("Time: 20260428_17:00")  # the stamp chat logs write
    assert analyzer.tokens("on 2026-04-28 at 5 PM") == ["20260428", "2026", "04", "28", "5", "pm"]


def test_impossible_or_embedded_dates_give_no_date_term() -> None:
    analyzer = default_analyzer()
    for text in ("2026-13-45", "February 30, 2026", "release v1.2026-04-28", "build 2026-04-28-beta", "April 2026"):
        assert not any(len(t) == 8 and t.isdigit() for t in analyzer.tokens(text)), text


def test_dates_lists_each_named_day_once_in_order() -> None:
    analyzer = default_analyzer()
    assert analyzer.dates("Between April 28, 2026 and 2026-05-02, and again on 2026/4/28?") == ["20260428", "20260502"]
    assert analyzer.dates("No day here, only 2026 and 28 reps.") == []
    assert analyzer.dates("Stamped 20260428_17:00; order 12345678, id 20261399") == ["20260428"]
