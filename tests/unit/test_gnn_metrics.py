"""KGQA metrics by hand: the predicted set, Hit@1 / Hits / F1, and ties at the top."""

from __future__ import annotations

import pytest
from graphproof.reasoning.gnn.metrics import KgqaReport, predicted_set, score_question, tied_at_top


def test_predicted_set_stops_once_the_mass_passes_eps() -> None:
    ranked = [("a", 0.6), ("b", 0.3), ("c", 0.08), ("d", 0.02)]
    assert predicted_set(ranked, eps=0.95) == ["a", "b", "c"]
    assert predicted_set(ranked, eps=0.5) == ["a"]
    assert predicted_set(ranked, max_set=2) == ["a", "b"]


def test_scores_by_hand() -> None:
    score = score_question("a", ["a", "b", "c"], {"a", "x"})
    assert (score.hit1, score.hits) == (1.0, 1.0)
    assert score.f1 == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    assert score_question(None, [], {"a"}).hit1 == 0.0


def test_tied_answers_share_the_credit() -> None:
    ranked = [("cobb", 0.1665), ("lang", 0.16650001), ("reid", 0.1665), ("walken", 0.1), ("x", 0.05)]
    tied = tied_at_top(ranked)
    assert tied == ["cobb", "lang", "reid"]
    gold = {"lang", "reid"}
    score = score_question("cobb", ["cobb", "lang", "reid"], gold, tied)
    assert score.hit1 == 0.0 and score.tied_top
    assert score.hit1_ties_shared == pytest.approx(2 / 3)
    alone = score_question("walken", ["walken"], {"walken"}, tied_at_top([("walken", 0.9), ("x", 0.1)]))
    assert alone.hit1 == alone.hit1_ties_shared == 1.0 and not alone.tied_top
    assert tied_at_top([]) == []


def test_the_report_averages_ties() -> None:
    report = KgqaReport()
    report.add(score_question("a", ["a"], {"a"}, ["a"]), 1.0)
    report.add(score_question("b", ["b", "c"], {"c"}, ["b", "c"]), 1.0)
    report.fail("no topic")
    out = report.as_dict()
    assert out["hit1"] == round(1 / 3, 4) and out["hit1_ties_shared"] == round(1.5 / 3, 4)
    assert out["tied_top"] == round(1 / 3, 4)
