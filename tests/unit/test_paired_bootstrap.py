"""The paired bootstrap interval, checked against SciPy's percentile bootstrap."""

from __future__ import annotations

import numpy as np
import pytest
from graphproof.evaluation.paired_bootstrap import paired_bootstrap


def test_the_interval_matches_scipys_percentile_bootstrap() -> None:
    from scipy import stats

    rng = np.random.default_rng(7)
    differences = rng.normal(0.04, 0.15, size=120)
    ours = paired_bootstrap(differences, resamples=20_000, seed=1)
    reference = stats.bootstrap(
        (differences,), np.mean, method="percentile", n_resamples=20_000, confidence_level=0.95, random_state=2
    ).confidence_interval
    assert ours.mean == pytest.approx(differences.mean())
    assert ours.low == pytest.approx(reference.low, abs=0.004)
    assert ours.high == pytest.approx(reference.high, abs=0.004)
    assert ours.low < ours.mean < ours.high


def test_a_lead_the_questions_do_not_establish_holds_zero() -> None:
    assert paired_bootstrap([0.5] * 30).excludes_zero(), "the same lead on every question"
    assert not paired_bootstrap([1.0, -1.0] * 15).excludes_zero(), "wins and losses that cancel"
    assert paired_bootstrap([0.1, 0.2, 0.3], seed=3) == paired_bootstrap([0.1, 0.2, 0.3], seed=3), "seeded"


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ({"differences": []}, "non-empty"),
        ({"differences": [0.1, float("nan")]}, "finite"),
        ({"differences": [0.1], "resamples": 0}, "resamples"),
        ({"differences": [0.1], "confidence": 1.0}, "confidence"),
    ],
)
def test_bad_input_is_named(bad: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        paired_bootstrap(**bad)  # type: ignore[arg-type]
