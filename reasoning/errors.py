"""The reasoning layer's errors (root: ``ReasoningError``)."""

from __future__ import annotations

from graphproof.graph.errors import GraphproofError


class ReasoningError(GraphproofError):
    """Root of every error the reasoning layer raises."""


class RetrievalError(ReasoningError):
    """A retrieval method cannot run as asked (unknown method, missing embedder or reranker, empty question)."""
