"""An optional web search (the ``ddgs`` package) whose result URLs are fetched as outside text.

Used only when configured: ``ddgs`` is imported when a search runs, never at import time, and a
missing install raises ``SearchNotConfigured`` saying ``pip install ddgs``. Tests and other
providers inject ``search``, a function ``(query, max_results) -> urls``. The URLs go through a
``UrlSource`` (robots.txt, caps, redirects and delays apply), built by the injectable ``fetch``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from graphproof.loaders.outside.errors import OutsideTextError, SearchFailed, SearchNotConfigured
from graphproof.loaders.outside.page import OutsideResult, OutsideSource, check_limit
from graphproof.loaders.outside.urls import UrlSource
from graphproof.loaders.sources.errors import describe

SearchFunction = Callable[[str, int], list[str]]
FetchFactory = Callable[[Sequence[str]], OutsideSource]


def ddgs_search(query: str, max_results: int) -> list[str]:
    """The result URLs of a ``ddgs`` text search for ``query`` (at most ``max_results``).

    Raises ``SearchNotConfigured`` when ``ddgs`` is not installed and ``SearchFailed`` when it raises.
    """
    try:
        from ddgs import DDGS  # optional: imported only when a search runs
    except ImportError as exc:
        raise SearchNotConfigured(
            "web search needs the optional 'ddgs' package, which is not installed: pip install ddgs "
            "(or configure outside text from a folder or a URL list instead)"
        ) from exc
    try:
        results = DDGS().text(query, max_results=max_results)
    except Exception as exc:  # ddgs raises its own exception types (rate limits, timeouts, no results)
        raise SearchFailed(query, describe(exc)) from exc
    return [str(result["href"]) for result in results or [] if isinstance(result, dict) and result.get("href")]


def search_url_source(urls: Sequence[str]) -> OutsideSource:
    """The default fetcher of search results: a ``UrlSource`` whose pages are marked ``source_kind="search"``."""
    return UrlSource(urls, source_kind="search")


class SearchSource:
    """Pages found by a web search for the question: at most ``max_results`` result URLs are fetched.

    ``search`` is the search function (default: ``ddgs_search``); ``fetch`` builds the source that
    fetches the result URLs (default: ``search_url_source``).
    """

    def __init__(
        self,
        max_results: int = 5,
        search: SearchFunction | None = None,
        fetch: FetchFactory = search_url_source,
    ) -> None:
        if max_results < 1:
            raise ValueError(f"max_results must be a positive number of search results, got {max_results!r}")
        self.max_results = max_results
        self._search = search
        self._fetch = fetch

    def pages(self, question: str, limit: int) -> OutsideResult:
        """At most ``limit`` pages from the results of searching for ``question``, plus the refusals.

        Raises ``SearchNotConfigured`` when no search function was given and ``ddgs`` is missing,
        ``SearchFailed`` when the search itself fails.
        """
        check_limit(limit)
        search = self._search or ddgs_search
        try:
            found = search(question, self.max_results)
        except OutsideTextError:
            raise
        except Exception as exc:  # an injected provider's own failure
            raise SearchFailed(question, describe(exc)) from exc
        urls = list(dict.fromkeys(url.strip() for url in found[: self.max_results] if url and url.strip()))
        if not urls:
            return OutsideResult()
        return self._fetch(urls).pages(question, limit)
