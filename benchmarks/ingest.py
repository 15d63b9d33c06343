"""Ingestion benchmark: LiHua-World's chats into a fresh embedded store, rule extractor, embeddings on.

    python -m benchmarks.ingest [--half-only | --full-only] [--no-embed] [--json]

Runs the full year (442 conversations) and the Jan-Jun half alone (the setting of the BM25
path-weighting paper), each into its own fresh store, and prints documents, chunks, entities,
relations, wall time and time by stage (parse, chunk, extract, embed, write). Target: the full
year in under 90 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from graphproof.evaluation.retrieval import half_year_only
from graphproof.graph.embed import SentenceTransformerEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import STAGES, ingest
from graphproof.loaders.sources import read_sources

from benchmarks._common import data_file, print_table


def run(setting: str, zip_path: Path, embed: bool) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="graphproof-ingest-"))
    try:
        start = time.perf_counter()
        store = SQLiteStore(folder / "lihua.db")
        embedder = SentenceTransformerEmbedder() if embed else None
        sources = read_sources([zip_path])
        report = ingest(store, half_year_only(sources) if setting == "Jan-Jun" else sources, RuleExtractor(), embedder)
        wall = time.perf_counter() - start
        stats = store.stats()
        store.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "setting": setting, "documents": stats.documents, "chunks": stats.chunks, "entities": stats.entities,
        "relations": stats.relations, "mentions": stats.mentions, "skipped": report.skipped,
        "wall_s": round(wall, 1), "stages_s": {k: round(report.timings[k], 1) for k in STAGES},
        "embeddings": embed,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--half-only", action="store_true")
    parser.add_argument("--full-only", action="store_true")
    parser.add_argument("--no-embed", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    zip_path = data_file("lihua-world", "LiHuaWorld.zip")
    settings = ["Jan-Jun"] if args.half_only else ["full year"] if args.full_only else ["full year", "Jan-Jun"]
    results = [run(s, zip_path, not args.no_embed) for s in settings]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        stages = r["stages_s"]
        assert isinstance(stages, dict)
        target = ("< 90 s", "yes" if float(r["wall_s"]) < 90 else "**no**") if r["setting"] == "full year" else ("", "")
        print_table(
            f"LiHua-World {r['setting']}: rule extractor, embeddings {'on' if r['embeddings'] else 'off'}",
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
