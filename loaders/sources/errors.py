"""Errors of the source readers, under the loader layer's root ``LoaderError``.

A reader raises ``InvalidSource`` for one input it cannot turn into a document; ``read_sources``
turns it into a ``SourceFailure`` so one bad file never stops the others.
"""

from __future__ import annotations

from graphproof.loaders.errors import LoaderError
from graphproof.loaders.types import SOURCE_FORMATS, SourceFailure


class InvalidSource(LoaderError):
    """One source (a file, a zip member, a web page) cannot be read as the expected format.

    ``source`` names the input and ``reason`` says what is wrong and what was expected.
    """

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__(f"{source}: {reason}")

    def failure(self) -> SourceFailure:
        """The same problem as a ``SourceFailure`` record, for reports."""
        return SourceFailure(source=self.source, reason=self.reason)


class UnsupportedFormat(InvalidSource):
    """A file whose format cannot be told from its name (and no explicit format was given)."""


class UnknownFormat(LoaderError, ValueError):
    """A format name that is not one of ``auto`` or ``SOURCE_FORMATS`` (a caller error, raised at once)."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        expected = ", ".join(("auto", *SOURCE_FORMATS))
        super().__init__(f"unknown source format {fmt!r}; expected one of: {expected}")


def describe(exc: BaseException) -> str:
    """``Type: message`` (or just the type when the message is empty), for failure reasons."""
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
