"""How sure is hybrid-rrf's lead over bm25 on LiHua-World? Paired bootstrap intervals over the questions.

    python -m benchmarks.retrieval_leads [--out DIR] [--method hybrid-rrf] [--baseline bm25]

With default settings on every dev question of each setting (Jan-Jun and the full year; the evaluation stores
under ``--out``, ingested when absent), it scores both methods per question and prints, for nDCG@10 and Recall@10
over all questions and over the multi-evidence ones, the mean lead and its 95% percentile bootstrap interval
(``evaluation.paired_bootstrap``, 10,000 resamples, seed 0). A fold table says by how much a method led on these
questions; this says whether questions drawn like them would show a lead at all (an interval holding 0 would not).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from graphproof.evaluation.paired_bootstrap import paired_bootstrap
from graphproof.evaluation.retrieval import evaluate, lihua_store, load_questions
from graphproof.reasoning.retriever import RetrievalConfig, Retriever

from benchmarks._common import data_file
from graphproof.components import make_embedder
from graphproof.settings import load_settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(".graphproof") / "eval", help="Where evaluation stores live.")
    parser.add_argument("--method", default="hybrid-rrf", help="The method whose lead is measured.")
    parser.add_argument("--baseline", default="bm25", help="The method it is measured against.")
    args = parser.parse_args()
    qa = data_file("lihua-world", "qa_dev.json")
    embedder = make_embedder(load_settings())
    print(f"\n### {args.method} minus {args.baseline}, per question, default settings (95% bootstrap intervals)\n")
    print("| setting | questions | nDCG@10 lead | Recall@10 lead | multi-evidence | multi nDCG@10 lead "
          "| multi Recall@10 lead |")  # fmt: skip
    print("|---|---:|---|---|---:|---|---|")
    for half, label in ((True, "Jan-Jun"), (False, "full year")):
        questions = load_questions(qa, half)
        with lihua_store(qa.parent, half, args.out, embedder) as store:
            scores = evaluate(Retriever(store, embedder, RetrievalConfig()), questions, [args.method, args.baseline])
        lead, base = scores[args.method], scores[args.baseline]
        multi = [i for i, q in enumerate(questions) if q.type == "Multi"]
        cells = []
        for rows in (range(len(questions)), multi):
            for metric in ("ndcg", "recall"):
                ours, theirs = getattr(lead, metric), getattr(base, metric)
                interval = paired_bootstrap([ours[i] - theirs[i] for i in rows]) if rows else None
                cells.append(f"{interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]" if interval else "-")
        print(f"| {label} | {len(questions)} | {cells[0]} | {cells[1]} | {len(multi)} | {cells[2]} | {cells[3]} |")


if __name__ == "__main__":
    main()
