"""Hallucination-detection metrics, as in the paper's Tables 2 and 3.

The positive class is *hallucinated*: recall is the share of hallucinated answers flagged,
precision the share of flagged answers that are hallucinated. A method may leave an answer
*undecided* (an LLM failure, a bare "yes"): such answers count as **not flagged** (predicted
grounded) in the confusion matrix and every score, and the undecided share is reported next to
them, so a method cannot gain by abstaining silently. Balanced accuracy is the mean of the two
classes' recalls: answering one class always scores 0.50.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else 0.0


@dataclass(frozen=True, slots=True)
class Confusion:
    """Counts with hallucinated as the positive class (undecided answers counted as not flagged)."""

    tp: int
    fp: int
    fn: int
    tn: int
    undecided_hallucinated: int = 0
    undecided_grounded: int = 0

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    def as_dict(self) -> dict[str, int]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "undecided_hallucinated": self.undecided_hallucinated,
            "undecided_grounded": self.undecided_grounded,
        }


@dataclass(frozen=True, slots=True)
class Scores:
    accuracy: float
    balanced_accuracy: float
    precision: float
    recall: float
    f1: float
    undecided: float
    confusion: Confusion

    def as_dict(self) -> dict[str, Any]:
        return {
            "accuracy": round(self.accuracy, 4),
            "balanced_accuracy": round(self.balanced_accuracy, 4),
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "undecided": round(self.undecided, 4),
            "confusion": self.confusion.as_dict(),
        }


def confusion(gold: Sequence[bool], flagged: Sequence[bool | None]) -> Confusion:
    """``gold[i]``: item i is hallucinated; ``flagged[i]``: the method flagged it (``None``: undecided)."""
    if len(gold) != len(flagged):
        raise ValueError(f"got {len(gold)} gold labels but {len(flagged)} predictions")
    tp = fp = fn = tn = undecided_h = undecided_g = 0
    for truth, prediction in zip(gold, flagged, strict=True):
        if prediction is None:
            undecided_h += truth
            undecided_g += not truth
        hit = bool(prediction)
        tp += truth and hit
        fp += (not truth) and hit
        fn += truth and not hit
        tn += (not truth) and not hit
    return Confusion(tp, fp, fn, tn, undecided_h, undecided_g)


def scores(gold: Sequence[bool], flagged: Sequence[bool | None]) -> Scores:
    """Accuracy, balanced accuracy, precision, recall, F1 (hallucinated = positive) and the undecided share."""
    counts = confusion(gold, flagged)
    precision = _ratio(counts.tp, counts.tp + counts.fp)
    recall = _ratio(counts.tp, counts.tp + counts.fn)
    specificity = _ratio(counts.tn, counts.tn + counts.fp)
    return Scores(
        accuracy=_ratio(counts.tp + counts.tn, counts.total),
        balanced_accuracy=(recall + specificity) / 2,
        precision=precision,
        recall=recall,
        f1=_ratio(2 * precision * recall, precision + recall),
        undecided=_ratio(counts.undecided_hallucinated + counts.undecided_grounded, counts.total),
        confusion=counts,
    )
