"""Errors of the outside-text sources, under the loader layer's root ``LoaderError``.

``OutsideTextError`` is the root. ``PageRefused`` is raised inside a source for one file or URL it
will not use; the source turns it into a ``Refusal`` record, so one bad page never stops the rest.
``SearchNotConfigured`` and ``SearchFailed`` come from the optional web-search provider.
"""

from __future__ import annotations

from graphproof.loaders.errors import LoaderError
from graphproof.loaders.outside.page import Refusal


class OutsideTextError(LoaderError):
    """Root of every error of the outside-text sources (a missing folder, a bad URL list, a bad limit)."""


class PageRefused(OutsideTextError):
    """One file or URL is not used; ``url`` names it and ``reason`` says why (one line)."""

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = " ".join(reason.split())
        super().__init__(f"{url}: {self.reason}")

    def refusal(self) -> Refusal:
        """The same problem as a ``Refusal`` record, for the source's result."""
        return Refusal(url=self.url, reason=self.reason)


class SearchNotConfigured(OutsideTextError):
    """Web search was asked for but no provider is available (the optional ``ddgs`` package is missing)."""


class SearchFailed(OutsideTextError):
    """The web-search provider raised; ``query`` is the question searched for."""

    def __init__(self, query: str, reason: str) -> None:
        self.query = query
        self.reason = " ".join(reason.split())
        super().__init__(f"web search for {query!r} failed: {self.reason}")
