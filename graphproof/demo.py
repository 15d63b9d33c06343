"""The offline demo: a fresh embedded store loaded with the bundled demo corpus.

The corpus (``graphproof/demo_corpus/``) is an original, fictional world — a wetlands research lab,
a software company, a Japanese sensor maker, a drone project, a symposium and a field trial —
written as six Markdown documents and as ``triples.jsonl`` (typed entities, keywords and
descriptions) stating the same facts, so multi-hop questions ("in which country is the lab where
Priya Castellan works?") have answers in the graph. The demo imports the triples, searches the
edges for a demo question and exports the subgraph page; it needs no network and no model.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from graph.model import Hit, Relation, Stats
from graph.sqlite_store import SQLiteStore
from graphproof.errors import GraphproofError
from graphproof.export import ExportResult, export_html
from graphproof.render import relation_json
from loaders.triples import ImportReport, import_triples

DEFAULT_DEMO_DIR = Path(".graphproof") / "demo"
DEMO_DB = "graph.db"
DEMO_PAGE = "subgraph.html"
DEMO_QUESTION = "Where is the laboratory that Priya Castellan works at located?"
DEMO_ENTITIES = ("Priya Castellan",)
DEMO_HOPS = 3
_DB_FILES = (DEMO_DB, f"{DEMO_DB}-wal", f"{DEMO_DB}-shm", f"{DEMO_DB}-journal")


@dataclass(frozen=True)
class DemoResult:
    """Everything the demo produced, for display or ``--json``."""

    store: Path
    report: ImportReport
    stats: Stats
    question: str
    hits: list[Hit[Relation]]
    page: ExportResult


def demo_corpus_files() -> list[str]:
    """The names of the bundled corpus files (documents and ``triples.jsonl``)."""
    corpus = files("graphproof") / "demo_corpus"
    return sorted(item.name for item in corpus.iterdir() if item.is_file() and not item.name.startswith("."))


def _fresh_store_path(out: Path) -> Path:
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in _DB_FILES:
            (out / name).unlink(missing_ok=True)
    except OSError as exc:
        raise GraphproofError(f"cannot prepare the demo directory {str(out)!r}: {exc.strerror or exc}") from exc
    return out / DEMO_DB


def run_demo(out: str | Path = DEFAULT_DEMO_DIR, question: str = DEMO_QUESTION, k: int = 5) -> DemoResult:
    """Build the demo store in ``out`` (replacing an old one), query it and write ``out/subgraph.html``."""
    out_dir = Path(out).resolve()
    db_path = _fresh_store_path(out_dir)
    with SQLiteStore(db_path) as store:
        with as_file(files("graphproof") / "demo_corpus" / "triples.jsonl") as triples:
            report = import_triples(store, triples, "jsonl", strict=True)
        stats = store.stats()
        hits = store.search_relations(question, k=k)
        page = export_html(
            store, out_dir / DEMO_PAGE, names=list(DEMO_ENTITIES), hops=DEMO_HOPS,
            title=f"graphproof demo: around {', '.join(DEMO_ENTITIES)}",
        )  # fmt: skip
    return DemoResult(store=db_path.resolve(), report=report, stats=stats, question=question, hits=hits, page=page)


def demo_json(result: DemoResult) -> dict[str, Any]:
    """The demo's outcome as plain data."""
    return {
        "store": str(result.store),
        "corpus": demo_corpus_files(),
        "import": result.report.as_dict(),
        "stats": result.stats.as_dict(),
        "question": result.question,
        "edges": [relation_json(hit) for hit in result.hits],
        "page": result.page.as_dict(),
    }
