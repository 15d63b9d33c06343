"""The offline demo: a fresh embedded store loaded with the bundled demo corpus.

The corpus (``graphproof/demo_corpus/``) is an original, fictional world — a wetlands research lab,
a software company, a Japanese sensor maker, a drone project, a symposium and a field trial —
written as six Markdown documents and as ``triples.jsonl`` (typed entities, keywords and
descriptions) stating the same facts, so multi-hop questions ("in which country is the lab where
Priya Castellan works?") have answers in the graph. The demo ingests the documents through the
loaders (chunking, rule-based extraction, embeddings with the packaged all-MiniLM-L6-v2), adds the
curated triples on the same entities (as a user would add a curated knowledge graph), searches the
edges and chunks for a demo question and exports the subgraph page. It needs no network.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

from graphproof.components import make_embedder
from graphproof.errors import GraphproofError
from graphproof.export import ExportResult, export_html
from graphproof.graph.embed import Embedder
from graphproof.graph.model import Chunk, Hit, Relation, Stats
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import IngestReport, ingest
from graphproof.loaders.sources import read_sources
from graphproof.loaders.triples import ImportReport, import_triples
from graphproof.rag import AskResult, ExtractiveAnswerer, GraphRAG
from graphproof.reasoning.retriever import RetrievalConfig, Retriever
from graphproof.render import chunk_json, relation_json
from graphproof.settings import Settings

DEFAULT_DEMO_DIR = Path(".graphproof") / "demo"
DEMO_DB = "graph.db"
DEMO_PAGE = "subgraph.html"
DEMO_QUESTION = "Where is the laboratory that Priya Castellan works at located?"
DEMO_ENTITIES = ("Priya Castellan",)
DEMO_QUESTIONS = (
    DEMO_QUESTION,
    "Who built the Heron Mk II drones used by Project Heron?",
    "Which sensor pod do the drones carry, and who makes it?",
)
DEMO_HOPS = 3
_DB_FILES = (DEMO_DB, f"{DEMO_DB}-wal", f"{DEMO_DB}-shm", f"{DEMO_DB}-journal")


@dataclass(frozen=True)
class DemoResult:
    """Everything the demo produced, for display or ``--json``."""

    store: Path
    ingest: IngestReport
    report: ImportReport
    stats: Stats
    question: str
    hits: list[Hit[Relation]]
    chunks: list[Hit[Chunk]]
    page: ExportResult
    answers: list[AskResult]


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


def run_demo(
    out: str | Path = DEFAULT_DEMO_DIR, question: str = DEMO_QUESTION, k: int = 5, embedder: Embedder | None = None
) -> DemoResult:
    """Build the demo store in ``out`` (replacing an old one), query it and write ``out/subgraph.html``.

    ``embedder`` defaults to the packaged all-MiniLM-L6-v2 (loaded offline).
    """
    out_dir = Path(out).resolve()
    db_path = _fresh_store_path(out_dir)
    embedder = embedder or make_embedder(Settings(embedding_model=None))  # the packaged all-MiniLM-L6-v2
    corpus = files("graphproof") / "demo_corpus"
    with SQLiteStore(db_path) as store, as_file(corpus) as folder:
        documents = sorted(Path(folder).glob("*.md"))
        ingested = ingest(store, read_sources(documents, "markdown"), RuleExtractor(), embedder)
        if ingested.failures or ingested.extraction_errors:
            raise GraphproofError(f"the demo corpus did not ingest cleanly: {ingested.as_dict()}")
        report = import_triples(store, Path(folder) / "triples.jsonl", "jsonl", strict=True)
        stats = store.stats()
        hits = store.search_relations(question, k=k)
        chunks = store.search_chunks(question, k=3)
        rag = GraphRAG(store, Retriever(store, embedder, RetrievalConfig(depth=10)), ExtractiveAnswerer(store))
        answers = [rag.ask(asked, method="hybrid-rrf", k=5) for asked in DEMO_QUESTIONS]
        page = export_html(
            store, out_dir / DEMO_PAGE, names=list(DEMO_ENTITIES), hops=DEMO_HOPS,
            title=f"graphproof demo: around {', '.join(DEMO_ENTITIES)}",
        )  # fmt: skip
    return DemoResult(
        store=db_path.resolve(), ingest=ingested, report=report, stats=stats, question=question, hits=hits,
        chunks=chunks, page=page, answers=answers,
    )  # fmt: skip


def demo_json(result: DemoResult) -> dict[str, Any]:
    """The demo's outcome as plain data."""
    return {
        "store": str(result.store),
        "corpus": demo_corpus_files(),
        "ingest": result.ingest.as_dict(),
        "import": result.report.as_dict(),
        "stats": result.stats.as_dict(),
        "question": result.question,
        "edges": [relation_json(hit) for hit in result.hits],
        "chunks": [chunk_json(hit) for hit in result.chunks],
        "answers": [
            {
                "question": r.question,
                "method": r.method,
                "answer": r.answer.text,
                "evidence": [c for c, _ in r.answer.evidence],
                "paths": [p.format() for p in r.retrieval.paths[:5]],
                "chunks": [h.item.id for h in r.retrieval.chunks[:5]],
            }
            for r in result.answers
        ],
        "page": result.page.as_dict(),
    }
