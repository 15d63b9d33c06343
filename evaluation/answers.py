"""Evaluating answers: the system's own answers (or given ones) scored against reference answers.

Items are ``{"question", "reference"}`` records (optional ``"answer"``, ``"human_score"``, ``"id"``,
``"type"``), from a JSONL file or LiHua-World's questions. For each method the system under test answers
every question (``answer_fn``); the non-LLM metrics (``answer_metrics``) are always computed, and a
judge (``judge.Judge``) scores the answers in every requested context mode when one is given. With
human scores, the Pearson and Spearman correlation of every metric and judge mode with them is reported.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from graphproof.evaluation.answer_metrics import AnswerScores, score_answers
from graphproof.evaluation.errors import DatasetError
from graphproof.evaluation.hallucination_data import jsonl_records
from graphproof.evaluation.judge import Judge, Judgement, judge_context
from graphproof.graph.embed import Embedder
from pydantic import BaseModel, ConfigDict

METRICS: tuple[str, ...] = ("token_f1", "rouge_l", "similarity", "key_terms")
# what the system under test returns for a question: the answer and the chunks it used
AnswerFn = Callable[[str], tuple[str, list[str]]]


class AnswerItem(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    question: str
    reference: str
    answer: str | None = None
    human_score: float | None = None
    id: str = ""
    type: str = ""


def load_answer_items(path: Path) -> list[AnswerItem]:
    """The items of a JSONL file; a malformed line raises ``DatasetError`` naming the file and line."""
    items = [
        item if item.id else item.model_copy(update={"id": str(number)})
        for number, item in jsonl_records(path, AnswerItem)
    ]
    if not items:
        raise DatasetError(f"{path}: no items; expected JSONL lines with question and reference")
    return items


@dataclass
class ItemResult:
    item: AnswerItem
    answer: str
    scores: AnswerScores
    judgements: dict[str, Judgement] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class AnswersEvaluation:
    results: dict[str, list[ItemResult]]  # method -> one result per item
    seconds: float = 0.0

    def summary(self) -> dict[str, object]:
        methods: dict[str, object] = {}
        for method, rows in self.results.items():
            groups = {"all": rows, **{t.lower(): [r for r in rows if r.item.type == t]
                                      for t in sorted({r.item.type for r in rows if r.item.type})}}  # fmt: skip
            block: dict[str, object] = {name: _means(group) for name, group in groups.items() if group}
            modes = sorted({m for r in rows for m in r.judgements})
            if modes:
                block["judge"] = {mode: _judge_summary([r.judgements[mode] for r in rows if mode in r.judgements])
                                  for mode in modes}  # fmt: skip
            if any(r.item.human_score is not None for r in rows):
                block["correlation"] = correlations(rows)
            methods[method] = block
        return {"methods": methods, "seconds": round(self.seconds, 1)}


def _means(rows: Sequence[ItemResult]) -> dict[str, float | int]:
    out: dict[str, float | int] = {m: round(statistics.fmean(getattr(r.scores, m) for r in rows), 3) for m in METRICS}
    out["answer_terms"] = round(statistics.fmean(r.scores.answer_terms for r in rows), 1)
    out["n"] = len(rows)
    return out


def _judge_summary(judgements: Sequence[Judgement]) -> dict[str, object]:
    scored = [j.score for j in judgements if j.score is not None]
    return {"mean": round(statistics.fmean(scored), 3) if scored else None, "scored": len(scored),
            "failures": len(judgements) - len(scored)}  # fmt: skip


def correlations(rows: Sequence[ItemResult]) -> dict[str, dict[str, float | None]]:
    """Pearson and Spearman of every metric and judge mode with the human scores (items that have both)."""
    from scipy.stats import pearsonr, spearmanr

    series: dict[str, list[tuple[float, float]]] = {}
    for r in rows:
        if r.item.human_score is None:
            continue
        for metric in METRICS:
            series.setdefault(metric, []).append((getattr(r.scores, metric), r.item.human_score))
        for mode, judgement in r.judgements.items():
            if judgement.score is not None:
                series.setdefault(f"judge_{mode}", []).append((float(judgement.score), r.item.human_score))
    out: dict[str, dict[str, float | None]] = {}
    for name, pairs in series.items():
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        varied = len(pairs) >= 3 and len(set(xs)) > 1 and len(set(ys)) > 1
        out[name] = {
            "pearson": round(float(pearsonr(xs, ys)[0]), 3) if varied else None,
            "spearman": round(float(spearmanr(xs, ys)[0]), 3) if varied else None,
            "n": len(pairs),
        }  # type: ignore[dict-item]
    return out


def evaluate_answers(
    items: Sequence[AnswerItem],
    systems: dict[str, AnswerFn | None],
    embedder: Embedder,
    judge: Judge | None = None,
    modes: Sequence[str] = ("reference",),
    retrieve: Callable[[str], Sequence[str]] | None = None,
    on_item: Callable[[str, int], None] | None = None,
) -> AnswersEvaluation:
    """Answer every item with every system (``None``: the items' own ``answer``), score, and judge.

    ``retrieve`` (text -> chunk texts) serves the judge's ``reference`` context mode.
    """
    started = time.perf_counter()
    results: dict[str, list[ItemResult]] = {}
    for method, system in systems.items():
        answers: list[str] = []
        contexts: list[list[str]] = []
        times: list[float] = []
        for index, item in enumerate(items):
            clock = time.perf_counter()
            if system is None:
                if item.answer is None:
                    name = item.id or index + 1
                    raise DatasetError(f"item {name} has no 'answer' and no system was given to answer it")
                answer, chunks = item.answer, []
            else:
                answer, chunks = system(item.question)
            answers.append(answer)
            contexts.append(chunks)
            times.append(time.perf_counter() - clock)
            if on_item is not None:
                on_item(method, index)
        scored = score_answers(answers, [i.reference for i in items], embedder)
        rows = [ItemResult(i, a, s, seconds=t) for i, a, s, t in zip(items, answers, scored, times, strict=True)]
        if judge is not None:
            for row, chunks in zip(rows, contexts, strict=True):
                for mode in modes:
                    if mode == "reference" and retrieve is None:
                        raise ValueError("the 'reference' context mode needs retrieve=")
                    context = judge_context(mode, row.item.question, row.item.reference, chunks,
                                            retrieve or (lambda _text: []))  # fmt: skip
                    row.judgements[mode] = judge.judge(row.item.question, row.item.reference, row.answer, context)
        results[method] = rows
    return AnswersEvaluation(results, time.perf_counter() - started)
