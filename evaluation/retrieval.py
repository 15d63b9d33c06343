"""The LiHua-World retrieval evaluation (the BM25 path-weighting paper's setting).

A question's relevant items are the conversations its evidence names (``Time:`` stamps joined by
``<and>``); Null questions have no evidence and are left out. A method's ranked chunks become a
ranking of conversations (first occurrence kept); Recall@K and nDCG@K (binary relevance, see
``retrieval_metrics``) are averaged over questions, overall and per question type.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from pathlib import Path

from graphproof.evaluation.errors import EvaluationError
from graphproof.evaluation.retrieval_metrics import ndcg_at_k, recall_at_k
from graphproof.graph.analyzer import find_dates
from graphproof.graph.embed import Embedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import GraphStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import IngestReport, ingest
from graphproof.loaders.sources import read_sources
from graphproof.loaders.types import SourceDocument, SourceFailure
from graphproof.reasoning.retriever import RetrievalConfig, RetrievalMemo, Retriever
from graphproof.reasoning.timing import p50_ms
from pydantic import BaseModel, ConfigDict, Field, ValidationError

_NO_COLON = re.compile(r"^(\d{8})_(\d{2})(\d{2})$")
HALF_YEAR_LAST_MONTH = "202606"
HALF_YEAR_END = "2026-07-01"
DEFINITIONS = (
    "Relevant items: the conversations named by a question's evidence timestamps (Null questions excluded). "
    "Recall@K = |relevant ∩ top-K conversations| / |relevant|; nDCG@K = DCG/IDCG with binary relevance, "
    "DCG = Σ 1/log2(rank + 1) over relevant items in the top K; both averaged over questions."
)


def normalize_time(stamp: str) -> str:
    """``YYYYMMDD_HHMM`` (a few evidence entries omit the colon) -> ``YYYYMMDD_HH:MM``; others unchanged."""
    stamp = stamp.strip()
    match = _NO_COLON.match(stamp)
    return f"{match[1]}_{match[2]}:{match[3]}" if match else stamp


class QAItem(BaseModel):
    model_config = ConfigDict(extra="ignore")

    question: str = Field(min_length=1)
    answer: str
    evidence: str
    type: str

    @property
    def times(self) -> list[str]:
        """The evidence timestamps as chat headers write them (``20260426_1330`` -> ``20260426_13:30``)."""
        if self.evidence.strip() == "N/A":
            return []
        return [normalize_time(e) for e in self.evidence.split("<and>") if e.strip()]


def load_questions(path: Path, half_year: bool = False) -> list[QAItem]:
    """The non-Null questions of a LiHua-World QA file (a JSON object or list of items)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EvaluationError(f"cannot read the question file {str(path)!r}: {exc}") from exc
    values = raw.values() if isinstance(raw, dict) else raw
    items = []
    for index, value in enumerate(values):
        try:
            items.append(QAItem.model_validate(value))
        except ValidationError as exc:
            raise EvaluationError(f"{path}: item {index} is not a question/answer/evidence/type record: {exc}") from exc
    kept = [q for q in items if q.type != "Null" and q.times]
    if half_year:
        kept = [q for q in kept if all(t[:6] <= HALF_YEAR_LAST_MONTH for t in q.times)]
    return kept


@dataclass
class MethodScores:
    recall: list[float] = field(default_factory=list)
    ndcg: list[float] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    by_type: dict[str, tuple[list[float], list[float]]] = field(default_factory=dict)

    def summary(self) -> dict[str, object]:
        return {
            "recall": round(statistics.fmean(self.recall), 3) if self.recall else None,
            "ndcg": round(statistics.fmean(self.ndcg), 3) if self.ndcg else None,
            "p50_ms": round(p50_ms(self.ms), 1) if self.ms else None,
            "mean_ms": round(statistics.fmean(self.ms), 1) if self.ms else None,
            "by_type": {
                t: {"questions": len(r), "recall": round(statistics.fmean(r), 3), "ndcg": round(statistics.fmean(n), 3)}
                for t, (r, n) in sorted(self.by_type.items())
            },
        }


def half_year_only(items: Iterable[SourceDocument | SourceFailure]) -> Iterator[SourceDocument | SourceFailure]:
    """The Jan-Jun conversations (and every failure, so nothing is hidden)."""
    for item in items:
        if isinstance(item, SourceFailure) or item.metadata.get("date", "9999") < HALF_YEAR_END:
            yield item


def ingest_lihua(store: GraphStore, zip_path: Path, half_year: bool, embedder: Embedder | None) -> IngestReport:
    """Ingest LiHua-World's chats (optionally Jan-Jun only) with the rule-based extractor."""
    sources = read_sources([zip_path], "chat")
    report = ingest(store, half_year_only(sources) if half_year else sources, RuleExtractor(), embedder)
    if report.failures:
        raise EvaluationError(
            f"{zip_path}: {len(report.failures)} conversations could not be read: {report.failures[:3]}"
        )
    return report


