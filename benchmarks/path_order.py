"""Fit and check the display order of paths (``reasoning.path_order``) on the read real-document sets.

    python -m benchmarks.path_order [--store-dir DIR] [--c 1.0] [--json]

For every question of the real-document sets whose failures have been read (``READ_SETS``: main, holdout,
holdout2–14, holdout20, holdout22 and holdout24 as written and main, holdout, holdout2–3 paraphrased; holdout7 and
holdout8 since session 20, holdout9 since session 21, holdout10 since session 22, holdout11 since session 23, the
others since session 47; never a set kept for measuring, holdout15–19, holdout21 and holdout23), asks
hybrid-rrf with the weighted order (``RetrievalConfig.order_paths=False``) and labels each of its first ``PATHS``
paths 1 when it states the question's fact (``benchmarks.realdocs.path_states_fact``), with the features of
``reasoning.path_order.path_features``.

Then, leaving one set out at a time (a set and its paraphrase together, so a question is never fitted in other
words), fits L2-regularised logistic regression (``fit_logistic``: classes balanced, every question weighing 1 in
all) on the other sets and counts on the held-out one how often the top path states the fact: with the weighted
order, with the fitted order, and with the shipped ``DISPLAY_WEIGHTS``. Prints that table, its totals, and the
coefficients fitted on every read set (what ``DISPLAY_WEIGHTS`` holds). Stores are built in ``--store-dir`` (kept,
reused) or in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks._common import ROOT
from benchmarks.realdocs import copy_documents, load_set, paraphrased, path_states_fact

READ_SETS = (
    ("set", False), ("holdout", False), ("holdout2", False), ("holdout3", False), ("holdout4", False),
    ("holdout5", False), ("holdout6", False), ("set", True), ("holdout", True), ("holdout2", True),
    ("holdout3", True), ("holdout7", False), ("holdout8", False), ("holdout9", False), ("holdout10", False),
    ("holdout11", False), ("holdout12", False), ("holdout13", False), ("holdout14", False), ("holdout20", False),
    ("holdout22", False), ("holdout24", False),
)  # fmt: skip
PATHS = 50


@dataclass
class Question:
    group: str  # the set's name: a set and its paraphrase are one group
    key: str  # the set's name, "-p" for its paraphrase
    features: np.ndarray  # paths × features, in weighted order
    labels: np.ndarray  # 1 where the path states the fact


def fit_logistic(
    x: np.ndarray, y: np.ndarray, sample_weight: np.ndarray | None = None, c: float = 1.0, steps: int = 50
) -> tuple[np.ndarray, float]:
    """Coefficients and intercept minimising ``½‖β‖² + C Σ_i v_i · logloss(y_i, σ(β·x_i + b))``, where ``v_i`` is the
    sample weight ``s_i`` times the balanced class weight ``Σ s / (2 Σ_{y_j = y_i} s_j)`` (scikit-learn 1.9's
    ``LogisticRegression(C=c, class_weight="balanced")`` fitted with ``sample_weight``; the intercept is not
    penalised). Newton's method."""
    n, d = x.shape
    sw = np.ones(n) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    positives = float(sw[y > 0].sum())
    if not 0 < positives < sw.sum():
        raise ValueError("fit_logistic needs both classes in y")
    total = float(sw.sum())
    v = sw * np.where(y > 0, total / (2 * positives), total / (2 * (total - positives)))
    a = np.hstack([x, np.ones((n, 1))])
    theta = np.zeros(d + 1)
    penalty = np.eye(d + 1)
    penalty[d, d] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(a @ theta)))
        grad = penalty @ theta + c * a.T @ (v * (p - y))
        hess = penalty + c * (a.T * (v * p * (1 - p))) @ a
        delta = np.linalg.solve(hess, grad)
        theta -= delta
        if np.abs(delta).max() < 1e-10:
            break
    return theta[:d], float(theta[d])


def top_states(questions: list[Question], coef: np.ndarray | None) -> int:
    """How many questions have a top path that states the fact: in weighted order (``coef`` None) or by ``x · coef``."""
    hits = 0
    for q in questions:
        if not len(q.labels):
            continue
        scores = np.zeros(len(q.labels)) if coef is None else q.features @ coef
        best = int(np.argmax(scores))  # argmax: the first of equal scores, so the weighted order breaks ties
        hits += int(q.labels[best])
    return hits


