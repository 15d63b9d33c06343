"""Predicate alignment: the type profile, the signals, the score and the choice, and records rewritten with it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from graphproof.graph.model import Entity, Relation
from graphproof.loaders.enrichment import EnrichmentRecords, align_records
from graphproof.loaders.errors import LoaderError
from graphproof.loaders.relation_types import (
    Aligner,
    AlignmentError,
    Candidate,
    EndProfile,
    Evidence,
    Signals,
    TypeProfile,
    Weights,
    build_profile,
    candidates,
    choose,
    good_turing_new,
    overlap,
    phrase_and_context,
    roles_of,
    score,
    shape,
    shape_fit,
)

CREATED = "2026-11-25T10:00:00+00:00"
# a toy semantic space: each axis is one idea; a text's vector is the sum of its words' axes, normalised
AXES = {"direct": 0, "director": 0, "star": 1, "actor": 1, "release": 2, "year": 2, "write": 3, "written": 3}


def fake_embed(texts: Sequence[str]) -> np.ndarray:
    rows = np.zeros((len(texts), 5), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in text.casefold().replace("_", " ").split():
            for stem, axis in AXES.items():
                if word.startswith(stem):
                    rows[row, axis] += 1.0
        rows[row, 4] += 0.1  # every text shares a little, so no vector is zero
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _graph() -> tuple[list[Relation], dict[str, Entity]]:
    """Films with directors, actors and years; one co-occurrence edge and one enrichment edge (not types)."""
    films = [("Kismet", "William Dieterle", "Marlene Dietrich", "1944"), ("Casablanca", "Michael Curtiz",
             "Ingrid Bergman", "1942"), ("Gilda", "Charles Vidor", "Rita Hayworth", "1946"),
             ("Laura", "Otto Preminger", "Gene Tierney", "1944")]  # fmt: skip
    relations = []
    for film, director, actor, year in films:
        relations += [
            Relation(film.casefold(), director.casefold(), "directed_by", film, director),
            Relation(film.casefold(), actor.casefold(), "stars", film, actor),
            Relation(film.casefold(), year, "release_year", film, year),
        ]
    relations.append(Relation("kismet", "casablanca", "related_to", "Kismet", "Casablanca"))
    relations.append(Relation("gilda", "laura", "sequel_of", "Gilda", "Laura", origin="enrichment",
                              source_url="file:///x", confidence=0.5, created_at=CREATED))  # fmt: skip
    names = {r.source_id: r.source_name for r in relations} | {r.target_id: r.target_name for r in relations}
    return relations, {i: Entity(i, n) for i, n in names.items()}


def _profile() -> TypeProfile:
    relations, entities = _graph()
    roles = roles_of([(r.source_id, r) for r in relations] + [(r.target_id, r) for r in relations])
    return build_profile(relations, entities, roles, min_count=2)


def _aligner(weights: Weights | None = None) -> Aligner:
    return Aligner(_profile(), fake_embed, weights)


def _one(evidence: Evidence, weights: Weights | None = None) -> tuple[str, bool] | None:
    [found] = _aligner(weights).align([evidence])
    return None if found is None else (found.type, found.reversed)


# the profile ---------------------------------------------------------------------------------------
def test_shapes() -> None:
    assert [shape(n) for n in ("1999", "42", "3.5", "Room 302", "Kismet", "wide audience", "…")] == [
        "four-digit", "number", "number", "alphanumeric", "capitalised", "lowercase", "other",
    ]  # fmt: skip


def test_profile_reads_types_their_end_shapes_and_roles_and_skips_co_occurrence_and_enrichment() -> None:
    profile = _profile()
    assert profile.names() == ["directed_by", "release_year", "stars"]  # by count, then name
    year = profile.types[1]
    assert year.count == 4 and year.tail.shapes == {"four-digit": 1.0} and year.head.shapes == {"capitalised": 1.0}
    # every film heads all three types; the years only end release_year
    assert year.head.roles[("stars", "head")] == 1.0 and year.tail.roles == {("release_year", "tail"): 1.0}
    assert build_profile(_graph()[0], _graph()[1], {}, min_count=5).types == ()
    with pytest.raises(AlignmentError, match="min_count"):
        build_profile([], {}, {}, min_count=0)


# signals and the score ------------------------------------------------------------------------------
def test_score_is_the_weighted_sum_of_the_docstring() -> None:
    signals = Signals(lexical=1.0, context=0.5, cosine=0.4, ends=0.8, shapes=0.3, voice=-1.0, asked=0.6)
    weights = Weights(lexical=1.0, context=0.5, cosine=0.5, ends=1.0, shapes=0.5, voice=0.25, asked=0.5)
    # 1·1 + 0.5·0.5 + 0.5·0.4 + 1·0.8 + 0.5·0.3 + 0.25·(-1) + 0.5·0.6 = 2.45
    assert score(signals, weights) == pytest.approx(2.45)
    assert score(signals, Weights(lexical=0, context=0, cosine=0, ends=0, shapes=0, voice=0, asked=0)) == 0.0


def test_shape_fit_weighs_a_shape_by_how_rare_it_is_over_all_ends() -> None:
    years = EndProfile(shapes={"four-digit": 1.0})
    overall = EndProfile(shapes={"four-digit": 0.2, "capitalised": 0.8}, types={"date": 0.1})
    assert shape_fit("1945", "", years, overall) == pytest.approx(0.8)  # 1.0 · (1 − 0.2)
    assert shape_fit("Spellbound", "", years, overall) == 0.0
    names = EndProfile(shapes={"capitalised": 0.9}, types={"date": 0.5})
    assert shape_fit("Gilda", "", names, overall) == pytest.approx(0.18)  # 0.9 · (1 − 0.8)
    # with entity types on both sides: the mean of the shape's and the type's fits
    assert shape_fit("Gilda", "Date", names, overall) == pytest.approx((0.18 + 0.5 * 0.9) / 2)


def test_overlap_matches_stems_and_long_prefixes_only() -> None:
    assert overlap(("direct",), ["director"]) == 1.0  # a ≥ 4-letter prefix
    assert overlap(("star", "actor"), ["stars", "in"]) == 0.5
    assert overlap(("act",), ["actual"]) == 0.0  # "act" is shorter than 4 letters: equal stems only
    assert overlap((), ["anything"]) == 0.0


def test_phrase_is_the_predicate_or_the_words_between_the_names_after_the_last_other_name() -> None:
    evidence = Evidence("Kismet", "related_to", "1944", sentence="Kismet was directed by William Dieterle and "
                        "released in 1944.")  # fmt: skip
    assert phrase_and_context(evidence) == (["and", "released", "in"], [])
    nominal = Evidence(
        "Kismet", "related_to", "William Dieterle", sentence="The director of Kismet is William Dieterle."
    )
    assert phrase_and_context(nominal) == (["is"], ["The", "director", "of"])
    listed = Evidence("Kismet", "related_to", "Ann Todd", sentence="Cast of Kismet: Gene Tierney and Ann Todd.")
    assert phrase_and_context(listed) == (["and"], ["Cast", "of"])


def test_choose_takes_the_best_above_the_minimum_with_a_margin_over_other_types() -> None:
    def cand(type_: str, reversed_: bool, lexical: float) -> Candidate:
        return Candidate(type_, reversed_, Signals(lexical, 0.0, 0.0, 0.0, 0.0, 0.0))

    weights = Weights(lexical=1.0, min_score=0.5, min_margin=0.2)
    found = [cand("a", False, 0.9), cand("a", True, 0.85), cand("b", False, 0.6)]
    chosen = choose(found, weights)
    assert chosen is not None and (chosen.type, chosen.reversed, chosen.score) == ("a", False, 0.9)
    # the same type's other orientation is not a rival; another type within the margin is
    assert choose([cand("a", False, 0.9), cand("b", False, 0.75)], weights) is None
    assert choose([cand("a", False, 0.4)], weights) is None  # below min_score
    assert choose([], weights) is None


# alignment ------------------------------------------------------------------------------------------
def test_passive_voice_keeps_the_direction_and_active_voice_reverses_it() -> None:
    passive = Evidence("Spellbound", "was_directed_by", "Alfred Hitchcock", "name", "name",
                       "Spellbound was directed by Alfred Hitchcock.")  # fmt: skip
    active = Evidence("Alfred Hitchcock", "related_to", "Spellbound", "name", "name",
                      "Alfred Hitchcock directed Spellbound.")  # fmt: skip
    assert _one(passive) == ("directed_by", False)
    assert _one(active) == ("directed_by", True)


def test_a_year_tail_aligns_to_the_type_whose_tails_are_years_in_either_order() -> None:
    weights = Weights(shapes=1.0, min_score=0.4, min_margin=0.1)  # new entities: their shapes are the clue
    came_out = Evidence("Spellbound", "came_out_in", "1945", sentence="Spellbound came out in 1945.")
    assert _one(came_out, weights) == ("release_year", False)
    # no wording at all ("In 1945, Spellbound opened"): the ends decide, the year goes to the tail
    opened = Evidence("1945", "related_to", "Spellbound", sentence="In 1945, Spellbound opened.")
    assert _one(opened, weights) == ("release_year", True)
    # a year already in the graph as a release year decides by its role, without any shape
    known = Evidence("1944", "related_to", "Spellbound", sentence="In 1944, Spellbound opened.",
                     head_roles=frozenset({("release_year", "tail")}))  # fmt: skip
    assert _one(known, Weights(shapes=0.0, min_score=0.5, min_margin=0.1)) == ("release_year", True)


def test_direction_from_the_roles_the_ends_already_play() -> None:
    evidence = Evidence("Ingrid Bergman", "starred_in", "Gilda", sentence="Ingrid Bergman starred in Gilda.",
                        head_roles=frozenset({("stars", "tail")}),
                        tail_roles=frozenset({("directed_by", "head"), ("stars", "head")}))  # fmt: skip
    assert _one(evidence) == ("stars", True)


def test_the_question_a_triple_was_found_for_says_what_it_most_likely_states() -> None:
    """"Ann Todd appears in Gilda" shares no word with any type; found for "who are the actors in Gilda", the
    question's reading (the asked signal) decides; found for no question, it stays free text."""
    appears = Evidence("Ann Todd", "appears_in", "Gilda", sentence="Ann Todd appears in Gilda.",
                       tail_roles=frozenset({("directed_by", "head"), ("stars", "head")}))  # fmt: skip
    weights = Weights(asked=1.0, min_score=0.9, min_margin=0.2)
    assert _one(appears, weights) is None
    asked = Evidence(**{**appears.__dict__, "question": "who are the actors in"})
    assert _one(asked, weights) == ("stars", True)
    by_director = Evidence(**{**appears.__dict__, "question": "who is the director of"})
    assert _one(by_director, weights) == ("directed_by", True)  # the lexical reading: "director" ~ "direct"
    [found] = _aligner(weights).candidates([asked])
    stars = [c.signals.asked for c in found if c.type == "stars"]
    # the question names no direction; only one orientation is left: the other would put the film Gilda at the
    # actors' end, whose entities play none of a film's roles
    assert stars == [pytest.approx(1.0, abs=0.01)]
    assert [c.reversed for c in found if c.type == "stars"] == [True]
    assert _one(asked, Weights(asked=0.0, min_score=0.9, min_margin=0.2)) is None, "weight 0: as without"


