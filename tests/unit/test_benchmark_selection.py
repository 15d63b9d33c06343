"""How the enrichment benchmarks choose a grid point on the tuning half: the worse of two targets cleared by most."""

from __future__ import annotations

import math

import pytest

from benchmarks._common import slack
from benchmarks.enrichment import Figures


def test_figures_slack_is_the_worse_target_less_one_standard_error() -> None:
    figures = Figures(needed=100, recovered=90, typed=200, correct=190)
    recovery_low = 0.9 - math.sqrt(0.9 * 0.1 / 100)
    precision_low = 0.95 - math.sqrt(0.95 * 0.05 / 200)
    assert figures.recovery_low == pytest.approx(recovery_low)
    assert figures.precision_low == pytest.approx(precision_low)
    assert figures.slack == pytest.approx(min(recovery_low - 0.8, precision_low - 0.9))


def test_a_point_at_the_edge_of_one_target_loses_to_one_clear_of_both() -> None:
    # more recovery at precision just over 0.9 was the old rule's choice; it is now the worse one
    edge = Figures(needed=100, recovered=97, typed=300, correct=272)
    clear = Figures(needed=100, recovered=90, typed=200, correct=194)
    assert edge.recovery > clear.recovery
    assert clear.slack > edge.slack
    assert Figures(needed=100, recovered=0, typed=0, correct=0).slack < 0  # recovering nothing never qualifies


def test_self_evaluation_slack_moves_each_rate_against_its_target() -> None:
    assert slack(1.0, 0.0, 20, 100) == pytest.approx(0.10)  # rates with no spread: the catch clears by 0.10
    low = 0.95 - math.sqrt(0.95 * 0.05 / 20)
    high = 0.08 + math.sqrt(0.08 * 0.92 / 125)
    assert slack(0.95, 0.08, 20, 125) == pytest.approx(min(low - 0.9, 0.1 - high))
    assert slack(1.0, 0.09, 25, 125) < slack(0.96, 0.04, 25, 125)  # the false-alarm edge loses
    assert slack(0.0, 0.0, 0, 0) < 0  # no answers to judge: never a good point
