"""The evaluation layer's errors (root: ``EvaluationError``, under graphproof's one root)."""

from __future__ import annotations

from graphproof.graph.errors import GraphproofError


class EvaluationError(GraphproofError):
    """An evaluation cannot run: unreadable or malformed data, or a setting that does not fit it."""


class DatasetError(EvaluationError, ValueError):
    """An evaluation data set is unreadable or has a malformed record (names the file and the line)."""