def test_a_new_end_of_a_shape_an_end_rarely_has_rules_the_candidate_out() -> None:
    """With lower-case tags in the graph, "critics" (lower case) fits only the tag end: at the films, directors,
    actors and years it is far rarer than at ends overall, so no weighting makes it a film."""
    relations, entities = _graph()
    tags = [Relation(f.casefold(), tag, "has_tags", f, tag) for f in ("Kismet", "Gilda", "Laura") for tag in
            ("noir", "classic")]  # fmt: skip
    entities |= {t: Entity(t, t) for t in ("noir", "classic")}
    everything = relations + tags
    roles = roles_of([(r.source_id, r) for r in everything] + [(r.target_id, r) for r in everything])
    profile = build_profile(everything, entities, roles, min_count=2)
    praised = Evidence("Ann Todd", "was_praised_by", "critics", sentence="Gilda, starring Ann Todd, was praised by "
                       "critics.", question="who are the actors in")  # fmt: skip
    assert {(c.type, c.reversed) for c in candidates(praised, profile, None, None)} == {("has_tags", False)}
    # a year takes the year end only; a capitalised name every end but the years and tags has fits the others
    year = Evidence("Gilda", "came_out_in", "1946")
    assert {(c.type, c.reversed) for c in candidates(year, profile, None, None)} == {("release_year", False)}
    name = Evidence("Gilda", "features", "Ann Todd")
    assert {c.type for c in candidates(name, profile, None, None)} == {"directed_by", "stars"}
    # an end already in the graph is judged by its roles, not ruled out by its shape
    known = Evidence("Ann Todd", "appears_in", "gilda", tail_roles=frozenset({("stars", "head")}))
    assert ("stars", True) in {(c.type, c.reversed) for c in candidates(known, profile, None, None)}
    # with no lower-case end anywhere (the plain toy graph) the shape tells nothing and rules nothing out
    assert candidates(praised, _profile(), None, None)


