"""Store benchmark: MetaQA's knowledge graph (134,741 triples) into a fresh embedded store.

    python -m benchmarks.store [--out DIR] [--queries 200] [--json]

Measures import time and triples/s (embeddings off), ``search_relations`` p50/p95 over questions
from ``qa_dev_1hop.txt`` (brackets removed), 2-hop ``subgraph`` p50/p95 around their topic
entities (hub entities capped at ``per_node``), ``shortest_paths`` p50 from each 2-hop question's
topic entity to its first answer, and the file size.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from graphproof.graph.model import normalize_id
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.triples import import_triples

from benchmarks._common import data_file, percentile, print_table, timed_ms

TOPIC = re.compile(r"\[([^\]]+)\]")


def sample_questions(path: Path, n: int) -> list[tuple[str, str, str]]:
    """``n`` (question text, topic id, first answer id) spread evenly over the file."""
    rows = path.read_text(encoding="utf-8").splitlines()
    step = max(len(rows) // n, 1)
    out = []
    for line in rows[::step][:n]:
        question, answers = line.split("\t")
        topic = TOPIC.search(question)
        if topic:
            out.append((question.replace("[", "").replace("]", ""), normalize_id(topic.group(1)),
                        normalize_id(answers.split("|")[0])))  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="keep the store in this folder (default: a temporary one)")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()

    kb = data_file("metaqa", "kb.txt")
    one_hop = sample_questions(data_file("metaqa", "qa_dev_1hop.txt"), args.queries)
    two_hop = sample_questions(data_file("metaqa", "qa_dev_2hop.txt"), args.queries)
    folder = args.out or Path(tempfile.mkdtemp(prefix="graphproof-bench-"))
    db_path = folder / "metaqa.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)

    start = time.perf_counter()
    store = SQLiteStore(db_path)
    report = import_triples(store, kb)
    import_s = time.perf_counter() - start

    search = timed_ms(lambda q: store.search_relations(q, 10), [q for q, _, _ in one_hop])
    subgraph = timed_ms(lambda e: store.subgraph([e], hops=2), [t for _, t, _ in one_hop])
    sizes = [len(store.subgraph([t], hops=2).entities) for _, t, _ in one_hop[:50]]
    paths = timed_ms(lambda p: store.shortest_paths(p[0], p[1], max_hops=3), [(t, a) for _, t, a in two_hop])
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    size_mb = sum(os.path.getsize(p) for p in folder.glob("metaqa.db*")) / 2**20

    figures = {
        "triples_in_file": report.lines, "distinct_triples": report.relations, "entities": report.entities,
        "skipped_lines": len(report.skipped), "import_s": round(import_s, 2),
        "triples_per_s": round(report.lines / import_s), "search_p50_ms": round(percentile(search, 50), 2),
        "search_p95_ms": round(percentile(search, 95), 2), "subgraph_p50_ms": round(percentile(subgraph, 50), 2),
        "subgraph_p95_ms": round(percentile(subgraph, 95), 2),
        "subgraph_median_entities": sorted(sizes)[len(sizes) // 2],
        "shortest_paths_p50_ms": round(percentile(paths, 50), 2), "file_mb": round(size_mb, 1),
        "queries": len(one_hop),
    }  # fmt: skip
    if args.out is None:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=2))
        return

    def ok(good: bool) -> str:
        return "yes" if good else "**no**"

    print_table(
        f"Embedded store, MetaQA kb.txt ({report.lines:,} lines, {report.relations:,} distinct triples, "
        f"{report.entities:,} entities)",
        [
            ("import (embeddings off)", f"{import_s:.2f} s", "< 6 s", ok(import_s < 6)),
            ("import rate", f"{figures['triples_per_s']:,} triples/s", "> 22,000/s",
             ok(figures["triples_per_s"] > 22_000)),
            (f"search edges p50 ({len(search)} queries)", f"{figures['search_p50_ms']} ms", "< 10 ms",
             ok(figures["search_p50_ms"] < 10)),
            ("search edges p95", f"{figures['search_p95_ms']} ms", "", ""),
            (f"2-hop subgraph p50 ({len(subgraph)} entities)", f"{figures['subgraph_p50_ms']} ms", "< 30 ms",
             ok(figures["subgraph_p50_ms"] < 30)),
            ("2-hop subgraph p95", f"{figures['subgraph_p95_ms']} ms", "", ""),
            ("2-hop subgraph median size", f"{figures['subgraph_median_entities']} entities", "", ""),
            (f"shortest_paths p50 ({len(paths)} pairs, ≤ 3 hops)", f"{figures['shortest_paths_p50_ms']} ms", "", ""),
            ("file size", f"{size_mb:.1f} MiB", "", ""),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    main()