def lihua_store(
    data: Path, half_year: bool, out: Path, embedder: Embedder | None, *, fresh: bool = False,
    on_ingest: Callable[[Path], None] | None = None,
) -> SQLiteStore:
    """The evaluation store for one setting under ``out`` (``lihua-half.db`` / ``lihua-full.db``), ingested
    from ``data/LiHuaWorld.zip`` when empty (or ``fresh``); reused otherwise. The caller closes it."""
    db = out / f"lihua-{'half' if half_year else 'full'}.db"
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
    store = SQLiteStore(db)
    try:
        if store.stats().documents == 0:
            if on_ingest is not None:
                on_ingest(db)
            ingest_lihua(store, data / "LiHuaWorld.zip", half_year, embedder)
    except BaseException:
        store.close()
        raise
    return store


def conversation_times(store: GraphStore, document_ids: Sequence[str], cache: dict[str, str]) -> list[str]:
    """The ``time`` metadata of each document (conversation), in order; documents without one are skipped."""
    missing = [d for d in dict.fromkeys(document_ids) if d not in cache]
    for doc in store.documents(missing):
        cache[doc.id] = doc.metadata.get("time", "")
    return [cache[d] for d in document_ids if cache.get(d)]


def evaluate(
    retriever: Retriever,
    questions: Sequence[QAItem],
    methods: Sequence[str],
    k: int = 10,
    on_question: Callable[[str, int], None] | None = None,
) -> dict[str, MethodScores]:
    cache: dict[str, str] = {}
    results = {m: MethodScores() for m in methods}
    for method in methods:
        scores = results[method]
        for index, item in enumerate(questions):
            retrieval = retriever.retrieve(item.question, method)
            ranking = conversation_times(retriever.store, [h.item.document_id for h in retrieval.chunks], cache)
            recall, ndcg = recall_at_k(ranking, item.times, k), ndcg_at_k(ranking, item.times, k)
            scores.recall.append(recall)
            scores.ndcg.append(ndcg)
            scores.ms.append(retrieval.ms)
            per_type = scores.by_type.setdefault(item.type, ([], []))
            per_type[0].append(recall)
            per_type[1].append(ndcg)
            if on_question is not None:
                on_question(method, index)
    return results


# A perturbation: the same questions with their days written another way -------------------------------
DATE_FORMS = ("compact", "iso", "written", "day-first", "none")
_BEFORE_DATE = re.compile(r"(?:\b(?:on|as of|dated)\s+)$", re.IGNORECASE)


def rewrite_dates(question: str, form: str) -> str:
    """``question`` with every day it names (``graph.analyzer.find_dates``, ``20260428`` included) written as
    ``form``: ``compact`` 20260428, ``iso`` 2026-04-28, ``written`` April 28, 2026, ``day-first`` 28 April
    2026, or ``none`` (the day left out, with an "on" / "as of" before it)."""
    if form not in DATE_FORMS:
        raise EvaluationError(f"unknown date form {form!r}; expected one of {', '.join(DATE_FORMS)}")
    out, last = [], 0
    for start, end, day in find_dates(question, compact=True):
        before = question[last:start]
        if form == "none":
            before = _BEFORE_DATE.sub("", before).rstrip()
            out.append(before)
        else:
            month = day.strftime("%B")
            written = {"compact": day.strftime("%Y%m%d"), "iso": day.isoformat(),
                       "written": f"{month} {day.day}, {day.year}", "day-first": f"{day.day} {month} {day.year}"}
            out += [before, written[form]]  # fmt: skip
        last = end
    return "".join(out) + question[last:]


# Honest tuning: two folds -------------------------------------------------------------------------
TUNING_GRID: dict[str, tuple[object, ...]] = {
    "rrf_k": (60, 30, 120),  # the first value of each tunable is the default, so ties keep the default
    "link_with_vectors": (None, True, False),
    "hybrid_graph_weight": (1.0, 0.5, 1.5),
    "hybrid_dense_weight": (0.5, 0.0),
    "hybrid_date_weight": (1.0, 0.0),
}


def fold_split(questions: Sequence[QAItem]) -> tuple[list[QAItem], list[QAItem]]:
    """The two folds of a fixed rule: questions at even positions, and at odd positions, of the file."""
    return list(questions[0::2]), list(questions[1::2])


def grid_configs(base: RetrievalConfig, grid: Mapping[str, Sequence[object]]) -> list[RetrievalConfig]:
    """Every combination of the grid's values on top of ``base`` (the defaults' combination first)."""
    names = list(grid)
    return [replace(base, **dict(zip(names, values, strict=True))) for values in product(*(grid[n] for n in names))]


@dataclass
class FoldResult:
    """One direction of the 2-fold run: tunables chosen on ``tuned_on``, scores measured on ``fold``."""

    fold: int
    tuned_on: int
    chosen: dict[str, dict[str, object]]  # method -> the tunables chosen for it
    scores: dict[str, MethodScores]


