"""The public Python API: open a store, ingest, ask, verify, load a reasoner.

A notebook user, the CLI and the web app call these; each returns a typed object with
``to_dict()``. Settings (``GRAPHPROOF_*``) supply what an argument leaves out: the store URL, the
embedding model, the chat model. Everything heavy (torch, sentence-transformers) is imported only
when a call needs it.

>>> import graphproof
>>> store = graphproof.open_store("sqlite:///notes.db")
>>> graphproof.ingest(store, ["docs/"]).to_dict()["added"]
>>> result = graphproof.ask(store, "Who built the Heron Mk II drones?", verify=True)
>>> print(result.answer.text, result.to_dict()["claims"])
>>> graphproof.enrich(store, ["Who built the Heron Mk II drones?"], sources="saved-pages/").as_dict()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from graphproof.errors import GraphproofError
from graphproof.loaders.pieces import PIECE_CONTEXT, PIECE_MESSAGES
from graphproof.settings import load_settings

if TYPE_CHECKING:
    from graphproof.enrichment import RunReport
    from graphproof.graph.embed import Embedder
    from graphproof.graph.store import GraphStore
    from graphproof.loaders.ingest import IngestReport
    from graphproof.rag import AskResult, History
    from graphproof.reasoning.gnn.reason import GnnReasoner
    from graphproof.verification.grounding import GroundingReport, Passage

def open_store(url: str | None = None, *, read_only: bool = False) -> GraphStore:
    """The store ``url`` names (default ``GRAPHPROOF_STORE``, else ``sqlite:///.graphproof/graph.db``).

    ``read_only=True`` never creates or changes anything (a missing store is an error). Close the store
    when done (it is also a context manager).
    """
    from graphproof.stores import open_store as _open

    settings = load_settings()
    return _open(url, settings, create=not read_only, read_only=read_only)


def ingest(
    store: GraphStore, paths: Iterable[str | Path], *, extractor: str = "rule", embedder: Embedder | None = None,
    embed: bool = True, pieces: bool = True, piece_messages: int = PIECE_MESSAGES,
    piece_context: int | None = PIECE_CONTEXT,
) -> IngestReport:  # fmt: skip
    """Read files and folders (text, Markdown, HTML, PDF, JSONL, chat logs, zips) into ``store``.

    ``extractor`` is ``"rule"`` (offline) or ``"llm"`` (the chat model in ``GRAPHPROOF_LLM``). Unchanged
    sources write nothing; unreadable ones are reported in the result, and the rest still lands. With ``embed``,
    each chunk is embedded whole and, with ``pieces``, piece by piece too (a chat's messages, each read after the last
    ``piece_context`` characters, ``None`` for all, of the ``piece_messages`` - 1 before it; a long text's sentence
    runs), so vector search finds a chunk by its best piece; a chat's own vector is then the mean of its pieces'.
    """
    from graphproof.components import make_embedder
    from graphproof.llm import chat_model
    from graphproof.loaders.extract import make_extractor
    from graphproof.loaders.ingest import ingest as _ingest
    from graphproof.loaders.sources import read_sources

    settings = load_settings()
    items = [Path(p) for p in ([paths] if isinstance(paths, str | Path) else paths)]
    if not items:
        raise GraphproofError("ingest() needs at least one path (a file or a folder)")
    model = chat_model(settings) if extractor == "llm" else None
    chosen = make_extractor(extractor, model)
    if embed and embedder is None:
        embedder = make_embedder(settings)
    from graphproof.loaders.ingest import IngestOptions

    options = IngestOptions(pieces=pieces, piece_messages=piece_messages, piece_context=piece_context)
    return _ingest(store, read_sources(items, "auto"), chosen, embedder if embed else None, options)


def ask(
    store: GraphStore, question: str, *, method: str = "hybrid-rrf", verify: bool = False, k: int = 10,
    history: History | None = None, verify_method: str = "offline", checkpoint: str | Path | None = None,
    embedder: Embedder | None = None,
) -> AskResult:  # fmt: skip
    """Answer ``question`` from ``store``: ranked chunks, weighted paths, an answer, and claims when ``verify``.

    ``method`` is a retrieval method (``hybrid-rrf``, ``bm25``, ``edge-bm25``, …) or ``gnn`` (needs
    ``checkpoint`` or ``GRAPHPROOF_GNN_CHECKPOINT``). ``history`` is the conversation so far as
    ``(question, answer)`` pairs.
    """
    from graphproof.components import gnn_checkpoint, make_rag

    settings = load_settings()
    ckpt = gnn_checkpoint(settings, Path(checkpoint) if checkpoint else None) if method == "gnn" else None
    rag = make_rag(
        store, settings, verify_method=verify_method if verify else None, checkpoint=ckpt, embedder=embedder
    )
    return rag.ask(question, method=method, verify=verify, k=k, history=history)


def verify(
    store_or_chunks: GraphStore | Sequence[str | Passage], question: str, answer: str, *, method: str = "offline",
    k: int = 5,
) -> GroundingReport:  # fmt: skip
    """Check ``answer`` claim by claim against chunks: proved / refuted / unknown, with premises and FOL.

    ``store_or_chunks`` is a store (its top ``k`` chunks for the question are the premises) or the
    premises themselves (texts or ``Passage`` objects).
    """
    from graphproof.components import make_rag, make_verifier
    from graphproof.verification.grounding import Passage

    settings = load_settings()
    if isinstance(store_or_chunks, str):
        raise GraphproofError("verify() takes a store or a list of chunk texts, not a single string")
    if isinstance(store_or_chunks, Sequence):
        premises = [c if isinstance(c, Passage) else Passage(f"c{i}", c) for i, c in enumerate(store_or_chunks, 1)]
    else:
        retrieval = make_rag(store_or_chunks, settings, use_llm=False).retriever.retrieve(question, "hybrid-rrf")
        premises = [Passage(h.item.id, h.item.text) for h in retrieval.chunks[:k]]
    if not premises:
        raise GraphproofError("no premises to verify against: no chunks were given or retrieved")
    return make_verifier(method, settings).check(question, premises, answer)


def enrich(
    store: GraphStore, questions: Sequence[str], *, sources: str | Path | None = None, search: bool = False,
    force: bool = False, resume: str | None = None,
) -> RunReport:  # fmt: skip
    """Enrich ``store`` for ``questions`` from outside text: one recorded run (``store.list_runs()``, undone
    with ``store.undo_run(run_id)``).

    ``sources`` is a folder of saved pages or a file of URLs, or ``search=True`` uses ddgs. A question
    whose self-evaluation passes is left alone unless ``force``; ``resume`` continues an unfinished run.
    """
    from graphproof.components import make_enricher, make_outside_source

    if isinstance(questions, str):
        raise GraphproofError("enrich() takes a list of questions, not a single string")
    settings = load_settings()
    source = make_outside_source(Path(sources) if sources is not None else None, search)
    label = [str(sources)] if sources is not None else ["search"]
    return make_enricher(store, settings, source).run(
        list(questions), label, run_id=resume, resume=resume is not None, force=force
    )


class Reasoner:
    """A trained GNN (ReaRev) over a store: ``Reasoner.load("rearev.pt", store).reason("who directed …")``."""

    @staticmethod
    def load(checkpoint: str | Path, store: GraphStore, *, embedder: Embedder | None = None) -> GnnReasoner:
        from graphproof.components import load_reasoner, make_embedder

        return load_reasoner(checkpoint, store, embedder or make_embedder(load_settings()))
