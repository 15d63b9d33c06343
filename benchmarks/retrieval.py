"""Retrieval benchmark: every method on LiHua-World, Jan-Jun (the paper's setting) and the full year.

    python -m benchmarks.retrieval [--out DIR] [--bm25 K1,B] [--markdown FILE] [--dates | --names]

Ingests the chats with the rule-based extractor and all-MiniLM-L6-v2 (or reuses the stores in
``--out``), runs every method over the non-Null dev questions and prints Recall@10 / nDCG@10
overall and per question type, with query latency (embedding the query included). ``--markdown``
also writes the tables to a file (``benchmarks/results/retrieval.md`` is the committed copy).

``--dates`` is a perturbation instead: the full year's questions that name a day are asked with the day
written five ways (``evaluation.retrieval.rewrite_dates``: 20260428, 2026-04-28, April 28, 2026,
28 April 2026, and left out), and bm25 and hybrid-rrf (default settings) are scored on each form. A method
that reads dates gives the same figures for the four written forms, and better ones than with no day.

``--names`` is another: the single-evidence questions that name a participant of their conversation are asked
with the name as written and written the other way (``benchmarks.answer_speakers``' ``name_form``: "LiHua" as
"Li Hua", "Li Hua" or "Jake" as the handle), Jan-Jun and the full year; a method that reads who is named scores
the same on both.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from graphproof.evaluation.retrieval import (
    DATE_FORMS,
    DEFINITIONS,
    evaluate,
    lihua_store,
    load_questions,
    rewrite_dates,
)
from graphproof.graph.analyzer import find_dates
from graphproof.graph.embed import Embedder
from graphproof.reasoning.bm25 import BM25Params
from graphproof.reasoning.retriever import RetrievalConfig, Retriever

from benchmarks._common import data_file
from graphproof.components import make_embedder
from graphproof.settings import load_settings

METHODS = ("naive", "bm25", "bm25-dense", "graph-vector", "edge-bm25", "chunk-bm25", "hybrid-rrf")


def table(title: str, results: dict, k: int) -> str:  # type: ignore[type-arg]
    lines = [f"### {title}", "", f"| method | Recall@{k} | nDCG@{k} | Single R / N | Multi R / N | p50 ms | mean ms |",
             "|---|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for method, scores in results.items():
        s = scores.summary()
        cells = []
        for kind in ("Single", "Multi"):
            t = s["by_type"].get(kind)
            cells.append(f"{t['recall']:.3f} / {t['ndcg']:.3f} ({t['questions']})" if t else "-")
        lines.append(f"| {method} | {s['recall']:.3f} | {s['ndcg']:.3f} | {cells[0]} | {cells[1]} | "
                     f"{s['p50_ms']} | {s['mean_ms']} |")  # fmt: skip
    return "\n".join(lines)


def date_forms(out: Path, embedder: Embedder, k: int) -> None:
    """The ``--dates`` perturbation (module docstring), full year."""
    zip_path, qa = data_file("lihua-world", "LiHuaWorld.zip"), data_file("lihua-world", "qa_dev.json")
    dated = [q for q in load_questions(qa) if find_dates(q.question, compact=True)]
    print(f"### Questions that name a day ({len(dated)} of the full year's), the day written five ways\n")
    print(f"| form | example | bm25 Recall@{k} / nDCG@{k} | hybrid-rrf Recall@{k} / nDCG@{k} |")
    print("|---|---|---:|---:|")
    with lihua_store(zip_path.parent, False, out, embedder) as store:
        retriever = Retriever(store, embedder, RetrievalConfig())
        for form in DATE_FORMS:
            asked = [q.model_copy(update={"question": rewrite_dates(q.question, form)}) for q in dated]
            scores = evaluate(retriever, asked, ("bm25", "hybrid-rrf"), k)
            summaries = [scores[m].summary() for m in ("bm25", "hybrid-rrf")]
            cells = [f"{s['recall']:.3f} / {s['ndcg']:.3f}" for s in summaries]
            print(f"| {form} | {asked[0].question} | {cells[0]} | {cells[1]} |", flush=True)


def name_form_table(out: Path, embedder: Embedder, k: int) -> None:
    """The ``--names`` perturbation (module docstring), Jan-Jun and full year."""
    from benchmarks.answer_speakers import naming_questions, rewritten

    zip_path, qa = data_file("lihua-world", "LiHuaWorld.zip"), data_file("lihua-world", "qa_dev.json")
    print("### Questions that name a participant, the name as written and written the other way\n")
    print(f"| setting | form | questions | bm25 Recall@{k} / nDCG@{k} | hybrid-rrf Recall@{k} / nDCG@{k} |")
    print("|---|---|---:|---:|---:|")
    for half in (True, False):
        cases = naming_questions(zip_path, load_questions(qa, half))
        pairs = [(q, rewritten(q.question, handle, "name_form", others)) for q, handle, others in cases]
        kept = [(q, made[0]) for q, made in pairs if made is not None]
        label = "Jan-Jun" if half else "full year"
        with lihua_store(zip_path.parent, half, out, embedder) as store:
            retriever = Retriever(store, embedder, RetrievalConfig())
            for form in ("as written", "other form"):
                asked = [q if form == "as written" else q.model_copy(update={"question": text}) for q, text in kept]
                scores = evaluate(retriever, asked, ("bm25", "hybrid-rrf"), k)
                summaries = [scores[m].summary() for m in ("bm25", "hybrid-rrf")]
                cells = [f"{s['recall']:.3f} / {s['ndcg']:.3f}" for s in summaries]
                print(f"| {label} | {form} | {len(asked)} | {cells[0]} | {cells[1]} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/out"))
    parser.add_argument("--bm25", help="re-score BM25 in process with K1,B (e.g. 1.5,0.75)")
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("-k", type=int, default=10)
    parser.add_argument("--dates", action="store_true", help="the date-form perturbation only (full year)")
    parser.add_argument("--names", action="store_true", help="the name-form perturbation only (both settings)")
    args = parser.parse_args()
    embedder = make_embedder(load_settings())  # the configured model and precision (GRAPHPROOF_EMBED_BF16)
    if args.dates:
        date_forms(args.out, embedder, args.k)
        return
    if args.names:
        name_form_table(args.out, embedder, args.k)
        return
    params = BM25Params(*(float(x) for x in args.bm25.split(","))) if args.bm25 else None
    zip_path, qa = data_file("lihua-world", "LiHuaWorld.zip"), data_file("lihua-world", "qa_dev.json")
    sections = [DEFINITIONS]
    for half in (True, False):
        label = "Jan-Jun" if half else "full year"
        with lihua_store(zip_path.parent, half, args.out, embedder) as store:
            questions = load_questions(qa, half)
            results = evaluate(Retriever(store, embedder, RetrievalConfig(bm25=params)), questions, METHODS, args.k)
            stats = store.stats()
        title = (f"LiHua-World {label}: {len(questions)} questions, {stats.documents} conversations, "
                 f"{stats.entities} entities, {stats.relations} relations; BM25 "
                 f"{f'in-process k1={params.k1} b={params.b}' if params else 'native (FTS5)'}")  # fmt: skip
        sections.append(table(title, results, args.k))
        print(sections[-1] + "\n", flush=True)
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text("\n\n".join(sections) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
