"""The paper's baseline: an LLM judge reads the query, the chunks and the answer and says grounded or not.

'一階述語論理を用いた RAG におけるハルシネーション判定手法の検討' compares its FOL method with this
judge (their Table 2: accuracy 0.68, recall 0.31, F1 0.45). The prompt is ``grounding_judge``;
the reply ``{"grounded": bool, "reason": str}`` is parsed strictly with one retry. A failure leaves
the answer undecided with the error as the reason.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from graphproof.verification.grounding import ClaimResult, GroundingReport, Passage
from graphproof.verification.grounding_errors import LLMReplyError
from graphproof.verification.llm_json import JsonAsker, load_prompt
from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

JUDGE_NOTE = "LLM-judge baseline: no proof; the model reads the question, chunks and answer and judges"


class JudgeReply(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)

    grounded: bool
    reason: str = ""


class LLMJudge:
    """The LLM-judge baseline as a grounding method."""

    name = "baseline"

    def __init__(self, model: BaseChatModel, max_retries: int = 1) -> None:
        self.asker = JsonAsker(model, max_retries=max_retries)

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport:
        started = time.perf_counter()
        chunks = "\n\n".join(f"[{p.id}] {p.text}" for p in passages) or "(none)"
        try:
            reply = self.asker.ask(
                load_prompt("grounding_judge"),
                JudgeReply,
                "judging the answer",
                question=question or "(none)",
                chunks=chunks,
                answer=answer,
            )
        except LLMReplyError as exc:
            claim = ClaimResult(claim=answer, status="error", reason=str(exc))
            return GroundingReport(self.name, "undecided", (claim,), JUDGE_NOTE, time.perf_counter() - started)
        claim = ClaimResult(
            claim=answer,
            status="proved" if reply.grounded else "unknown",
            premises=tuple(p.id for p in passages) if reply.grounded else (),
            reason=reply.reason or ("judged grounded" if reply.grounded else "judged not grounded"),
        )
        verdict = "grounded" if reply.grounded else "hallucinated"
        return GroundingReport(self.name, verdict, (claim,), JUDGE_NOTE, time.perf_counter() - started)
