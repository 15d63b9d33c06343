"""Outside text for graph enrichment: pages related to a question, from outside the ingested corpus.

One interface, ``OutsideSource.pages(question, limit) -> OutsideResult``, and three sources: a local
folder of saved pages and text files (``folder``), a list of URLs fetched politely with ``httpx``
(``urls``: timeouts, size caps while streaming, content-type checks, robots.txt, manual http(s)-only
redirects, per-host delays) and an optional web search (``search``, the ``ddgs`` package, imported
only when a search runs). HTML goes through the loaders' main-text extraction. Every file or URL
not used is a ``Refusal`` with its reason; page text is untrusted data, cleaned of control
characters and capped, never executed. Nothing touches the network at import time.
"""

from __future__ import annotations

from graphproof.loaders.outside.clean import clean_text
from graphproof.loaders.outside.errors import OutsideTextError, PageRefused, SearchFailed, SearchNotConfigured
from graphproof.loaders.outside.folder import FolderSource
from graphproof.loaders.outside.pacing import HostPacer
from graphproof.loaders.outside.page import OutsidePage, OutsideResult, OutsideSource, Refusal, SourceKind
from graphproof.loaders.outside.robots import RobotsRules
from graphproof.loaders.outside.search import SearchSource, ddgs_search
from graphproof.loaders.outside.urls import DEFAULT_USER_AGENT, UrlSource, read_url_list

__all__ = [
    "DEFAULT_USER_AGENT",
    "FolderSource",
    "HostPacer",
    "OutsidePage",
    "OutsideResult",
    "OutsideSource",
    "OutsideTextError",
    "PageRefused",
    "Refusal",
    "RobotsRules",
    "SearchFailed",
    "SearchNotConfigured",
    "SearchSource",
    "SourceKind",
    "UrlSource",
    "clean_text",
    "ddgs_search",
    "read_url_list",
]
