"""The display order of paths (``reasoning.path_order``) and the fit behind its weights (``benchmarks.path_order``)."""

from __future__ import annotations

import numpy as np
import pytest
from graphproof.graph.model import Entity, Path, Relation
from graphproof.reasoning.path_order import (
    DISPLAY_WEIGHTS,
    FEATURES,
    answer_first,
    display_order,
    display_score,
    path_features,
    reaches_answer,
)
from graphproof.reasoning.paths import WeightedPath, question_shape

from benchmarks.path_order import Question, fit_logistic, top_states

QUESTION = "Who originally wrote Zork?"
SENTENCE = "Zork was originally written by Tim Anderson at MIT."
ZORK, TIM, MIT, NAME = (Entity.named(n) for n in ("Zork", "Tim Anderson", "MIT", "name"))


def edge(a: Entity, b: Entity, predicate: str, chunk: str, description: str = SENTENCE) -> Relation:
    return Relation(a.id, b.id, predicate, a.name, b.name, description=description, chunk_ids=(chunk,))


def one_edge(a: Entity, b: Entity, predicate: str, chunk: str, weight: float, description: str = SENTENCE):
    return WeightedPath(Path((a, b), (edge(a, b, predicate, chunk, description),)), weight)


COOCCURRENCE = one_edge(ZORK, NAME, "related_to", "readme#3", 3.0, "The name Zork is a nonsense word.")
WRITER = one_edge(ZORK, TIM, "was_originally_written_by", "readme#0", 2.0)
PLACE = one_edge(ZORK, MIT, "was_written_at", "readme#0", 2.0)


def test_features_read_the_statement_and_the_fit() -> None:
    shape = question_shape(QUESTION)
    rows = path_features([COOCCURRENCE, WRITER, PLACE], shape, frozenset({ZORK.id}))
    assert [set(r) for r in rows] == [set(FEATURES)] * 3
    cooccurrence, writer, place = rows
    assert (cooccurrence["rank"], writer["rank"], place["rank"]) == (1.0, 0.5, pytest.approx(1 / 3))
    assert (cooccurrence["weight"], writer["weight"]) == (1.0, pytest.approx(2 / 3))
    assert (cooccurrence["stated"], writer["stated"]) == (0.0, 1.0)
    assert cooccurrence["sentence_terms"] == 0.0  # a co-occurrence edge's sentence states nothing
    assert writer["sentence_terms"] == pytest.approx(2 / 3)  # "originally", "wrote" of zork/originally/wrote
    assert (writer["verb"], place["verb"]) == (1.0, 1.0)  # write ~ wrote
    assert (writer["wanted_kind"], writer["answer"]) == (1.0, 1.0)  # "who": a person-like name the question lacks
    assert all(r["two_edges"] == 0.0 for r in rows)


def test_a_stated_path_that_answers_comes_before_a_heavier_cooccurrence() -> None:
    shape = question_shape(QUESTION)
    ordered = display_order([COOCCURRENCE, PLACE, WRITER], shape, frozenset({ZORK.id}))
    assert ordered[0] is WRITER and ordered[-1] is COOCCURRENCE
    assert sorted(p.weight for p in ordered) == [2.0, 2.0, 3.0]  # the weights are not touched


def test_ties_keep_the_weighted_order_and_no_question_changes_nothing() -> None:
    manual = Entity.named("manual")
    same = [one_edge(ZORK, NAME, "related_to", "c", 1.0, ""), one_edge(ZORK, manual, "related_to", "c", 1.0, "")]
    features = path_features(same, question_shape(QUESTION))
    assert [{**f, "rank": 0.0} for f in features[:1]] == [{**f, "rank": 0.0} for f in features[1:]]
    assert display_order(same, question_shape(QUESTION)) == same  # the first ranked stays first
    assert display_order(same, None) == same
    assert display_order(same[:1], question_shape(QUESTION)) == same[:1]
    assert display_order([], question_shape(QUESTION)) == []


