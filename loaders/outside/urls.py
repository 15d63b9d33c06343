"""Web pages fetched from a list of URLs with ``httpx``, politely and within limits, as outside text.

Each URL is fetched with connect/read timeouts and a whole-response deadline, a User-Agent naming
graphproof, its host's ``robots.txt`` honoured (``robots``), a delay between requests to one host
(``pacing``) and redirects followed by hand, at most ``max_redirects`` and only to http/https. Only
``text/html``, ``application/xhtml+xml`` and ``text/plain`` are read; the body is read as a stream and
reading stops past ``max_bytes``. Every URL not used becomes a ``Refusal`` with the reason.
``read_url_list`` reads a URLs file (one URL per line).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
from graphproof.loaders.outside.convert import page_from_bytes
from graphproof.loaders.outside.errors import OutsideTextError, PageRefused
from graphproof.loaders.outside.pacing import HostPacer
from graphproof.loaders.outside.page import (
    OutsidePage,
    OutsideResult,
    Refusal,
    SourceKind,
    check_limit,
    iso_utc,
    utc_now,
)
from graphproof.loaders.outside.robots import RobotsRules, origin
from graphproof.loaders.sources.errors import InvalidSource, describe

ALLOWED_TYPES: tuple[str, ...] = ("text/html", "application/xhtml+xml", "text/plain")
DEFAULT_USER_AGENT = "graphproof/0.1 (outside-text fetcher for knowledge-graph enrichment)"
DEFAULT_MAX_BYTES = 2_000_000
DEFAULT_MAX_CHARS = 200_000
ROBOTS_MAX_BYTES = 512_000
_ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9"


def is_http_url(url: str) -> bool:
    """Whether ``url`` is an absolute ``http://`` or ``https://`` URL with a host and no whitespace."""
    if not url or any(char.isspace() for char in url):
        return False
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:  # e.g. a malformed IPv6 literal or port
        return False
    return parts.scheme.lower() in ("http", "https") and bool(host)