def test_a_predicate_that_fits_no_type_stays_free_text() -> None:
    praised = Evidence("Kismet", "was_praised_by", "critics", "name", "concept", "Kismet was praised by critics.")
    assert _one(praised) is None
    lunch = Evidence("Adam Smith", "had_lunch_with", "Li Hua", sentence="Adam Smith had lunch with Li Hua.")
    assert _one(lunch) is None


def test_bad_input_raises_or_gives_none_as_documented() -> None:
    with pytest.raises(AlignmentError, match="empty predicate") as error:
        Evidence("Kismet", " ", "1944")
    assert "'Kismet'" in str(error.value) and isinstance(error.value, LoaderError)
    with pytest.raises(AlignmentError, match="empty head"):
        Evidence("", "directed_by", "X")
    with pytest.raises(AlignmentError, match="voice"):
        Weights(voice=-0.1)
    # a graph with no relation types: nothing to align to, every triple stays free text
    assert Aligner(TypeProfile(), fake_embed).align([Evidence("Kismet", "came_out_in", "1944")]) == [None]
    assert candidates(Evidence("Kismet", "came_out_in", "1944"), TypeProfile(), None, None) == []
    assert _aligner().align([]) == []


def test_records_are_rewritten_with_type_and_direction_and_keep_the_extracted_predicate() -> None:
    def edge(source: str, predicate: str, target: str, sentence: str, confidence: float) -> Relation:
        return Relation(source.casefold(), target.casefold(), predicate, source, target, description=sentence,
                        origin="enrichment", source_url="file:///p.html", confidence=confidence,
                        created_at=CREATED)  # fmt: skip

    records = EnrichmentRecords(relations=[
        edge("Alfred Hitchcock", "related_to", "Spellbound", "Alfred Hitchcock directed Spellbound.", 0.7),
        edge("Spellbound", "was_directed_by", "Alfred Hitchcock", "Spellbound was directed by Alfred Hitchcock.", 0.9),
        edge("Spellbound", "was_praised_by", "critics", "Spellbound was praised by critics.", 0.5),
    ])  # fmt: skip
    aligned, decided = align_records(records, _aligner(), {}, {})
    assert [d.alignment is not None for d in decided] == [True, True, False]
    by_predicate = {r.predicate: r for r in aligned.relations}
    assert sorted(by_predicate) == ["directed_by", "was_praised_by"]  # two triples, one typed edge
    typed = by_predicate["directed_by"]
    assert (typed.source_id, typed.target_id, typed.source_name) == ("spellbound", "alfred hitchcock", "Spellbound")
    assert typed.confidence == 0.9 and typed.origin == "enrichment" and typed.source_url == "file:///p.html"
    assert typed.description.endswith("[extracted as: Spellbound -[was_directed_by]-> Alfred Hitchcock]")
    assert typed.id == Relation("spellbound", "alfred hitchcock", "directed_by").id


