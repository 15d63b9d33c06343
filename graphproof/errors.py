"""Errors of the application shell (``GraphproofError`` is the root)."""

from __future__ import annotations


class GraphproofError(Exception):
    """Root of the errors the application shell raises (the CLI maps them to exit code 1)."""


class ConfigError(GraphproofError, ValueError):
    """A setting or an environment variable has an invalid value."""


class InvalidStoreURL(GraphproofError, ValueError):
    """A store URL is not one of the accepted forms (the message lists them)."""


class ExportError(GraphproofError):
    """An export could not be produced or written."""
