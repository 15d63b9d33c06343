"""A percentile bootstrap interval for the mean of paired differences (one value per question).

Given per-question differences d_1..d_n between two methods (method A's score minus method B's on the same
question), resample n questions with replacement B times; the interval is the (α/2, 1 - α/2) percentiles of the
B resampled means:

    CI = [ q_{α/2}( mean(d*_b) ), q_{1-α/2}( mean(d*_b) ) ],  d*_b = (d_{i_1}, …, d_{i_n}),  i_j ~ U{1..n}

It says how far a lead measured on these questions could move on others drawn like them; an interval that holds
0 is a lead the questions do not establish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def paired_bootstrap(
    differences: Sequence[float], *, resamples: int = 10_000, confidence: float = 0.95, seed: int = 0
) -> Interval:
    """The mean of ``differences`` and its percentile bootstrap interval (module docstring)."""
    values = np.asarray(differences, dtype=np.float64)
    if values.ndim != 1 or len(values) == 0 or not np.all(np.isfinite(values)):
        raise ValueError(f"paired_bootstrap needs a non-empty list of finite numbers, got {differences!r}")
    if not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a positive integer, got {resamples!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence!r}")
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, len(values), (resamples, len(values)))].mean(axis=1)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return Interval(float(values.mean()), float(low), float(high))