def read_url_list(path: str | os.PathLike[str]) -> list[str]:
    """The URLs of a UTF-8 file with one URL per line; blank lines and lines starting with ``#`` are skipped.

    Raises ``OutsideTextError`` when the file cannot be read, or naming the line number of the first
    line that is not an http(s) URL.
    """
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise OutsideTextError(f"cannot read the URL list {str(file)!r}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise OutsideTextError(f"URL list {str(file)!r} is not UTF-8 text (byte {exc.start})") from exc
    urls: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not is_http_url(line):
            raise OutsideTextError(
                f"URL list {str(file)!r}, line {number}: {line[:200]!r} is not an http(s) URL; "
                "expected one http:// or https:// URL per line"
            )
        urls.append(line)
    return urls


def read_capped(response: httpx.Response, cap: int, deadline: float, clock: Callable[[], float]) -> tuple[bytes, bool]:
    """``(body, over_cap)``: the body streamed until it ends or passes ``cap`` bytes (then reading stops).

    Raises ``httpx.ReadTimeout`` when ``clock()`` passes ``deadline`` between chunks.
    """
    chunks: list[bytes] = []
    total = 0
    for chunk in response.iter_bytes():
        total += len(chunk)
        if total > cap:
            chunks.append(chunk[: len(chunk) - (total - cap)])
            return b"".join(chunks), True
        chunks.append(chunk)
        if clock() > deadline:
            raise httpx.ReadTimeout("the whole response took longer than allowed", request=response.request)
    return b"".join(chunks), False


class UrlSource:
    """The pages at a fixed list of URLs, fetched politely; the question does not change which.

    ``client`` is an ``httpx.Client`` to use (not closed here); by default one is opened per
    ``pages`` call. ``max_bytes`` caps the bytes read per response, ``max_chars`` the characters kept
    per page, ``timeout`` the connect and read timeouts (seconds) and ``max_seconds`` the whole
    response. ``per_host_delay`` seconds separate requests to one host, measured with ``clock`` and
    waited with ``sleep`` (both injectable); ``now`` stamps ``fetched_at``. ``source_kind`` is
    recorded on the pages (``"search"`` when the URLs came from a web search).
    """

    def __init__(
        self,
        urls: Iterable[str],
        client: httpx.Client | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        timeout: float = 10.0,
        per_host_delay: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        user_agent: str = DEFAULT_USER_AGENT,
        *,
        max_chars: int = DEFAULT_MAX_CHARS,
        max_seconds: float = 60.0,
        max_redirects: int = 5,
        now: Callable[[], datetime] = utc_now,
        source_kind: SourceKind = "url",
    ) -> None:
        self.urls = list(urls)
        self.max_bytes = max_bytes
        self.max_chars = max_chars
        self.timeout = timeout
        self.max_seconds = max_seconds
        self.max_redirects = max_redirects
        self.user_agent = user_agent
        self.source_kind: SourceKind = source_kind
        self._client = client
        self._active: httpx.Client | None = None
        self._clock = clock
        self._now = now
        self._pacer = HostPacer(per_host_delay, clock=clock, sleep=sleep)
        self._robots = RobotsRules(self._fetch_robots, user_agent)

    def pages(self, question: str, limit: int) -> OutsideResult:
        """At most ``limit`` pages, in the order of the URLs, and a refusal for every URL not used."""
        check_limit(limit)
        pages: list[OutsidePage] = []
        refused: list[Refusal] = []
        seen: set[str] = set()
        with self._session():
            for url in self.urls:
                if len(pages) >= limit:
                    refused.append(Refusal(url, f"not fetched: the limit of {limit} page(s) was reached"))
                elif url in seen:
                    refused.append(Refusal(url, "not fetched again: a duplicate of an earlier URL"))
                else:
                    seen.add(url)
                    try:
                        pages.append(self.fetch(url))
                    except PageRefused as exc:
                        refused.append(exc.refusal())
        return OutsideResult(pages=pages, refused=refused)

    def fetch(self, url: str) -> OutsidePage:
        """The page at ``url``, or ``PageRefused`` saying why it is not used."""
        if not is_http_url(url):
            raise PageRefused(url, "not an http(s) URL; only http:// and https:// pages are fetched")
        with self._session() as client, self._open(client, url, check_robots=True) as (final, response):
            at = "" if final == url else f" (at {final})"
            if not response.is_success:
                raise PageRefused(url, f"HTTP {response.status_code} {response.reason_phrase}{at}")
            media = response.headers.get("content-type", "").split(";")[0].strip().lower()
            if media not in ALLOWED_TYPES:
                shown = repr(media) if media else "missing"
                expected = ", ".join(ALLOWED_TYPES)
                raise PageRefused(url, f"content type {shown} is not readable text{at}; expected one of {expected}")
            declared = response.headers.get("content-length", "").strip()
            if declared.isdigit() and int(declared) > self.max_bytes:
                raise PageRefused(
                    url, f"Content-Length {declared} bytes is over the cap of {self.max_bytes} bytes (not downloaded)"
                )
            body, over_cap = read_capped(response, self.max_bytes, self._clock() + self.max_seconds, self._clock)
            if over_cap:
                raise PageRefused(
                    url, f"body is over the cap of {self.max_bytes} bytes (stopped reading at {len(body)} bytes){at}"
                )
            charset = response.charset_encoding
        try:
            return page_from_bytes(
                body,
                url=final,
                content_type=media,
                charset=charset,
                source_kind=self.source_kind,
                fetched_at=iso_utc(self._now()),
                max_chars=self.max_chars,
            )
        except InvalidSource as exc:
            raise PageRefused(url, f"{exc.reason}{at}") from exc

    @contextmanager
    def _session(self) -> Iterator[httpx.Client]:
        """The client in use: the injected one, or one opened now and closed at the end of the outermost call."""
        if self._active is not None:
            yield self._active
            return
        client = self._client
        if client is None:
            client = httpx.Client(
                headers={"User-Agent": self.user_agent}, timeout=httpx.Timeout(self.timeout), follow_redirects=False
            )
        self._active = client
        try:
            yield client
        finally:
            self._active = None
            if self._client is None:
                client.close()

    @contextmanager
    def _open(self, client: httpx.Client, url: str, *, check_robots: bool) -> Iterator[tuple[str, httpx.Response]]:
        """``(final_url, response)`` of a GET of ``url`` with redirects followed by hand; the body is not read yet.

        Raises ``PageRefused`` for a robots.txt refusal, a redirect that is not to http(s), too many
        redirects, a timeout or a failed request (httpx errors are mapped, also while the body is read).
        """
        current = url
        for _hop in range(self.max_redirects + 1):
            if check_robots and (reason := self._robots.refusal(current)):
                raise PageRefused(url, reason if current == url else f"{reason} (redirected to {current})")
            self._pacer.wait(origin(current))
            try:
                with client.stream(
                    "GET",
                    current,
                    headers={"User-Agent": self.user_agent, "Accept": _ACCEPT},
                    timeout=httpx.Timeout(self.timeout),
                    follow_redirects=False,
                ) as response:
                    if response.is_redirect:
                        current = self._redirect_target(url, current, response.headers["location"])
                        continue
                    yield current, response
                    return
            except httpx.TimeoutException as exc:
                raise PageRefused(url, f"timed out fetching {current} (timeout {self.timeout} s)") from exc
            except (httpx.HTTPError, httpx.InvalidURL) as exc:
                raise PageRefused(url, f"request to {current} failed: {describe(exc)}") from exc
        raise PageRefused(url, f"more than {self.max_redirects} redirects (last to {current})")

    @staticmethod
    def _redirect_target(url: str, current: str, location: str) -> str:
        """The absolute target of a redirect from ``current``; ``PageRefused`` unless it is http(s)."""
        target = urljoin(current, location.strip())
        if not is_http_url(target):
            raise PageRefused(url, f"redirect to {target[:200]} refused: only http and https redirects are followed")
        return target

    def _fetch_robots(self, robots_url: str) -> tuple[int, bytes]:
        """``(status, body)`` of a ``robots.txt`` (body empty unless 2xx; capped at ``ROBOTS_MAX_BYTES``)."""
        with self._session() as client, self._open(client, robots_url, check_robots=False) as (_final, response):
            if not response.is_success:
                return response.status_code, b""
            body, _over_cap = read_capped(response, ROBOTS_MAX_BYTES, self._clock() + self.max_seconds, self._clock)
            return response.status_code, body