def test_display_score_is_the_weighted_sum() -> None:
    features = {name: 1.0 for name in FEATURES}
    assert display_score(features) == pytest.approx(sum(DISPLAY_WEIGHTS.values()))
    assert display_score({"verb": 1.0, "unknown": 5.0}, {"verb": 2.0}) == 2.0


def test_fit_logistic_matches_scikit_learn() -> None:
    sklearn = pytest.importorskip("sklearn.linear_model")
    rng = np.random.default_rng(7)
    x = rng.random((300, 4))
    y = (x @ np.array([2.0, -1.0, 0.5, 0.0]) + rng.normal(0, 0.5, 300) > 0.8).astype(float)
    weights = rng.random(300) + 0.5
    for c in (0.1, 1.0, 10.0):
        coef, intercept = fit_logistic(x, y, weights, c)
        ref = sklearn.LogisticRegression(C=c, class_weight="balanced", solver="newton-cholesky", tol=1e-12)
        ref.fit(x, y, sample_weight=weights)
        np.testing.assert_allclose(coef, ref.coef_[0], atol=1e-4)
        assert intercept == pytest.approx(ref.intercept_[0], abs=1e-4)


def test_fit_logistic_needs_both_classes() -> None:
    with pytest.raises(ValueError, match="both classes"):
        fit_logistic(np.ones((3, 2)), np.zeros(3))


def test_top_states_counts_the_top_path_by_order_or_by_score() -> None:
    q = Question("s", "s", np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([0.0, 1.0]))
    assert top_states([q], None) == 0  # the weighted order's first path states nothing
    assert top_states([q], np.array([0.0, 1.0])) == 1
    assert top_states([Question("s", "s", np.zeros((0, 2)), np.zeros(0))], None) == 0


CHROMIUM, ROOT, NO_SANDBOX = Entity.named("Chromium"), Entity.named("root"), Entity.named("--no-sandbox")
ROOT_QUESTION = "How can I run Chromium as the root user?"
ROOT_ANSWER = "You can use the --no-sandbox command line argument to be able to run chromium as root."


def test_the_path_to_what_the_answer_names_comes_first() -> None:
    to_root = one_edge(CHROMIUM, ROOT, "be_able_to_run_as", "readme#2", 9.0, ROOT_ANSWER)
    to_option = one_edge(CHROMIUM, NO_SANDBOX, "use", "readme#2", 5.0, ROOT_ANSWER)
    cooccurring = one_edge(CHROMIUM, NO_SANDBOX, "related_to", "readme#2", 8.0, ROOT_ANSWER)
    assert not reaches_answer(to_root, ROOT_QUESTION, ROOT_ANSWER)  # "root" is the question's own word
    assert reaches_answer(to_option, ROOT_QUESTION, ROOT_ANSWER)
    assert not reaches_answer(cooccurring, ROOT_QUESTION, ROOT_ANSWER)  # co-occurrence states nothing
    ordered = answer_first([to_root, cooccurring, to_option], ROOT_QUESTION, ROOT_ANSWER)
    assert ordered == [to_option, to_root, cooccurring]  # the rest keep their order