def collect(store_dir: Path) -> tuple[list[Question], dict[str, int]]:
    from graphproof.reasoning.path_order import FEATURES, path_features
    from graphproof.reasoning.paths import question_shape

    import graphproof
    from graphproof.components import make_embedder, make_rag
    from graphproof.settings import load_settings

    settings = load_settings()
    embedder = make_embedder(settings)
    questions: list[Question] = []
    counts: dict[str, int] = {}
    for name, para in READ_SETS:
        asked = load_set(ROOT / "benchmarks" / f"realdocs_{name}.json")
        asked = paraphrased(asked) if para else asked
        key = f"{name}-p" if para else name
        workdir = store_dir / name
        _, missing = copy_documents(dict.fromkeys(q["document"] for q in asked), workdir / "docs")
        asked = [q for q in asked if q["document"] not in missing]
        if missing:
            print(f"{key}: {len(missing)} documents not on this machine, their questions skipped", file=sys.stderr)
        counts[key] = len(asked)
        store = graphproof.open_store(f"sqlite:///{(workdir / 'realdocs.db').as_posix()}")
        try:
            graphproof.ingest(store, [workdir / "docs"], embedder=embedder)
            rag = make_rag(store, settings, embedder=embedder, use_llm=False)
            rag.retriever.config = replace(rag.retriever.config, order_paths=False)
            analyzer = rag.retriever.analyzer
            for q in asked:
                got = rag.retriever.retrieve(q["question"], "hybrid-rrf")
                paths = got.paths[:PATHS]
                labels = [
                    path_states_fact(
                        {"entities": [e.name for e in p.path.entities],
                         "relations": [r.predicate for r in p.path.relations]}, q["path_terms"],
                    )
                    for p in paths
                ]  # fmt: skip
                feats = path_features(
                    paths, question_shape(q["question"], analyzer), frozenset(s.item.id for s in got.seeds),
                    analyzer,
                )  # fmt: skip
                matrix = np.array([[f[n] for n in FEATURES] for f in feats]).reshape(len(feats), len(FEATURES))
                questions.append(Question(name, key, matrix, np.array(labels, dtype=float)))
        finally:
            store.close()
    return questions, counts


def question_weights(questions: list[Question]) -> np.ndarray:
    return np.concatenate([np.full(len(q.labels), 1.0 / len(q.labels)) for q in questions if len(q.labels)])


def fit_questions(questions: list[Question], c: float) -> np.ndarray:
    """``fit_logistic``'s coefficients over every path of ``questions`` (each question weighing 1 in all)."""
    usable = [q for q in questions if len(q.labels)]
    x, y = np.vstack([q.features for q in usable]), np.concatenate([q.labels for q in usable])
    coef, _ = fit_logistic(x, y, question_weights(usable), c)
    return coef


def evaluate(questions: list[Question], counts: dict[str, int], c: float, names: Sequence[str]) -> dict[str, Any]:
    """The left-one-set-out table and the coefficients fitted on all, over the features ``names``."""
    from graphproof.reasoning.path_order import DISPLAY_WEIGHTS, FEATURES

    shipped = np.array([DISPLAY_WEIGHTS.get(n, 0.0) for n in FEATURES])
    columns = [FEATURES.index(n) for n in names]
    chosen = [replace(q, features=q.features[:, columns]) for q in questions]
    rows = []
    for group in dict.fromkeys(q.group for q in questions):
        coef = fit_questions([q for q in chosen if q.group != group], c)
        for key in dict.fromkeys(q.key for q in questions if q.group == group):
            held = [q for q in chosen if q.key == key]
            rows.append({"set": key, "questions": counts[key], "weighted": top_states(held, None),
                         "fitted_out_of_set": top_states(held, coef),
                         "shipped": top_states([q for q in questions if q.key == key], shipped),
                         "stating_path_in_first": sum(int(q.labels.any()) for q in held)})  # fmt: skip
    coef = fit_questions(chosen, c)
    return {"c": c, "rows": rows, "coefficients": dict(zip(names, np.round(coef, 2).tolist(), strict=True))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store-dir", type=Path, help="build (and keep, reuse) the stores here")
    parser.add_argument("--c", type=float, default=1.0, help="inverse L2 strength of the fit")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--features", help="comma-separated features to fit (default: those DISPLAY_WEIGHTS uses)")
    args = parser.parse_args()
    from graphproof.reasoning.path_order import DISPLAY_WEIGHTS, FEATURES

    names = args.features.split(",") if args.features else [n for n in FEATURES if n in DISPLAY_WEIGHTS]
    unknown = [n for n in names if n not in FEATURES]
    if unknown:
        sys.exit(f"--features: unknown {', '.join(unknown)}; expected some of {', '.join(FEATURES)}")
    if args.store_dir:
        args.store_dir.mkdir(parents=True, exist_ok=True)
        questions, counts = collect(args.store_dir)
    else:
        with tempfile.TemporaryDirectory(prefix="path-order-") as tmp:
            questions, counts = collect(Path(tmp))
    if len({q.group for q in questions if q.labels.any()}) < 2:
        sys.exit("fewer than two read sets have a question with a stating path here (their documents are missing?)")
    out = evaluate(questions, counts, args.c, names)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    table = [(r["set"], r["questions"], r["stating_path_in_first"], r["weighted"], r["fitted_out_of_set"],
              r["shipped"]) for r in out["rows"]]  # fmt: skip
    total = [sum(r[k] for r in out["rows"]) for k in
             ("questions", "stating_path_in_first", "weighted", "fitted_out_of_set", "shipped")]  # fmt: skip
    table.append(("all", *total))
    print(f"\n### Top path states the fact (fitted: left one set out, C = {args.c}; shipped: DISPLAY_WEIGHTS)\n")
    print(f"| set | questions | a stating path in the first {PATHS} | weighted order | fitted, set left out "
          "| shipped |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    for row in table:
        print("| " + " | ".join(str(v) for v in row) + " |")
    fitted = ", ".join(f"{k} {v:+.2f}" for k, v in out["coefficients"].items())
    print(f"\nCoefficients fitted on every read set: {fitted}")


if __name__ == "__main__":
    main()
