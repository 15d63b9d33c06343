"""Errors of the application shell, under the one root ``GraphproofError`` that every layer's errors share."""

from __future__ import annotations

from graphproof.graph.errors import GraphproofError

__all__ = ["ConfigError", "ExportError", "GraphproofError", "InvalidStoreURL"]


class ConfigError(GraphproofError, ValueError):
    """A setting or an environment variable has an invalid value."""


class InvalidStoreURL(GraphproofError, ValueError):
    """A store URL is not one of the accepted forms (the message lists them)."""


class ExportError(GraphproofError):
    """An export could not be produced or written."""
