"""KGQA benchmark: ReaRev over subgraphs exported from the embedded store, on MetaQA 1/2/3-hop.

    python -m benchmarks.kgqa [--hops 1 2 3] [--minutes 19] [--max-train N] [--threads 1] [--device auto|cpu|cuda]
                              [--seed 0] [--skip-baseline] [--json] [--misses DIR]

Imports ``../shared/data/metaqa/kb.txt`` into a fresh SQLite store, then for each hop count splits
``qa_dev_{h}hop.txt`` 80/20 (seed 0), trains one model on the 80% (10% of it held out for early
stopping), and evaluates on the 20%: Hit@1, Hits, F1, answer coverage of the exported subgraphs
(the ceiling for Hit@1), how often the top answer is tied and Hit@1 with tied answers sharing credit
(`reasoning.gnn.metrics`), training time and inference time per question (link + export + encode +
score). A non-learned baseline (BFS ranked by relation-text similarity) runs on the same subgraphs.
With ``--misses DIR`` the GNN's misses on the 20% go to ``DIR/misses-{h}hop.jsonl``, one JSON object a
line: question, topics, gold answers, the predicted answer, the relations linking each to a topic,
the gold answers' best rank and probability, whether a gold answer was in the subgraph, and how the
data decides the question (below).

What the data allows (`benchmarks.kgqa_ceiling`): each test question's template path is learned from the
training 80%, and the question counts as *decided* (every entity the path reaches is gold), *ambiguous*
(the path also reaches entities that are not gold: films merged under one title), *off path* or *unseen*.
The table gives the GNN's Hit@1, a random reader's and a popularity reader's Hit@1 per kind, and the
ambiguity ceiling: the Hit@1 of a model that is right everywhere else and picks at random among the
path's entities.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import torch
from graphproof.graph.embed import SentenceTransformerEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.triples import import_triples, parse_triples
from graphproof.reasoning.gnn.baseline import RelationSimilarityBaseline
from graphproof.reasoning.gnn.checkpoint import save_checkpoint
from graphproof.reasoning.gnn.dataset import answer_ids, prepare_questions
from graphproof.reasoning.gnn.device import resolve_device
from graphproof.reasoning.gnn.errors import GnnError
from graphproof.reasoning.gnn.evaluate import evaluate
from graphproof.reasoning.gnn.export import ExportConfig, ExportedGraph, SubgraphExporter
from graphproof.reasoning.gnn.linking import link_topics
from graphproof.reasoning.gnn.metrics import KgqaReport, score_question
from graphproof.reasoning.gnn.qa import QAExample, read_qa, split_examples
from graphproof.reasoning.gnn.reason import GnnReasoner
from graphproof.reasoning.gnn.train import SELECTIONS, TrainConfig, train_reasoner

from benchmarks._common import data_file
from benchmarks.kgqa_ceiling import TripleGraph, ceiling_report, read_question, template_paths

TARGETS = {1: 0.97, 2: 0.95, 3: 0.90}


class Log:
    """Progress lines on stderr (the table goes to stdout)."""

    def __init__(self) -> None:
        self.started = time.perf_counter()

    def start(self, stage: str, total: int) -> None:
        self.log(f"{stage} ({total})")

    def advance(self, n: int = 1) -> None:
        return None

    def log(self, message: str) -> None:
        print(f"[{time.perf_counter() - self.started:7.1f} s] {message}", file=sys.stderr, flush=True)


def baseline_scores(store: SQLiteStore, embedder: SentenceTransformerEmbedder, export: ExportConfig,
                    examples: list[QAExample]) -> KgqaReport:  # fmt: skip
    baseline = RelationSimilarityBaseline(embedder)
    exporter = SubgraphExporter(store, export)
    report = KgqaReport()
    for example in examples:
        started = time.perf_counter()
        try:
            graph = exporter.export([t.entity.id for t in link_topics(store, example.question)])
        except GnnError as exc:
            report.fail(type(exc).__name__)
            continue
        ranked = baseline.rank(example.text, graph, export.hops)
        predicted = baseline.predicted(ranked)
        report.add(score_question(predicted[0] if predicted else None, predicted, answer_ids(example)),
                   (time.perf_counter() - started) * 1000)  # fmt: skip
    return report


def _topic_relations(graph: ExportedGraph, entity_id: str) -> list[str]:
    """Predicates of the edges between a topic entity and ``entity_id`` (``p⁻¹`` when the topic is the object)."""
    index = graph.position().get(entity_id)
    seeds = set(graph.seeds)
    found = set()
    for relation, s, d in zip(graph.relations, graph.src, graph.dst, strict=True):
        if s in seeds and d == index:
            found.add(relation.predicate)
        if d in seeds and s == index and s != d:
            found.add(f"{relation.predicate}⁻¹")
    return sorted(found)


def write_misses(reasoner: GnnReasoner, examples: list[QAExample], path: Path, kinds: Sequence[str]) -> int:
    """The questions whose top answer is not a gold one, as JSON lines (see the module docstring), with how the
    data decides each (``kinds``, aligned with ``examples``); their count."""
    misses = 0
    with path.open("w", encoding="utf-8") as out:
        for example, kind in zip(examples, kinds, strict=True):
            gold = answer_ids(example)
            try:
                prediction = reasoner.predict(example.question)
            except GnnError as exc:
                out.write(json.dumps({"question": example.question, "gold": sorted(gold), "error": type(exc).__name__,
                                      "data_decides": kind}))  # fmt: skip
                out.write("\n")
                misses += 1
                continue
            ranked, graph = prediction.ranked_ids(), prediction.graph
            if ranked and ranked[0][0] in gold:
                continue
            misses += 1
            gold_ranks = [k for k, (i, _) in enumerate(ranked) if i in gold]
            row = {
                "question": example.question, "topics": [graph.entities[i].id for i in graph.seeds],
                "gold": sorted(gold), "predicted": ranked[0][0] if ranked else None,
                "predicted_p": round(ranked[0][1], 4) if ranked else None,
                "predicted_relations": _topic_relations(graph, ranked[0][0]) if ranked else [],
                "gold_relations": sorted({r for a in gold for r in _topic_relations(graph, a)}),
                "gold_rank": gold_ranks[0] if gold_ranks else None,
                "gold_p": round(ranked[gold_ranks[0]][1], 4) if gold_ranks else 0.0,
                "gold_in_subgraph": any(e.id in gold for e in graph.entities), "top5": ranked[:5],
                "data_decides": kind,
            }  # fmt: skip
            out.write(json.dumps(row) + "\n")
    return misses


def run_hop(store: SQLiteStore, embedder: SentenceTransformerEmbedder, hops: int, args: argparse.Namespace,
            log: Log, folder: Path, kb: TripleGraph) -> dict[str, object]:  # fmt: skip
    examples = read_qa(data_file("metaqa", f"qa_dev_{hops}hop.txt"))
    train, test = split_examples(examples, 0.2, seed=0)
    if args.max_train and len(train) > args.max_train:
        train = train[: args.max_train]
    if args.max_test and len(test) > args.max_test:
        test = test[: args.max_test]
    export = ExportConfig(hops=hops, per_node=args.per_node, limit=args.limit)
    config = TrainConfig(epochs=args.epochs, batch_size=args.batch_size, lr=args.lr, patience=args.patience,
                         seed=args.seed, time_budget_s=args.minutes * 60, device=args.device,
                         select=args.select)  # fmt: skip
    log.log(f"{hops}-hop: training on {len(train)} questions, testing on {len(test)}")
    started = time.perf_counter()
    checkpoint, report = train_reasoner(store, train, embedder, export, None, config, log)
    train_s = time.perf_counter() - started
    save_checkpoint(checkpoint, folder / f"rearev-{hops}hop.pt")
    torch.set_num_threads(1)
    reasoner = GnnReasoner(checkpoint, store, embedder, device=args.device)
    reasoner.predict(test[0].question)  # warm-up: first-use costs (model load, caches) are not per-question costs
    scored = evaluate(reasoner, test, log)
    gnn = scored.as_dict()
    log.log(f"{hops}-hop GNN: {gnn}")
    paths = template_paths(kb, train, hops)
    readings = [read_question(kb, paths, e) for e in test]
    ceiling = ceiling_report(readings, [s.hit1 for s in scored.scores])
    log.log(f"{hops}-hop, what the data decides: {ceiling}")
    if args.misses:
        args.misses.mkdir(parents=True, exist_ok=True)
        target = args.misses / f"misses-{hops}hop.jsonl"
        kinds = [r.category for r in readings]
        log.log(f"{hops}-hop: {write_misses(reasoner, test, target, kinds)} misses written to {target}")
    base = None if args.skip_baseline else baseline_scores(store, embedder, export, test).as_dict()
    log.log(f"{hops}-hop baseline: {base if base else 'skipped'}")
    torch.set_num_threads(args.threads)
    return {
        "hops": hops, "train_questions": len(train), "used_for_training": report.used_for_training,
        "test_questions": len(test), "train_coverage": report.train_coverage, "test_coverage": gnn["answer_coverage"],
        "epochs": report.epochs_run, "best_epoch": report.best_epoch, "history": report.history,
        "train_seconds": round(train_s, 1), "seconds": report.seconds, "gnn": gnn, "baseline": base,
        "export_rate": round(report.questions / max(report.seconds["export"], 1e-9), 1), "device": report.device,
        "ceiling": ceiling,
    }  # fmt: skip


def export_rate(store: SQLiteStore, hops: int, args: argparse.Namespace, log: Log) -> dict[str, object]:
    """Link and export every dev question of ``hops`` (what training does first), timed: questions per second."""
    examples = read_qa(data_file("metaqa", f"qa_dev_{hops}hop.txt"))
    if args.max_test:
        examples = examples[: args.max_test]
    exporter = SubgraphExporter(store, ExportConfig(hops=hops, per_node=args.per_node, limit=args.limit))
    started = time.perf_counter()
    prepared = prepare_questions(store, exporter, examples, None, log, f"exporting {hops}-hop dev subgraphs")
    seconds = time.perf_counter() - started
    row = {"hops": hops, "questions": len(examples), "exported": len(prepared.items), "seconds": round(seconds, 1),
           "per_second": round(len(examples) / seconds, 1), "neighbors_queries": exporter.queries,
           "coverage": round(prepared.coverage, 4)}  # fmt: skip
    log.log(f"{hops}-hop export: {row}")
    return row


def print_tables(results: list[dict[str, object]], import_s: float, threads: int) -> None:
    print(f"\n### KGQA on MetaQA (ReaRev over store subgraphs; kb import {import_s:.1f} s; torch threads {threads})\n")
    print(
        "| hops | train Qs (used) | test Qs | answer coverage | Hit@1 | Hits | F1 | baseline Hit@1 / Hits / F1 "
        "| training time | inference p50 | targets |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        g, b, h = r["gnn"], r["baseline"], r["hops"]
        assert isinstance(g, dict) and isinstance(h, int)
        base = f"{b['hit1']:.4f} / {b['hits']:.4f} / {b['f1']:.4f}" if isinstance(b, dict) else "skipped"
        minutes = float(r["train_seconds"]) / 60  # type: ignore[arg-type]
        ok = g["hit1"] >= TARGETS[h] and minutes < 20 and (g["p50_ms"] or 1e9) < 50
        verdict = "yes" if ok else f"**no** (Hit@1 ≥ {TARGETS[h]}, < 20 min, p50 < 50 ms)"
        print(f"| {h} | {r['train_questions']} ({r['used_for_training']}) | {r['test_questions']} | "
              f"{r['test_coverage']:.4f} | {g['hit1']:.4f} | {g['hits']:.4f} | {g['f1']:.4f} | "
              f"{base} | {minutes:.1f} min | {g['p50_ms']:.1f} ms | "
              f"{verdict} |")  # fmt: skip
    print("\n#### What the data decides (paths learned on the 80%; Hit@1 GNN / random reader of the path / reader "
          "preferring the entity with the most triples)\n")
    print("| hops | decided | ambiguous (merged titles) | off path | unseen template | ambiguity ceiling | GNN Hit@1 |")
    print("|---|---|---|---|---|---:|---:|")
    for r in results:
        c = r["ceiling"]
        assert isinstance(c, dict)
        cells = []
        for kind in ("decided", "ambiguous", "off_path", "unseen"):
            row = c["categories"].get(kind)
            cells.append(f"{row['questions']}: {row['hit1']:.4f} / {row['chance']:.4f} / {row['popular']:.4f}"
                         if row else "0")  # fmt: skip
        print(f"| {r['hops']} | {' | '.join(cells)} | {c['ambiguity_ceiling']:.4f} | "
              f"{r['gnn']['hit1']:.4f} |")  # type: ignore[index]  # fmt: skip
    print()
    for r in results:
        s = r["seconds"]
        assert isinstance(s, dict)
        print(
            f"- {r['hops']}-hop: export {s['export']:.0f} s ({r['export_rate']} questions/s), "
            f"encode {s['encode']:.0f} s, train {s['train']:.0f} s; "
            f"epochs {r['epochs']} (best {r['best_epoch']}); train coverage {r['train_coverage']:.4f}; "
            f"inference mean {r['gnn']['mean_ms']} ms, p95 {r['gnn']['p95_ms']} ms; "  # type: ignore[index]
            f"unanswerable {r['gnn']['failures'] or 'none'}; "  # type: ignore[index]
            f"top answer tied for {r['gnn']['tied_top']:.4f} of questions, Hit@1 with tied answers sharing "  # type: ignore[index]
            f"credit {r['gnn']['hit1_ties_shared']:.4f}"  # type: ignore[index]
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hops", type=int, nargs="+", default=[1, 2, 3], choices=[1, 2, 3])
    parser.add_argument("--minutes", type=float, default=19.0, help="training budget per hop count (all of it)")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--patience", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--lr", type=float, default=5e-3)
    parser.add_argument("--select", default="hit1", choices=SELECTIONS,
                        help="validation score that picks the best epoch (reasoning.gnn.train)")  # fmt: skip
    parser.add_argument("--per-node", type=int, default=60)
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--max-train", type=int, help="train on at most this many questions of the 80%%")
    parser.add_argument("--max-test", type=int, help="evaluate on at most this many questions of the 20%%")
    parser.add_argument("--threads", type=int, default=1, help="torch threads for training")
    parser.add_argument("--seed", type=int, default=0,
                        help="training seed: weights, shuffles, the validation 10%% (the 80/20 split stays "
                             "seed 0)")  # fmt: skip
    parser.add_argument("--out", type=Path, help="keep the store and checkpoints here (default: a temporary folder)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", type=Path, help="write the GNN's misses on the 20%% here (misses-{h}hop.jsonl)")
    parser.add_argument("--device", default="auto", help="auto (CUDA when available), cpu or cuda")
    parser.add_argument("--skip-baseline", action="store_true", help="do not run the non-learned baseline")
    parser.add_argument("--export-only", action="store_true", help="only time the export of every dev question")
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    log = Log()
    folder = args.out or Path(tempfile.mkdtemp(prefix="graphproof-kgqa-"))
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{folder / 'metaqa.db'}{suffix}").unlink(missing_ok=True)
    started = time.perf_counter()
    store = SQLiteStore(folder / "metaqa.db")
    imported = import_triples(store, data_file("metaqa", "kb.txt"))
    import_s = time.perf_counter() - started
    log.log(f"imported {imported.relations} triples, {imported.entities} entities in {import_s:.1f} s")
    if args.export_only:
        rows = [export_rate(store, h, args, log) for h in args.hops]
        store.close()
        print("\n| hops | dev questions | exported | export s | questions/s | neighbors() queries | coverage |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            print(f"| {r['hops']} | {r['questions']} | {r['exported']} | {r['seconds']} | {r['per_second']} | "
                  f"{r['neighbors_queries']} | {r['coverage']} |")  # fmt: skip
        return
    embedder = SentenceTransformerEmbedder(device=str(resolve_device(args.device)))
    kb = TripleGraph(parse_triples(data_file("metaqa", "kb.txt")).relations)
    results = [run_hop(store, embedder, h, args, log, folder, kb) for h in args.hops]
    store.close()
    if args.out is None:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps({"import_s": round(import_s, 2), "results": results}, indent=2))
    else:
        print_tables(results, import_s, args.threads)
    total = statistics.fsum(float(r["train_seconds"]) for r in results)  # type: ignore[arg-type]
    log.log(f"done; training {total / 60:.1f} min in all")


if __name__ == "__main__":
    main()