def test_good_turing_new_is_the_share_of_draws_whose_value_occurs_once() -> None:
    assert good_turing_new(["drama", "drama", "comedy", "war"]) == 0.5
    assert good_turing_new(["drama", "drama"]) == 0.0
    assert good_turing_new([]) == 1.0


def _genre_profile() -> tuple[TypeProfile, dict[str, frozenset[tuple[str, str]]]]:
    """400 films, each with a director of its own (an open end) and one of three genres (a closed end), and one
    tag each from 200 tags (an open end: half the tags occur once)."""
    genres, relations = ("drama", "comedy", "western"), []
    for i in range(400):
        film = f"film {i}"
        relations.append(Relation(film, genres[i % 3], "has_genre", film.title(), genres[i % 3].title()))
        director = f"Director {chr(65 + i % 26)}{chr(97 + i // 26)}"  # capitalised, no digit: one each
        relations.append(Relation(film, director.casefold(), "directed_by", film.title(), director))
        tag = f"tag {i if i < 100 else i % 50}"
        relations.append(Relation(film, tag, "has_tags", film.title(), tag))
    names = {r.source_id: r.source_name for r in relations} | {r.target_id: r.target_name for r in relations}
    roles = roles_of([(r.source_id, r) for r in relations] + [(r.target_id, r) for r in relations])
    return build_profile(relations, {i: Entity(i, n) for i, n in names.items()}, roles), roles


