"""The one root of every error graphproof raises, and the errors every layer shares.

Each layer has its own root below :class:`GraphproofError` (``StoreError``, ``EmbeddingError``,
``LoaderError``, ``ReasoningError``, ``VerificationError``, and the application shell's
``ConfigError``/``InvalidStoreURL``/``ExportError``), so a caller can catch one layer, or all of
graphproof with one ``except GraphproofError``. This module lives in the lowest layer so that every
other layer can import it without a dependency pointing upwards.
"""

from __future__ import annotations


class GraphproofError(Exception):
    """Root of every error graphproof raises on purpose (bad input, store, model, prover, settings)."""


class LLMReplyError(GraphproofError):
    """A chat model's reply was not of the expected form (after the allowed retries); says what was expected."""
