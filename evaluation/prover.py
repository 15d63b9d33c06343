"""The prover on FOLIO's gold FOL: parse premises-FOL and conclusion-FOL, decide, compare with the label.

Labels map to the three values as in Logic-LM: True → proved, False → refuted, Uncertain → unknown.
Accuracy is over the items whose formulas all parse (with the documented normaliser of
``verification.fol``; the repairs it made are counted); items that fail to parse are listed with
the reason. Time is per decision (one or two Prover9 runs), p50 in milliseconds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graphproof.evaluation.hallucination_data import load_folio_items
from graphproof.reasoning.timing import p50_ms
from graphproof.verification.fol import parse_formula
from graphproof.verification.grounding_errors import FormulaError
from graphproof.verification.prover import Prover9, Status

EXPECTED: dict[str, Status] = {"True": "proved", "False": "refuted", "Uncertain": "unknown"}
STATUSES: tuple[Status, ...] = ("proved", "refuted", "unknown")


@dataclass(frozen=True, slots=True)
class ProverItemResult:
    line: int
    label: str
    expected: Status
    status: Status | None
    reason: str = ""
    conclusion: str = ""
    fixes: tuple[str, ...] = ()
    strict_error: str = ""


@dataclass(frozen=True, slots=True)
class ProverEvaluation:
    total: int
    parsed: int
    accuracy: float
    p50_ms: float
    results: tuple[ProverItemResult, ...] = field(default_factory=tuple)

    @property
    def unparsed(self) -> list[ProverItemResult]:
        return [r for r in self.results if r.status is None]

    @property
    def mismatches(self) -> list[ProverItemResult]:
        return [r for r in self.results if r.status is not None and r.status != r.expected]

    def confusion(self) -> dict[str, dict[str, int]]:
        """``confusion[expected][got]`` over the parsed items."""
        table = {e: dict.fromkeys(STATUSES, 0) for e in STATUSES}
        for r in self.results:
            if r.status is not None:
                table[r.expected][r.status] += 1
        return table

    def as_dict(self) -> dict[str, Any]:
        return {
            "accuracy": round(self.accuracy, 4),
            "parsed": self.parsed,
            "total": self.total,
            "p50_ms": round(self.p50_ms, 2),
            "normalised": sum(1 for r in self.results if r.fixes),
            "confusion": self.confusion(),
            "unparsed": [{"line": r.line, "reason": r.reason} for r in self.unparsed],
            "repaired": [
                {
                    "line": r.line,
                    "fixes": list(r.fixes),
                    "without_normaliser": r.strict_error or "parses, other meaning",
                }
                for r in self.results
                if r.fixes
            ],
            "mismatches": [
                {
                    "line": r.line,
                    "label": r.label,
                    "expected": r.expected,
                    "got": r.status,
                    "reason": r.reason,
                    "conclusion_fol": r.conclusion,
                }
                for r in self.mismatches
            ],
        }


def _strict_error(texts: list[str]) -> str:
    """Why the first of ``texts`` that needs the normaliser fails without it ("" if all parse as written)."""
    for text in texts:
        try:
            parse_formula(text, lenient=False)
        except FormulaError as exc:
            return str(exc)
    return ""


def evaluate_prover(path: Path, prover: Prover9 | None = None) -> ProverEvaluation:
    """Run FOLIO's gold formulas through ``prover`` (default: ``Prover9()``)."""
    prover = prover or Prover9()
    results: list[ProverItemResult] = []
    times: list[float] = []
    for line, item in load_folio_items(path):
        expected = EXPECTED[item.label]
        try:
            premises = [parse_formula(text) for text in item.premises_fol]
            goal = parse_formula(item.conclusion_fol)
        except FormulaError as exc:
            results.append(ProverItemResult(line, item.label, expected, None, str(exc), item.conclusion_fol))
            continue
        fixes = tuple(dict.fromkeys(fix for f in [*premises, goal] for fix in f.fixes))
        strict_error = _strict_error([*item.premises_fol, item.conclusion_fol]) if fixes else ""
        started = time.perf_counter()
        decision = prover.decide(premises, goal)
        times.append(time.perf_counter() - started)
        results.append(
            ProverItemResult(
                line, item.label, expected, decision.status, decision.reason, item.conclusion_fol, fixes, strict_error
            )
        )
    parsed = [r for r in results if r.status is not None]
    correct = sum(1 for r in parsed if r.status == r.expected)
    return ProverEvaluation(
        total=len(results),
        parsed=len(parsed),
        accuracy=correct / len(parsed) if parsed else 0.0,
        p50_ms=p50_ms(t * 1000 for t in times) or 0.0,
        results=tuple(results),
    )
