"""Building the pipeline's parts from settings: the one place the application shell makes them.

The CLI, the demo and the public API ask here for an embedder, a retriever, a grounding method or a
whole ``GraphRAG``; tests patch ``make_embedder`` alone to keep models out of a run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    from graphproof.enrichment import Enricher
    from graphproof.graph.model import Entity
    from graphproof.loaders.outside import OutsideSource
    from graphproof.rag import Answerer, GraphRAG, QueryRewriter
    from graphproof.reasoning.gnn.reason import GnnReasoner
    from graphproof.reasoning.self_eval import SelfEvaluation
    from graphproof.verification.grounding import GroundingMethod


def make_embedder(settings: Settings, device: str = "cpu") -> Embedder:
    """The configured sentence-transformers model (all-MiniLM-L6-v2 by default), loaded on first use.

    ``device``: ``cpu``, ``cuda``/``cuda:N``, or ``auto`` (sentence-transformers picks CUDA when available).
    """
    from graphproof.graph.embed import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(
        settings.embedding_model, device=None if device == "auto" else device, bf16=settings.embed_bf16
    )


def make_retriever(
    store: GraphStore,
    settings: Settings,
    *,
    embedder: Embedder | None = None,
    bm25: BM25Params | None = None,
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


def load_reasoner(checkpoint: str | Path, store: GraphStore, embedder: Embedder, device: str = "auto") -> GnnReasoner:
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


def check_source_options(sources: Path | None, search: bool) -> None:
    """``GraphproofError`` unless exactly one outside-text source is named."""
    if (sources is None) == (not search):
        raise GraphproofError("name one outside-text source: --sources DIR|URLS-FILE or --search")


def make_outside_source(sources: Path | None, search: bool) -> OutsideSource:
    """The outside-text source named: a folder (``sources`` a directory), a URL list (a file), or ``search``."""
    from graphproof.loaders.outside import FolderSource, SearchSource, UrlSource, read_url_list

    check_source_options(sources, search)
    if search:
        return SearchSource()
    assert sources is not None
    return FolderSource(sources) if sources.is_dir() else UrlSource(read_url_list(sources))


def make_self_evaluation(
    store: GraphStore, settings: Settings, embedder: Embedder | None = None,
    relation_types: Callable[[], Sequence[str]] | None = None,
) -> Callable[[str], SelfEvaluation]:  # fmt: skip
    """The self-evaluation the settings allow: the LLM's eval1 + eval2 with ``GRAPHPROOF_LLM``; else the GNN's path
    checks with ``GRAPHPROOF_GNN_CHECKPOINT``; else the retrieval-path checks (each result names its method), whose
    relative relation test compares with ``relation_types()`` (default: the store's sampled type profile, read at
    the first check)."""
    embedder = embedder or make_embedder(settings)
    if settings.llm:
        from graphproof.llm import chat_model
        from graphproof.reasoning.self_eval import llm_self_evaluation

        model = chat_model(settings)
        retriever = make_retriever(store, settings, embedder=embedder)
        return lambda q: llm_self_evaluation(model, q, [p.format() for p in retriever.retrieve(q).paths[:10]])
    if settings.gnn_checkpoint:
        from graphproof.reasoning.gnn.reason import GnnReasoner
        from graphproof.reasoning.self_eval import path_check

        reasoner = GnnReasoner.load(settings.gnn_checkpoint, store, embedder)
        types = reasoner.checkpoint.vocab.predicates
        return lambda q: path_check(reasoner.reason(q), embedder.embed, relation_types=types)
    from graphproof.reasoning.self_eval import retrieval_check

    if relation_types is None:
        from functools import cache

        from graphproof.loaders.enrichment import sample_type_profile

        relation_types = cache(lambda: sample_type_profile(store).names())
    types = relation_types
    retriever = make_retriever(store, settings, embedder=embedder)
    return lambda q: retrieval_check(retriever.retrieve(q, "edge-bm25"), embedder.embed, relation_types=types())


def make_enricher(store: GraphStore, settings: Settings, source: OutsideSource) -> Enricher:
    """The enrichment loop over ``store`` with the settings' embedder, extractor (the few-shot LLM one with
    ``GRAPHPROOF_LLM``, else the rule extractor) and self-evaluation; entities linked as retrieval links them."""
    from graphproof.enrichment import Enricher
    from graphproof.llm import chat_model
    from graphproof.loaders.extract import make_extractor
    from graphproof.reasoning.linking import link_entities

    embedder = make_embedder(settings)
    extractor = make_extractor("llm", chat_model(settings)) if settings.llm else make_extractor("rule", None)

    def link(question: str) -> list[Entity]:
        return [h.item for h in link_entities(store, question, [float(x) for x in embedder.embed_query(question)])]

    enricher = Enricher(store, source, extractor, embedder.embed, link=link)
    # the self-evaluation's relation types are the aligner's profile: sampled once per run, for both
    enricher.evaluate = make_self_evaluation(
        store, settings, embedder, relation_types=lambda: enricher.aligner().profile.names()
    )
    return enricher
