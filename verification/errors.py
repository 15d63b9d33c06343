"""The verification layer's errors (root: ``VerificationError``)."""

from __future__ import annotations

from graphproof.graph.errors import GraphproofError


class VerificationError(GraphproofError):
    """Root of every error the verification layer raises."""


class EvaluationError(VerificationError):
    """An evaluation cannot run: unreadable or malformed data, or a setting that does not fit it."""
