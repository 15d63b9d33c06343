"""Multi-turn scores of one target question (the RAG answer-accuracy and multi-turn paper's definitions).

A multi-turn run asks follow-up questions until the composed answer scores 5 or ``n`` turns are used,
giving judge scores ``σ = [s0, s1, …, sk]`` with ``k < n`` (each score 0–5).

.. math::
    \\mathrm{wscore}(σ) = \\frac{n s_0 + (n-1) s_1 + \\dots + (n-k) s_k
        + \\sum_{i=1}^{n-k-1} (n-k-i)\\, s_k}{n + (n-1) + \\dots + 1}

(earlier turns weigh more; a run that stopped early keeps its last score for the turns it did not
need), ``lscore(σ) = len(σ)`` (turns used) and ``mscore(σ) = max(σ)`` (best score reached).
Worked example from the paper: ``n = 3, σ = [1, 5]`` → ``(3·1 + 2·5 + 1·5) / 6 = 3``.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphproof.evaluation.errors import EvaluationError

MAX_SCORE = 5


def _check(scores: Sequence[int | float], n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise EvaluationError(f"n (the turn limit) must be a positive integer, got {n!r}")
    if not scores:
        raise EvaluationError("the score list is empty; a multi-turn run has at least the first turn's score")
    if len(scores) > n:
        raise EvaluationError(f"{len(scores)} scores for a turn limit n = {n}; expected at most n scores")
    bad = [s for s in scores if isinstance(s, bool) or not 0 <= s <= MAX_SCORE]
    if bad:
        raise EvaluationError(f"scores must lie between 0 and {MAX_SCORE}, got {bad}")


def wscore(scores: Sequence[int | float], n: int) -> float:
    """The turn-weighted score (see the module docstring); ``n`` is the turn limit of the run."""
    _check(scores, n)
    k = len(scores) - 1
    weighted = sum((n - i) * s for i, s in enumerate(scores))
    weighted += sum((n - k - i) * scores[-1] for i in range(1, n - k))
    return weighted / (n * (n + 1) / 2)


def lscore(scores: Sequence[int | float], n: int | None = None) -> int:
    """The number of turns used."""
    _check(scores, n if n is not None else max(len(scores), 1))
    return len(scores)


def mscore(scores: Sequence[int | float], n: int | None = None) -> float:
    """The best score reached in the run."""
    _check(scores, n if n is not None else max(len(scores), 1))
    return max(scores)
