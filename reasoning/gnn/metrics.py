r"""KGQA metrics: Hit@1, Hits (any gold answer in the predicted set) and F1 of the predicted set.

The predicted set follows NSM/ReaRev's evaluation: entities in decreasing probability until their
cumulative probability exceeds ``eps`` (0.95), at most ``max_set`` of them.

Hit@1 takes the first entity of the ranking, so where several entities tie at the top probability (the
model cannot tell them apart: MetaQA merges films of the same title, so "who directed [Hamlet]" has
every Hamlet's directors one hop away, all reached the same way) it depends on their order. Two more
figures make that visible: ``tied_top``, the share of questions whose top probability is shared (within
``TIE_TOLERANCE``, relative), and ``hit1_ties_shared``, the expected Hit@1 if the tied entities were
drawn at random, :math:`|T \cap G| / |T|` for the tied set :math:`T` and gold answers :math:`G`.
"""

from __future__ import annotations

import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from graphproof.reasoning.timing import p50_ms

EPS = 0.95
MAX_SET = 100
TIE_TOLERANCE = 1e-4  # relative: p >= (1 - TIE_TOLERANCE) * top probability counts as tied with the top


def tied_at_top(ranked: Sequence[tuple[str, float]], tolerance: float = TIE_TOLERANCE) -> list[str]:
    """The ids whose probability ties with the first one's (``ranked`` sorted, highest first)."""
    if not ranked:
        return []
    floor = ranked[0][1] * (1 - tolerance)
    return [entity_id for entity_id, prob in ranked if prob >= floor]


def predicted_set(ranked: Sequence[tuple[str, float]], eps: float = EPS, max_set: int = MAX_SET) -> list[str]:
    """Ids from ``ranked`` (sorted by probability, highest first) until the cumulative probability passes eps."""
    out: list[str] = []
    total = 0.0
    for entity_id, prob in ranked[:max_set]:
        out.append(entity_id)
        total += prob
        if total > eps:
            break
    return out


@dataclass(frozen=True)
class QuestionScore:
    hit1: float
    hits: float
    f1: float
    hit1_ties_shared: float = 0.0
    tied_top: bool = False


def score_question(
    top1: str | None, predicted: Collection[str], gold: Collection[str], tied: Sequence[str] = ()
) -> QuestionScore:
    """Scores of one question (a question without prediction scores 0 everywhere); ``tied`` lists the
    entities tied at the top probability (``tied_at_top``; empty: ``top1`` alone)."""
    gold_set, pred = set(gold), set(predicted)
    if top1 is None or not gold_set:
        return QuestionScore(0.0, 0.0, 0.0)
    correct = len(pred & gold_set)
    precision = correct / len(pred) if pred else 0.0
    recall = correct / len(gold_set)
    f1 = 2 * precision * recall / (precision + recall) if correct else 0.0
    top = list(tied) or [top1]
    shared = sum(e in gold_set for e in top) / len(top)
    return QuestionScore(float(top1 in gold_set), float(correct > 0), f1, shared, len(top) > 1)


@dataclass
class KgqaReport:
    """Averages over every question (failed questions count as misses) and inference times."""

    scores: list[QuestionScore] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    failures: dict[str, int] = field(default_factory=dict)
    covered: int = 0

    def add(self, score: QuestionScore, ms: float | None = None) -> None:
        self.scores.append(score)
        if ms is not None:
            self.times_ms.append(ms)

    def fail(self, reason: str) -> None:
        self.scores.append(QuestionScore(0.0, 0.0, 0.0))
        self.failures[reason] = self.failures.get(reason, 0) + 1

    def _mean(self, attr: str) -> float:
        return sum(getattr(s, attr) for s in self.scores) / len(self.scores) if self.scores else 0.0

    def as_dict(self) -> dict[str, object]:
        times = sorted(self.times_ms)
        return {
            "questions": len(self.scores),
            "hit1": round(self._mean("hit1"), 4),
            "hit1_ties_shared": round(self._mean("hit1_ties_shared"), 4),
            "tied_top": round(self._mean("tied_top"), 4),
            "hits": round(self._mean("hits"), 4),
            "f1": round(self._mean("f1"), 4),
            "p50_ms": round(p50_ms(times), 2) if times else None,
            "mean_ms": round(statistics.fmean(times), 2) if times else None,
            "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 2) if times else None,
            "answer_coverage": round(self.covered / len(self.scores), 4) if self.scores else 0.0,
            "failures": dict(sorted(self.failures.items())),
        }
