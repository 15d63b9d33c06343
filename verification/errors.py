"""The verification layer's errors (root: ``VerificationError``)."""

from __future__ import annotations

from graphproof.graph.errors import GraphproofError


class VerificationError(GraphproofError):
    """Root of every error the verification layer raises."""
