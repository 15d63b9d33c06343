"""Running a grounding check for the CLI: choosing the method by name and rendering its report.

Shared by ``graphproof verify`` and ``graphproof ask --verify``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from rich.console import Group
from rich.table import Table
from rich.text import Text

from graphproof.components import make_verifier
from graphproof.errors import GraphproofError
from graphproof.render import snippet
from graphproof.settings import load_settings
from graphproof.verification.defaults import DEFAULT_THRESHOLD, DEFAULT_TIMEOUT
from graphproof.verification.grounding import GroundingReport, Passage
from graphproof.verification.prover import PROVED


class MethodChoice(StrEnum):
    offline = "offline"
    fol = "fol"
    fol_no_grouping = "fol-no-grouping"
    baseline = "baseline"
    lexical = "lexical"



def report_renderable(report: GroundingReport, *, with_proof: bool = False) -> Group:
    """Per-claim table, the verdict and the method's note."""
    table = Table(title=f"{report.method}: claims of the answer")
    for column in ("#", "status", "claim", "premises", "FOL / reason"):
        table.add_column(column, overflow="fold")
    for index, claim in enumerate(report.claims, start=1):
        detail = claim.formula or claim.reason
        if claim.formula and claim.reason and (claim.status != "proved" or claim.reason != PROVED):
            detail = f"{claim.formula}\n{claim.reason}"  # a proof's reason when it says more: a quotation, a paraphrase
        table.add_row(str(index), claim.status, snippet(claim.claim), ", ".join(claim.premises) or "-", detail)
    style = {"grounded": "bold green", "hallucinated": "bold red"}.get(report.verdict, "bold yellow")
    parts: list[Table | Text] = [table, Text(f"Verdict: {report.verdict}", style=style)]
    if report.note:
        parts.append(Text(f"Method: {report.note}"))
    for warning in report.details.get("warnings", []):
        parts.append(Text(f"warning: {warning}", style="yellow"))
    if with_proof:
        for index, claim in enumerate(report.claims, start=1):
            if claim.proof:
                parts.append(Text(f"\nProof of claim {index}:\n{claim.proof}"))
    return Group(*parts)


def run_verification(
    question: str,
    answer: str,
    passages: Sequence[Passage],
    method: str,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    timeout: float = DEFAULT_TIMEOUT,
) -> GroundingReport:
    """Check ``answer`` against ``passages`` with ``method`` (errors: ``GraphproofError``/``VerificationError``)."""
    if not passages:
        raise GraphproofError("no premises to verify against: the chunks file or the retrieval returned no chunks")
    checker = make_verifier(method, load_settings(), threshold=threshold, timeout=timeout)
    return checker.check(question, passages, answer)