def test_a_closed_end_takes_only_values_it_already_has() -> None:
    """A genre end (three values over 400 edges, none once: closed) takes an existing genre, never a new value
    nor an entity of the graph that is no genre; a director end (every value once: open) takes a new name."""
    profile, roles = _genre_profile()
    ends = {t.name: t for t in profile.types}
    assert ends["has_genre"].tail.closed and ends["has_genre"].tail.new_value == 0.0
    assert not ends["directed_by"].tail.closed and not ends["has_tags"].tail.closed
    assert not ends["has_genre"].head.closed  # 400 films, each once

    def typed(evidence: Evidence) -> set[tuple[str, bool]]:
        return {(c.type, c.reversed) for c in candidates(evidence, profile, None, None)}

    film = roles["film 1"]
    western = Evidence("Film 1", "is_a", "Western", head_roles=film, tail_roles=roles["western"])
    assert typed(western) == {("has_genre", False)}  # a class: only the closed end
    film_kind = Evidence("Film 1", "is_a", "film", head_roles=film)  # "Film 1 is a film by …": no genre
    assert typed(film_kind) == set()
    tagged = Evidence("Film 1", "is_a", "Tag 3", head_roles=film, tail_roles=roles["tag 3"])
    assert ("has_tags", False) not in typed(tagged)  # a tag is not a class
    by = Evidence("Film 1", "was_made_by", "Ann Todd", head_roles=film)
    assert ("directed_by", False) in typed(by) and ("has_genre", False) not in typed(by)
    a_tag_as_film = Evidence("Tag 3", "was_made_by", "Ann Todd", head_roles=roles["tag 3"])
    assert typed(a_tag_as_film) == set()  # no film plays a tag's role: a tag is no film, whatever the words say
    a_tag_as_genre = Evidence("Film 1", "related_to", "Tag 3", head_roles=film, tail_roles=roles["tag 3"])
    assert ("has_genre", False) not in typed(a_tag_as_genre) and ("has_tags", False) in typed(a_tag_as_genre)
