"""``robots.txt`` rules per host, fetched once and cached (standard library ``urllib.robotparser``).

Policy (RFC 9309): a ``robots.txt`` answered with a 4xx status (e.g. missing) allows everything; a
2xx one is parsed; a 5xx status or a failed fetch (timeout, network error, bad redirect) disallows
the whole host, because the site's wishes cannot be known.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit
from urllib.robotparser import RobotFileParser

from graphproof.loaders.outside.errors import OutsideTextError

# ``fetch(robots_url)`` returns ``(status, body)`` or raises ``OutsideTextError`` when the fetch failed.
RobotsFetch = Callable[[str], tuple[int, bytes]]


def origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url`` (the key robots rules and delays are kept under)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), "", "", ""))


class RobotsRules:
    """Answers whether ``user_agent`` may fetch a URL, fetching each host's ``robots.txt`` once."""

    def __init__(self, fetch: RobotsFetch, user_agent: str) -> None:
        self._fetch = fetch
        self.user_agent = user_agent
        self._cache: dict[str, RobotFileParser | str] = {}

    def refusal(self, url: str) -> str | None:
        """``None`` when ``url`` may be fetched, else the reason (always naming ``robots.txt``)."""
        host = origin(url)
        if host not in self._cache:
            self._cache[host] = self._load(host)
        rules = self._cache[host]
        if isinstance(rules, str):
            return rules
        if rules.can_fetch(self.user_agent, url):
            return None
        return f"robots.txt of {host} disallows this path for {self.user_agent.split('/')[0]}"

    def _load(self, host: str) -> RobotFileParser | str:
        """The parsed rules of ``host``, or the refusal reason when its robots.txt cannot be known."""
        robots_url = f"{host}/robots.txt"
        try:
            status, body = self._fetch(robots_url)
        except OutsideTextError as exc:
            return f"robots.txt of {host} could not be fetched, so the host is not crawled ({exc})"
        parser = RobotFileParser(robots_url)
        if 400 <= status < 500:
            parser.parse([])  # missing or forbidden robots.txt: everything is allowed
        elif 200 <= status < 300:
            parser.parse(body.decode("utf-8", errors="replace").splitlines())
        else:
            return f"robots.txt of {host} answered HTTP {status}, so the host is not crawled"
        return parser
