"""Building the pipeline's parts from settings: the one place the application shell makes them.

The CLI, the demo and the public API ask here for an embedder, a retriever, a grounding method or a
whole ``GraphRAG``; tests patch ``make_embedder`` alone to keep models out of a run.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from graphproof.errors import GraphproofError
from graphproof.graph.embed import Embedder
from graphproof.graph.store import GraphStore
from graphproof.reasoning.bm25 import BM25Params
from graphproof.reasoning.retriever import RetrievalConfig, Retriever
from graphproof.settings import Settings
from graphproof.verification.defaults import DEFAULT_THRESHOLD, DEFAULT_TIMEOUT

if TYPE_CHECKING:
    from graphproof.rag import Answerer, GraphRAG, QueryRewriter
    from graphproof.reasoning.gnn.reason import GnnReasoner
    from graphproof.verification.grounding import GroundingMethod


def make_embedder(settings: Settings, device: str = "cpu") -> Embedder:
    """The configured sentence-transformers model (all-MiniLM-L6-v2 by default), loaded on first use.

    ``device``: ``cpu``, ``cuda``/``cuda:N``, or ``auto`` (sentence-transformers picks CUDA when available).
    """
    from graphproof.graph.embed import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(settings.embedding_model, device=None if device == "auto" else device)


def make_retriever(
    store: GraphStore, settings: Settings, *, embedder: Embedder | None = None, bm25: BM25Params | None = None,
    config: RetrievalConfig | None = None,
) -> Retriever:
    """A retriever over ``store``; the embedder is created lazily (loaded only by methods that embed)."""
    reranker = None
    if settings.reranker:
        from graphproof.reasoning.rerank import CrossEncoderReranker

        reranker = CrossEncoderReranker(settings.reranker)
    chosen = replace(config or RetrievalConfig(), bm25=bm25) if bm25 is not None else config or RetrievalConfig()
    return Retriever(store, embedder or make_embedder(settings), chosen, reranker)


def make_verifier(
    name: str, settings: Settings, *, embedder: Embedder | None = None,
    threshold: float = DEFAULT_THRESHOLD, timeout: float = DEFAULT_TIMEOUT,
) -> GroundingMethod:  # fmt: skip
    """The grounding method ``name`` with the configured embedder and chat model (``GRAPHPROOF_LLM``)."""
    from graphproof.llm import chat_model
    from graphproof.verification.methods import NEEDS_CHAT_MODEL, NEEDS_EMBEDDER, build_method

    model = chat_model(settings) if name in NEEDS_CHAT_MODEL else None
    if name in NEEDS_EMBEDDER:
        embedder = embedder or make_embedder(settings)
    return build_method(
        name, embedder=embedder, chat_model=model, threshold=threshold, timeout=timeout,
        wordnet_dir=settings.wordnet_dir,
    )  # fmt: skip


def make_answerer(store: GraphStore, settings: Settings, *, use_llm: bool = True) -> Answerer:
    """A generated answer when an LLM is configured (and wanted), else the extractive one."""
    from graphproof.rag import ExtractiveAnswerer, LLMAnswerer

    if use_llm and settings.llm:
        from graphproof.llm import chat_model

        return LLMAnswerer(chat_model(settings))
    return ExtractiveAnswerer(store)


def load_reasoner(
    checkpoint: str | Path, store: GraphStore, embedder: Embedder, device: str = "auto"
) -> GnnReasoner:
    """A trained ReaRev model over ``store`` (``GnnError`` when the checkpoint is missing or does not fit)."""
    from graphproof.reasoning.gnn.reason import GnnReasoner

    return GnnReasoner.load(Path(checkpoint), store, embedder, device=device)


def make_rag(
    store: GraphStore, settings: Settings, *, verify_method: str | None = None, checkpoint: str | Path | None = None,
    bm25: BM25Params | None = None, use_llm: bool = True, embedder: Embedder | None = None, verify_chunks: int = 5,
    device: str = "cpu", rewriter: QueryRewriter | None = None,
) -> GraphRAG:  # fmt: skip
    """The ask pipeline over ``store``, configured from ``settings``; one embedder shared by every part.

    ``rewriter`` turns a follow-up and the conversation so far into a standalone query (multi-turn use)."""
    from graphproof.rag import GraphRAG

    embedder = embedder or make_embedder(settings, device)  # device: auto | cpu | cuda (embedder and GNN)
    verifier = make_verifier(verify_method, settings, embedder=embedder) if verify_method else None
    reasoner = load_reasoner(checkpoint, store, embedder, device) if checkpoint else None
    return GraphRAG(
        store, make_retriever(store, settings, embedder=embedder, bm25=bm25), make_answerer(store, settings,
        use_llm=use_llm), verifier, reasoner, verify_chunks=verify_chunks, rewriter=rewriter,
    )  # fmt: skip


def gnn_checkpoint(settings: Settings, given: Path | None) -> Path:
    """The checkpoint ``--method gnn`` uses: the one given, else ``GRAPHPROOF_GNN_CHECKPOINT``."""
    if given is not None:
        return given
    if settings.gnn_checkpoint:
        return Path(settings.gnn_checkpoint)
    raise GraphproofError("method 'gnn' needs a checkpoint: pass --ckpt FILE or set GRAPHPROOF_GNN_CHECKPOINT")
