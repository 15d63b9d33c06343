"""Errors of the extraction step (under the loaders' ``LoaderError`` root)."""

from __future__ import annotations

from graphproof.loaders.errors import LoaderError


class ExtractorError(LoaderError):
    """An extractor was misconfigured or called with inputs it cannot take (names the input)."""
