"""The reasoning layer's errors (root: ``ReasoningError``)."""

from __future__ import annotations


class ReasoningError(Exception):
    """Root of every error the reasoning layer raises."""


class RetrievalError(ReasoningError):
    """A retrieval method cannot run as asked (unknown method, missing embedder or reranker, empty question)."""
