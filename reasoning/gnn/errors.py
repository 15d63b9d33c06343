"""Errors of the GNN reasoner. Every one names the input it is about and what was expected.

``GnnError`` is the root; callers that have other methods (``graphproof ask``) catch it and fall back.
"""

from __future__ import annotations

from graphproof.graph.errors import LLMReplyError
from graphproof.reasoning.errors import ReasoningError

__all__ = [
    "CheckpointError",
    "CheckpointMismatch",
    "EmptySubgraph",
    "GnnError",
    "LLMReplyError",
    "NoLinkableEntity",
    "QAFormatError",
    "TopicNotFound",
]


class GnnError(ReasoningError):
    """Root of the GNN reasoner's errors."""


class QAFormatError(GnnError, ValueError):
    """A question/answer file is unreadable or has a line that is not ``question<TAB>ans1|ans2``."""


class NoLinkableEntity(GnnError):
    """No entity of the store could be linked to the question (exact name, full-text and vector all failed)."""


class TopicNotFound(GnnError):
    """A topic entity named by the caller is not in the store."""


class EmptySubgraph(GnnError):
    """The exported subgraph around the topic entities has no edges, so there is nothing to reason over."""


class CheckpointError(GnnError):
    """A checkpoint file is missing, unreadable or not a graphproof ReaRev checkpoint."""


class CheckpointMismatch(CheckpointError):
    """A checkpoint does not fit: another model version, another encoder, or another relation vocabulary."""