def test_answer_first_reads_whole_names_not_keyphrases_and_leaves_a_blank_answer_alone() -> None:
    concept = Entity("command line argument", "command line argument", "concept")
    to_concept = one_edge(CHROMIUM, concept, "accepts", "readme#2", 9.0, ROOT_ANSWER)
    sand = Entity.named("sand")  # in the answer only inside "--no-sandbox"
    to_sand = one_edge(CHROMIUM, sand, "uses", "readme#2", 9.0, ROOT_ANSWER)
    to_option = one_edge(CHROMIUM, NO_SANDBOX, "use", "readme#2", 1.0, ROOT_ANSWER)
    assert not reaches_answer(to_concept, ROOT_QUESTION, ROOT_ANSWER)
    assert not reaches_answer(to_sand, ROOT_QUESTION, ROOT_ANSWER)
    assert answer_first([to_concept, to_sand, to_option], ROOT_QUESTION, ROOT_ANSWER)[0] is to_option
    assert answer_first([to_concept, to_option], ROOT_QUESTION, "  ") == [to_concept, to_option]
    # the type a path's entity carries decides ("license" is a keyphrase in every licence sentence, not a name)
    libpng = Entity.named("libpng")
    sentence = "It is licensed under the GNU LGPL (see the license file)."
    question = "Under which licence is it released?"
    untyped = one_edge(libpng, Entity("license", "license"), "uses", "other#1", 9.0, "libpng uses the zlib license.")
    typed = one_edge(libpng, Entity("license", "license", "concept"), "uses", "other#1", 9.0, "libpng uses it.")
    assert reaches_answer(untyped, question, sentence)  # untyped, "license" reads as a name the answer gives
    assert not reaches_answer(typed, question, sentence)


def test_a_keyphrase_that_holds_a_name_is_reached_with_other_punctuation() -> None:
    avahi = Entity.named("Avahi")
    question = "Which service discovery protocols does Avahi implement?"
    answer = "Avahi is a free, LGPL mDNS/DNS-SD implementation."
    kind = Entity("mDNS DNS-SD implementation", "mDNS DNS-SD implementation", "concept")
    to_kind = one_edge(avahi, kind, "is_a", "readme#0", 2.0, answer)
    generic = Entity("free implementation", "free implementation", "concept")  # common words only: no name
    to_generic = one_edge(avahi, generic, "is_a", "readme#0", 9.0, answer)
    assert reaches_answer(to_kind, question, answer)  # "mDNS DNS-SD" is written "mDNS/DNS-SD" in the answer
    assert not reaches_answer(to_generic, question, "Avahi is a free implementation.")
    assert answer_first([to_generic, to_kind], question, answer)[0] is to_kind
    # the words must follow one another: the same words elsewhere in the answer are no mention
    assert not reaches_answer(to_kind, question, "DNS-SD is an mDNS implementation.")


def test_a_name_inside_an_address_or_a_longer_path_of_the_answer_is_not_reached() -> None:
    question = "Who looked after the old quux package?"
    answer = "The maintainer of the old quux package was Ann Lee <ann@zorproject.org>; see /etc/quux/main.conf."
    quux = Entity("old quux package", "old quux package", "concept")
    ann, zorproject, etc = (Entity.named(n) for n in ("Ann Lee", "Zorproject", "/etc/quux"))
    to_domain = one_edge(quux, zorproject, "is_hosted_by", "readme#1", 9.0, answer)
    to_folder = one_edge(quux, etc, "reads", "readme#1", 9.0, answer)
    to_person = one_edge(quux, ann, "maintainer", "readme#1", 1.0, answer)
    assert not reaches_answer(to_domain, question, answer)  # "zorproject" only inside the e-mail address
    assert not reaches_answer(to_folder, question, answer)  # "/etc/quux" only as the start of a longer path
    assert reaches_answer(to_person, question, answer)
    assert answer_first([to_domain, to_folder, to_person], question, answer)[0] is to_person
    # the whole address is a name the answer gives, and so is one written on its own elsewhere in it
    whole = one_edge(quux, Entity.named("ann@zorproject.org"), "contact", "readme#1", 1.0, answer)
    assert reaches_answer(whole, question, answer)
    assert reaches_answer(to_folder, question, answer + " Its folder is /etc/quux.")
    # a URL, with a scheme or opening with "www.", as the extractor reads addresses (``text.addresses``)
    site = one_edge(quux, Entity.named("zorproject.org"), "is_hosted_at", "readme#1", 1.0, answer)
    assert not reaches_answer(site, question, "Get it from www.zorproject.org/quux.")
    assert not reaches_answer(site, question, "Get it from https://zorproject.org/quux.")
    assert reaches_answer(site, question, "Get it from zorproject.org.")
