"""What a KGQA split lets a graph reader get right: template paths learned on training questions, merged titles."""

from __future__ import annotations

import pytest
from graphproof.reasoning.gnn.qa import QAExample

from benchmarks.kgqa_ceiling import TripleGraph, ceiling_report, read_question, template, template_paths

# Two films titled "Invincible" merged into one entity, as in MetaQA's KB; "Alien" is a film of its own.
TRIPLES = [
    ("Invincible", "directed_by", "Werner Herzog"),
    ("Invincible", "directed_by", "Ericson Core"),
    ("Invincible", "written_by", "Werner Herzog"),
    ("Alien", "directed_by", "Ridley Scott"),
    ("Alien", "written_by", "Dan O'Bannon"),
    ("Alien", "starred_actors", "Sigourney Weaver"),
    ("Aliens", "starred_actors", "Sigourney Weaver"),
    ("Aliens", "directed_by", "James Cameron"),
    ("Blade Runner", "directed_by", "Ridley Scott"),
    ("Heat", "written_by", "Michael Mann"),
]
GRAPH = TripleGraph(TRIPLES)


def q(question: str, *answers: str) -> QAExample:
    return QAExample(question, answers)


def test_template_replaces_the_topic() -> None:
    assert template("who directed [Alien]") == "who directed []"


def test_template_path_is_the_relation_that_matches_gold_best() -> None:
    train = [q("who directed [Alien]", "Ridley Scott"), q("who directed [Aliens]", "James Cameron")]
    assert template_paths(GRAPH, train, hops=1) == {"who directed []": (("directed_by", True),)}
    # the inverse direction is a different path
    films = [q("what did [Ridley Scott] direct", "Alien", "Blade Runner")]
    assert template_paths(GRAPH, films, hops=1) == {"what did [] direct": (("directed_by", False),)}


def test_merged_title_is_ambiguous_with_chance_of_a_random_pick() -> None:
    paths = template_paths(GRAPH, [q("who directed [Alien]", "Ridley Scott")], hops=1)
    merged = read_question(GRAPH, paths, q("who directed [Invincible]", "Werner Herzog"))
    assert (merged.category, merged.chance, merged.reached) == ("ambiguous", 0.5, 2)
    # Werner Herzog is named by two triples, Ericson Core by one: the popular pick is Herzog, gold here
    assert merged.popular == 1.0
    other_film = read_question(GRAPH, paths, q("who directed [Invincible]", "Ericson Core"))
    assert (other_film.category, other_film.popular) == ("ambiguous", 0.0)
    decided = read_question(GRAPH, paths, q("who directed [Aliens]", "James Cameron"))
    assert (decided.category, decided.chance) == ("decided", 1.0)
    missing = read_question(GRAPH, paths, q("who directed [Heat]", "Michael Mann"))  # only written_by in the KB
    assert (missing.category, missing.chance) == ("off_path", 0.0)
    unseen = read_question(GRAPH, paths, q("who wrote [Heat]", "Michael Mann"))
    assert unseen.category == "unseen"


def test_multi_hop_paths_never_return_through_the_topic() -> None:
    # films sharing an actor with Alien: Alien -> Sigourney Weaver -> {Alien, Aliens}; Alien itself is not an answer
    train = [q("which films share actors with [Alien]", "Aliens")]
    paths = template_paths(GRAPH, train, hops=2)
    path = paths["which films share actors with []"]
    assert path == (("starred_actors", True), ("starred_actors", False))
    assert GRAPH.reach("alien", path) == {"aliens"}


def test_ceiling_counts_only_what_ambiguity_loses() -> None:
    paths = template_paths(GRAPH, [q("who directed [Alien]", "Ridley Scott")], hops=1)
    test = [q("who directed [Invincible]", "Werner Herzog"), q("who directed [Aliens]", "James Cameron")]
    readings = [read_question(GRAPH, paths, e) for e in test]
    report = ceiling_report(readings, [0.0, 1.0])
    assert report["ambiguity_ceiling"] == pytest.approx(0.75)  # 1 - (1 - 0.5) / 2
    assert report["categories"] == {
        "decided": {"questions": 1, "hit1": 1.0, "chance": 1.0, "popular": 1.0},
        "ambiguous": {"questions": 1, "hit1": 0.0, "chance": 0.5, "popular": 1.0},
    }
    with pytest.raises(ValueError, match="one per question"):
        ceiling_report(readings, [1.0])


def test_question_without_topic_is_rejected() -> None:
    with pytest.raises(ValueError, match="bracketed topic"):
        read_question(GRAPH, {}, q("who directed Alien", "Ridley Scott"))
