"""Run a grounding method over labelled cases: the paper's Tables 2–3 metrics, timing, failure kinds.

Each case is checked independently. A ``VerificationError`` raised for one case (a formula that
does not parse, Prover9 failing) makes that case undecided with the error recorded, never a
silent verdict. Failures are grouped into kinds with a few examples each:

- *missed* — a hallucinated answer judged grounded (every claim proved / passed);
- *undecided* — the method could not decide (counted as not flagged, see ``hallucination_metrics``);
- *false alarm* — a grounded answer flagged, by the first claim that failed: refuted, prover
  timeout, claim symbols or words absent from the premises, or no proof although they are present.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from graphproof.evaluation.hallucination_data import GroundingCase
from graphproof.evaluation.hallucination_metrics import Scores, scores
from graphproof.reasoning.timing import p50_ms
from graphproof.verification.errors import VerificationError
from graphproof.verification.grounding import GroundingMethod, GroundingReport

EXAMPLES_PER_KIND = 3
STATUSES = ("proved", "refuted", "unknown", "undecided")


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    case: GroundingCase
    report: GroundingReport | None
    error: str = ""
    seconds: float = 0.0

    @property
    def flagged(self) -> bool | None:
        if self.report is None or self.report.verdict == "undecided":
            return None
        return self.report.verdict == "hallucinated"

    @property
    def status(self) -> str:
        """The answer's three-valued status: *refuted* when a claim is, else *unknown* when a claim is,
        *proved* when every claim is; *undecided* when the method decided nothing (or errored)."""
        if self.report is None or self.report.verdict == "undecided":
            return "undecided"
        statuses = {c.status for c in self.report.claims}
        for status in ("refuted", "unknown"):
            if status in statuses:
                return status
        return "proved" if self.report.verdict == "grounded" else "unknown"


@dataclass(frozen=True, slots=True)
class HallucinationEvaluation:
    method: str
    data: str
    scores: Scores
    p50_ms: float
    outcomes: tuple[CaseOutcome, ...]
    failure_kinds: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    note: str = ""

    def status_confusion(self) -> dict[str, dict[str, int]]:
        """Answers by truth label (``hallucinated`` / ``grounded``) and status (``STATUSES``)."""
        table = {label: dict.fromkeys(STATUSES, 0) for label in ("hallucinated", "grounded")}
        for outcome in self.outcomes:
            table["hallucinated" if outcome.case.hallucinated else "grounded"][outcome.status] += 1
        return table

    def as_dict(self, examples: int = EXAMPLES_PER_KIND) -> dict[str, Any]:
        return {
            "method": self.method,
            "data": self.data,
            "items": len(self.outcomes),
            **self.scores.as_dict(),
            "p50_ms": round(self.p50_ms, 2),
            "statuses": self.status_confusion(),
            "note": self.note,
            "failure_kinds": {
                kind: {"count": len(found), "examples": found[:examples]} for kind, found in self.failure_kinds.items()
            },
        }


def failure_kind(outcome: CaseOutcome) -> str | None:
    """The failure kind of one outcome (``None`` when the method was right)."""
    flagged = outcome.flagged
    if flagged is None:  # counted as not flagged: a failure for a hallucinated answer, and always when it errored
        if outcome.error:
            return "undecided (error)"
        return "undecided" if outcome.case.hallucinated else None
    if flagged == outcome.case.hallucinated:
        return None
    if outcome.case.hallucinated:
        return "missed: every claim proved or passed"
    assert outcome.report is not None
    failed = next((c for c in outcome.report.claims if c.status in ("refuted", "unknown")), None)
    if failed is None:
        return "false alarm"
    if failed.status == "refuted":
        return "false alarm: a claim was refuted"
    if "timeout" in failed.reason:
        return "false alarm: prover timeout"
    if "no premise mentions" in failed.reason or "absent from" in failed.reason:
        return "false alarm: claim symbols or words absent from the premises"
    return "false alarm: no proof although the claim's symbols occur in the premises"


def _example(outcome: CaseOutcome) -> dict[str, Any]:
    report = outcome.report
    failed = None
    if report is not None:
        failed = next((c for c in report.claims if c.status != "proved"), report.claims[0] if report.claims else None)
    return {
        "id": outcome.case.id,
        "answer": outcome.case.answer[:200],
        "verdict": report.verdict if report else "undecided",
        "claim": failed.claim[:200] if failed else "",
        "formula": failed.formula[:300] if failed else "",
        "reason": (outcome.error or (failed.reason if failed else ""))[:300],
    }


def evaluate_method(
    method: GroundingMethod,
    cases: Sequence[GroundingCase],
    data: str = "",
    on_case: Callable[[int, int], None] | None = None,
) -> HallucinationEvaluation:
    """Check every case with ``method`` and score the verdicts."""
    outcomes: list[CaseOutcome] = []
    for index, case in enumerate(cases, start=1):
        started = time.perf_counter()
        try:
            outcome = CaseOutcome(case, method.check(case.question, case.passages, case.answer))
        except VerificationError as exc:
            outcome = CaseOutcome(case, None, f"{type(exc).__name__}: {exc}")
        outcomes.append(CaseOutcome(outcome.case, outcome.report, outcome.error, seconds=time.perf_counter() - started))
        if on_case is not None:
            on_case(index, len(cases))
    kinds: dict[str, list[dict[str, Any]]] = {}
    for outcome in outcomes:
        kind = failure_kind(outcome)
        if kind is not None:
            kinds.setdefault(kind, []).append(_example(outcome))
    note = next((o.report.note for o in outcomes if o.report is not None and o.report.note), "")
    return HallucinationEvaluation(
        method=method.name,
        data=data,
        scores=scores([o.case.hallucinated for o in outcomes], [o.flagged for o in outcomes]),
        p50_ms=p50_ms(o.seconds * 1000 for o in outcomes) or 0.0,
        outcomes=tuple(outcomes),
        failure_kinds=dict(sorted(kinds.items(), key=lambda kv: -len(kv[1]))),
        note=note,
    )
