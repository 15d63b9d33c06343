"""Ingestion benchmark: LiHua-World's chats into a fresh embedded store, rule extractor, embeddings on.

    python -m benchmarks.ingest [--half-only | --full-only] [--no-embed] [--json]

Runs the full year (442 conversations) and the Jan-Jun half alone (the setting of the BM25
path-weighting paper), each into its own fresh store, and prints documents, chunks, entities,
relations, wall time and time by stage (parse, chunk, extract, embed, write). Target: the full
year in under 90 s on the 2-core machine.

``--large`` adds two 20 MB inputs written to a temporary folder (never committed): one single line
of prose (a file without line breaks, the case that used to take minutes per megabyte) and the same
prose as normal text with line breaks. Prose: the bundled demo corpus, each copy of a paragraph given
its own names and numbers so entities keep growing. Embeddings are off for these rows (the rows
measure splitting, extraction and writing; embedding is linear in chunks). Target: each < 60 s.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from graphproof.evaluation.retrieval import half_year_only
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import STAGES, ingest
from graphproof.loaders.sources import read_sources
from graphproof.loaders.types import SourceDocument, SourceFailure

from benchmarks._common import data_file, print_table
from graphproof.components import make_embedder
from graphproof.settings import load_settings

Item = SourceDocument | SourceFailure


def measure(setting: str, folder: Path, sources: Iterable[Item], embed: bool) -> dict[str, object]:
    """Ingest ``sources`` into a fresh store in ``folder``; counts, wall time and time by stage."""
    start = time.perf_counter()
    store = SQLiteStore(folder / "bench.db")
    embedder = make_embedder(load_settings()) if embed else None
    report = ingest(store, sources, RuleExtractor(), embedder)
    wall = time.perf_counter() - start
    stats = store.stats()
    store.close()
    return {
        "setting": setting, "documents": stats.documents, "chunks": stats.chunks, "entities": stats.entities,
        "relations": stats.relations, "mentions": stats.mentions, "skipped": report.skipped,
        "wall_s": round(wall, 1), "stages_s": {k: round(report.timings[k], 1) for k in STAGES},
        "embeddings": embed,
        "precision": "bfloat16" if getattr(embedder, "uses_bf16", lambda: False)() else "float32",
    }  # fmt: skip


def run(setting: str, zip_path: Path, embed: bool) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="graphproof-ingest-"))
    try:
        sources = read_sources([zip_path])
        return measure(setting, folder, half_year_only(sources) if setting == "Jan-Jun" else sources, embed)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


LARGE_BYTES = 20 * 1024 * 1024


def large_prose(size: int) -> list[str]:
    """Paragraphs of the demo corpus, copied with distinct names and numbers until ``size`` characters."""
    from importlib.resources import files

    corpus = files("graphproof") / "demo_corpus"
    paragraphs = [
        block.replace("\n", " ").strip()
        for item in sorted(corpus.iterdir(), key=lambda i: i.name) if item.name.endswith(".md")
        for block in item.read_text(encoding="utf-8").split("\n\n") if block.strip() and not block.startswith("#")
    ]  # fmt: skip
    out: list[str] = []
    total, copy = 0, 0
    while total < size:
        for paragraph in paragraphs:
            text = f"{paragraph} Report {copy} was filed by Analyst{copy % 997} on 2026-{copy % 12 + 1:02d}-14."
            out.append(text)
            total += len(text) + 1
        copy += 1
    return out


def run_large(kind: str) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="graphproof-large-"))
    try:
        path = folder / f"{kind.replace(' ', '-')}.txt"
        path.write_text((" " if kind == "single line" else "\n\n").join(large_prose(LARGE_BYTES)), encoding="utf-8")
        return measure(f"20 MB {kind}", folder, read_sources([path]), embed=False) | {"bytes": path.stat().st_size}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--half-only", action="store_true")
    parser.add_argument("--full-only", action="store_true")
    parser.add_argument("--no-embed", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--large", action="store_true", help="also the 20 MB single-line and normal-text rows")
    parser.add_argument("--large-only", action="store_true", help="only the 20 MB rows (no LiHua-World data needed)")
    args = parser.parse_args()
    results = []
    if not args.large_only:
        zip_path = data_file("lihua-world", "LiHuaWorld.zip")
        settings = ["Jan-Jun"] if args.half_only else ["full year"] if args.full_only else ["full year", "Jan-Jun"]
        results = [run(s, zip_path, not args.no_embed) for s in settings]
    if args.large or args.large_only:
        results += [run_large("single line"), run_large("normal text")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        stages = r["stages_s"]
        assert isinstance(stages, dict)
        limit = 90 if r["setting"] == "full year" else 60 if str(r["setting"]).startswith("20 MB") else None
        target = (f"< {limit} s", "yes" if float(r["wall_s"]) < limit else "**no**") if limit else ("", "")
        print_table(
            f"{r['setting']}: rule extractor, embeddings "
            + (f"on ({r['precision']} batches)" if r["embeddings"] else "off"),
            [
                ("documents", str(r["documents"]), "", ""), ("chunks", str(r["chunks"]), "", ""),
                ("entities", str(r["entities"]), "", ""), ("relations", str(r["relations"]), "", ""),
                ("mentions", str(r["mentions"]), "", ""), ("skipped", str(r["skipped"]), "0", ""),
                ("wall time", f"{r['wall_s']} s", *target),
                *((f"  {k}", f"{v} s", "", "") for k, v in stages.items()),
            ],
        )  # fmt: skip


if __name__ == "__main__":
    main()
