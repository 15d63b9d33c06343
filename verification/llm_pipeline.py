"""The paper's method with an LLM: split, group, translate each group to FOL, prove, decide.

'一階述語論理を用いた RAG におけるハルシネーション判定手法の検討' (hallucination detection for RAG
with first-order logic):

1. *Split* every chunk and the answer into one-fact sentences (prompt ``fol_split``).
2. *Group* sentences with similar meaning, across chunks and answer, by embedding similarity
   (``verification.grouping``; all-MiniLM-L6-v2 by default, ``threshold`` configurable).
3. *Translate* each group in one prompt (``fol_translate``) with a *shared symbol table*: the
   symbols earlier groups introduced are listed and reused, so the same concept gets the same
   symbols ("Include" stays "Include", a constant stays a constant).
4. *Prove* each answer formula with Prover9 from all chunk formulas (``verification.prover``).
5. The answer is grounded only if every answer formula is proved (``verdict_of``).

``grouping=False`` is the paper's ablation: every sentence is translated alone with no symbol
table, so wording differences become symbol mismatches (``Include`` vs ``Includes``) and answers
look hallucinated. Replies are parsed strictly with one retry (``verification.llm_json``). A
failure is reported, never counted silently: an answer claim whose translation failed is
``error``; a chunk that could not be split is used whole and a chunk sentence that could not be
translated is left out, each with a warning in ``details["warnings"]``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphproof.graph.embed import Embedder
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.fol import Formula, parse_formula
from graphproof.verification.grounding import ClaimResult, GroundingReport, Passage, verdict_of
from graphproof.verification.grounding_errors import FormulaError, LLMReplyError
from graphproof.verification.grouping import DEFAULT_THRESHOLD, group_texts
from graphproof.verification.llm_json import JsonAsker, load_prompt
from graphproof.verification.prover import Prover9
from graphproof.verification.question_claims import ClaimBuilder
from pydantic import BaseModel, ConfigDict, Field, field_validator

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

ANSWER = "answer"


class SplitReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    sentences: list[str] = Field(min_length=1)

    @field_validator("sentences")
    @classmethod
    def _not_blank(cls, value: list[str]) -> list[str]:
        cleaned = [s.strip() for s in value]
        if any(not s for s in cleaned):
            raise ValueError("a sentence is blank")
        return cleaned


class FormulaItem(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str = Field(min_length=1)
    fol: str = Field(min_length=1)


class SymbolItem(BaseModel):
    model_config = ConfigDict(extra="ignore")

    symbol: str = Field(min_length=1)
    arity: int = Field(ge=0)
    meaning: str = ""


class TranslateReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    formulas: list[FormulaItem]
    symbols: list[SymbolItem] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Item:
    id: str
    text: str
    origin: str


def _checked_translation(ids: Sequence[str]) -> Callable[[TranslateReply], None]:
    """A ``check`` for ``TranslateReply``: exactly one formula per id, each parsing as FOL."""

    def check(reply: TranslateReply) -> None:
        got = [f.id for f in reply.formulas]
        missing, extra = set(ids) - set(got), set(got) - set(ids)
        if missing or extra or len(got) != len(set(got)):
            raise ValueError(
                f"expected one formula for each of the ids {', '.join(ids)}"
                + (f"; missing {', '.join(sorted(missing))}" if missing else "")
                + (f"; unexpected {', '.join(sorted(extra))}" if extra else "")
            )
        problems = []
        for item in reply.formulas:
            try:
                parse_formula(item.fol)
            except FormulaError as exc:
                problems.append(f"{item.id}: {exc.problem}")
        if problems:
            raise ValueError("formulas that do not parse: " + "; ".join(problems))

    return check


class FolPipeline:
    """The paper's method with a chat model; ``grouping`` selects the method or its ablation."""

    def __init__(
        self,
        model: BaseChatModel,
        embedder: Embedder | None = None,
        *,
        grouping: bool = True,
        threshold: float = DEFAULT_THRESHOLD,
        prover: Prover9 | None = None,
        max_retries: int = 1,
    ) -> None:
        if grouping and embedder is None:
            raise ValueError("grouping needs an embedder (e.g. graph.embed.SentenceTransformerEmbedder())")
        self.asker = JsonAsker(model, max_retries=max_retries)
        self.embedder = embedder
        self.grouping = grouping
        self.threshold = threshold
        self.prover = prover or Prover9()
        self.name = "fol" if grouping else "fol-no-grouping"

    @property
    def note(self) -> str:
        if self.grouping:
            return f"FOL method with an LLM: grouped translation (embedding threshold {self.threshold:g}), Prover9"
        return "FOL method with an LLM, without grouping: each sentence translated alone, Prover9"

    def split(self, text: str, step: str) -> list[str]:
        reply = self.asker.ask(load_prompt("fol_split"), SplitReply, step, text=text)
        return reply.sentences

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport:
        started = time.perf_counter()
        warnings: list[str] = []
        items: list[_Item] = []
        for passage in passages:
            try:
                sentences = self.split(passage.text, f"splitting chunk {passage.id}")
            except LLMReplyError as exc:
                warnings.append(f"{exc}; the chunk is used whole")
                sentences = [passage.text]
            items += [_Item(f"s{len(items) + i + 1}", s, passage.id) for i, s in enumerate(sentences)]
        built = ClaimBuilder(EnglishTranslator.for_texts([answer])).claims(question, answer)
        unread = [ClaimResult(claim=c.answer, status="unknown", reason=c.why) for c in built if not c.text]
        statement = " ".join(
            ("It is not the case that " + c.text if c.negated else c.text).rstrip(" .") + "." for c in built if c.text
        )
        if all(c.source == "answer" for c in built):
            statement = answer  # every sentence is a claim as written: the model splits the answer itself
        try:
            claims = self.split(statement, "splitting the answer") if statement else []
        except LLMReplyError as exc:
            failed = ClaimResult(claim=answer, status="error", reason=str(exc))
            return self._report((failed, *unread), warnings, started)
        items += [_Item(f"s{len(items) + i + 1}", s, ANSWER) for i, s in enumerate(claims)]
        groups = self._groups(items)
        formulas, errors = self._translate(items, groups, warnings)
        premises = [(formulas[i.id], i) for i in items if i.origin != ANSWER and i.id in formulas]
        results = []
        for item in (i for i in items if i.origin == ANSWER):
            if item.id in errors:
                results.append(ClaimResult(claim=item.text, status="error", reason=errors[item.id]))
                continue
            decision = self.prover.decide([f for f, _ in premises], formulas[item.id])
            used = [premises[k] for k in decision.used]
            results.append(
                ClaimResult(
                    claim=item.text,
                    status=decision.status,
                    formula=formulas[item.id].source,
                    premises=tuple(dict.fromkeys(i.origin for _, i in used)),
                    reason=decision.reason,
                    proof=decision.proof,
                    premise_formulas=tuple(f.source for f, _ in used),
                )
            )
        return self._report((*results, *unread), warnings, started, groups=len(groups))

    def _report(
        self, claims: tuple[ClaimResult, ...], warnings: list[str], started: float, groups: int = 0
    ) -> GroundingReport:
        details: dict[str, object] = {"groups": groups}
        if warnings:
            details["warnings"] = warnings
        seconds = time.perf_counter() - started
        return GroundingReport(self.name, verdict_of(claims), claims, self.note, seconds, details)

    def _groups(self, items: Sequence[_Item]) -> list[list[int]]:
        if not self.grouping or self.embedder is None:
            return [[i] for i in range(len(items))]
        return group_texts([i.text for i in items], self.embedder, self.threshold)

    def _translate(
        self, items: list[_Item], groups: list[list[int]], warnings: list[str]
    ) -> tuple[dict[str, Formula], dict[str, str]]:
        """Formulas by item id, and the translation error of each item that has none."""
        table: dict[str, SymbolItem] = {}
        formulas: dict[str, Formula] = {}
        errors: dict[str, str] = {}
        for group in groups:
            members = [items[k] for k in group]
            ids = [m.id for m in members]
            try:
                reply = self.asker.ask(
                    load_prompt("fol_translate"),
                    TranslateReply,
                    f"translating sentences {', '.join(ids)}",
                    check=_checked_translation(ids),
                    symbols=_table_text(table) if self.grouping else "(none)",
                    sentences="\n".join(f"{m.id}: {m.text}" for m in members),
                )
            except LLMReplyError as exc:
                for member in members:
                    errors[member.id] = str(exc)
                    if member.origin != ANSWER:
                        warnings.append(f"chunk {member.origin} sentence {member.text!r} left out: {exc}")
                continue
            for formula in reply.formulas:
                formulas[formula.id] = parse_formula(formula.fol)
            if self.grouping:
                table.update({s.symbol: s for s in reply.symbols})
        return formulas, errors


def _table_text(table: dict[str, SymbolItem]) -> str:
    if not table:
        return "(empty)"
    return "\n".join(f"- {s.symbol}/{s.arity}: {s.meaning}" for s in table.values())
