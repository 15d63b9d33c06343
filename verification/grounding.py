"""What a grounding check returns: per-claim results and the verdict for the whole answer.

The verdict follows the paper's step 5 ('一階述語論理を用いた RAG におけるハルシネーション判定手法の検討'):
an answer has no hallucination only if *every* one of its claims is proved from the retrieved
chunks. A claim is ``proved``, ``refuted`` (its negation is proved), ``unknown`` (neither), or
``error`` (the method failed on it, e.g. an LLM reply that did not parse after the retry).

Decision rule (``verdict_of``):

- ``hallucinated`` when at least one claim is ``refuted`` or ``unknown``;
- else ``undecided`` when at least one claim is ``error``, or the answer states no claim at all
  (e.g. a bare "yes");
- else ``grounded``.

A failure is never silently counted as grounded or hallucinated: it makes the answer undecided
unless another claim already decides it. Evaluations report the undecided share separately.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

ClaimStatus = Literal["proved", "refuted", "unknown", "error"]
Verdict = Literal["grounded", "hallucinated", "undecided"]
CLAIM_STATUSES: tuple[str, ...] = ("proved", "refuted", "unknown", "error")


@dataclass(frozen=True, slots=True)
class Passage:
    """A retrieved chunk used as premises: its id (a store chunk id, or ``c1``… for files) and text."""

    id: str
    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise ValueError(f"Passage.id must be a non-empty string, got {self.id!r}")
        if not isinstance(self.text, str):
            raise ValueError(f"Passage.text of {self.id!r} must be a string")


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """One answer claim: its status, the FOL tried, the premises (chunk ids) a proof used, and why."""

    claim: str
    status: ClaimStatus
    formula: str = ""
    premises: tuple[str, ...] = ()
    reason: str = ""
    proof: str = ""
    premise_formulas: tuple[str, ...] = ()

    def as_dict(self, *, with_proof: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "claim": self.claim,
            "status": self.status,
            "formula": self.formula,
            "premises": list(self.premises),
            "premise_formulas": list(self.premise_formulas),
            "reason": self.reason,
        }
        if with_proof:
            out["proof"] = self.proof
        return out


def verdict_of(claims: Sequence[ClaimResult]) -> Verdict:
    """The answer's verdict from its claims (see the module docstring)."""
    statuses = {c.status for c in claims}
    if statuses & {"refuted", "unknown"}:
        return "hallucinated"
    if not claims or "error" in statuses:
        return "undecided"
    return "grounded"


@dataclass(frozen=True, slots=True)
class GroundingReport:
    """The result of checking one answer against its passages with one method."""

    method: str
    verdict: Verdict
    claims: tuple[ClaimResult, ...] = ()
    note: str = ""
    seconds: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, *, with_proof: bool = False) -> dict[str, Any]:
        return self.as_dict(with_proof=with_proof)

    def as_dict(self, *, with_proof: bool = False) -> dict[str, Any]:
        return {
            "method": self.method,
            "verdict": self.verdict,
            "note": self.note,
            "claims": [c.as_dict(with_proof=with_proof) for c in self.claims],
            "seconds": round(self.seconds, 4),
            **({"details": self.details} if self.details else {}),
        }


class GroundingMethod(Protocol):
    """Anything that checks an answer against passages: offline, FOL-with-LLM, LLM judge, lexical."""

    name: str

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport: ...