SELECT_RULES = ("one-se", "best")


def best_mean_choice(per_config: Sequence[Sequence[float]]) -> int:
    """The config with the best mean score (the first of equals: the defaults win a tie)."""
    means = [statistics.fmean(scores) if scores else 0.0 for scores in per_config]
    return max(range(len(means)), key=lambda i: (means[i], -i))


def one_se_choice(per_config: Sequence[Sequence[float]]) -> int:
    """The config to keep, from each config's per-question scores (the first config is the defaults): the best
    mean, unless its gain over the defaults is within one standard error of the paired per-question
    differences d, mean(d) <= stdev(d) / sqrt(n) — then the defaults (Breiman's one-standard-error rule).

    With 108 settings and 37-143 questions a fold, many settings lie within a question or two of each other;
    the plain best of them is as much the fold's noise as a better setting, and it did not hold on the other
    fold (LiHua-World full year: the setting best on the even questions scored nDCG@10 0.827 on the odd ones,
    where the defaults scored 0.857).
    """
    if not per_config or any(len(scores) != len(per_config[0]) for scores in per_config):
        raise EvaluationError("one_se_choice needs the same questions' scores for every config")
    best = best_mean_choice(per_config)
    if best == 0 or len(per_config[0]) < 2:
        return best
    differences = [a - b for a, b in zip(per_config[best], per_config[0], strict=True)]
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return best if statistics.fmean(differences) > error else 0


def two_fold(
    make_retriever: Callable[[RetrievalConfig], Retriever],
    questions: Sequence[QAItem],
    methods: Sequence[str],
    k: int = 10,
    base: RetrievalConfig | None = None,
    grid: Mapping[str, Sequence[object]] = TUNING_GRID,
    on_step: Callable[[str], None] | None = None,
    select: str = "one-se",
) -> list[FoldResult]:
    """Choose every tunable on one fold (per method, over the configs' nDCG@k: ``select`` is ``one-se``,
    ``one_se_choice``, or ``best``, the plain best mean) and report the other fold with it; then the reverse.
    Nothing measured on a reported fold is used to choose.

    While tuning, the retrievers share a ``RetrievalMemo``: configs that differ only in fusion settings reuse
    each question's input rankings. The reported fold is retrieved afresh, without it, so its timings are real.
    """
    if select not in SELECT_RULES:
        raise EvaluationError(f"unknown selection rule {select!r}; expected one of {', '.join(SELECT_RULES)}")
    folds = fold_split(questions)
    configs = grid_configs(base or RetrievalConfig(), grid)
    retrievers = [make_retriever(config) for config in configs]
    memo = RetrievalMemo()
    results: list[FoldResult] = []
    for tuned_on in (0, 1):
        tune, test = folds[tuned_on], folds[1 - tuned_on]
        chosen: dict[str, dict[str, object]] = {}
        scores: dict[str, MethodScores] = {}
        for method in methods:
            per_config: list[list[float]] = []
            for index, retriever in enumerate(retrievers):
                if on_step is not None:
                    on_step(f"fold {tuned_on + 1}: tuning {method} ({index + 1}/{len(retrievers)})")
                retriever.memo = memo
                try:
                    per_config.append(evaluate(retriever, tune, [method], k)[method].ndcg or [0.0])
                finally:
                    retriever.memo = None
            memo.clear()
            best = one_se_choice(per_config) if select == "one-se" else best_mean_choice(per_config)
            chosen[method] = {name: getattr(configs[best], name) for name in grid}
            scores[method] = evaluate(retrievers[best], test, [method], k)[method]
        results.append(FoldResult(2 - tuned_on, tuned_on + 1, chosen, scores))
    return results


def fold_summary(results: Sequence[FoldResult]) -> dict[str, object]:
    """Per fold and method the chosen tunables and scores, and the mean of the two folds."""
    folds = [
        {"fold": r.fold, "tuned_on": r.tuned_on,
         "methods": {m: s.summary() | {"chosen": r.chosen[m]} for m, s in r.scores.items()}}
        for r in results
    ]  # fmt: skip
    mean: dict[str, dict[str, object]] = {}
    for method in results[0].scores:
        parts = [r.scores[method].summary() for r in results]
        mean[method] = {
            key: round(statistics.fmean(float(p[key]) for p in parts), 3)  # type: ignore[arg-type]
            for key in ("recall", "ndcg", "p50_ms") if all(p[key] is not None for p in parts)
        }  # fmt: skip
        types = set().union(*(p["by_type"] for p in parts))  # type: ignore[arg-type]
        mean[method]["by_type"] = {
            t: {key: round(statistics.fmean(p["by_type"][t][key] for p in parts if t in p["by_type"]), 3)  # type: ignore[index]
                for key in ("recall", "ndcg")}
            for t in sorted(types)
        }  # fmt: skip
    return {"folds": folds, "mean": mean}
