"""What the outside-text sources return: pages, refusals, and the ``OutsideSource`` interface.

An ``OutsideSource`` (a folder of saved pages, a list of URLs, a web search) turns a question into an
``OutsideResult``: the ``OutsidePage``s it read and a ``Refusal`` for every file or URL it did not
use, with the reason, so nothing is dropped silently. Page text is untrusted, plain text: it is never
executed or evaluated, only read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal, Protocol, runtime_checkable

SourceKind = Literal["folder", "url", "search"]


def utc_now() -> datetime:
    """The current time in UTC (the default clock for ``OutsidePage.fetched_at``)."""
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """``moment`` as an ISO-8601 UTC string, e.g. ``2026-01-02T03:04:05Z`` (a naive time is taken as UTC)."""
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return aware.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class OutsidePage:
    """One page of outside text.

    ``url`` is where the text came from: the final URL after redirects, or a ``file://`` URI for a
    file of a folder. ``fetched_at`` is an ISO-8601 UTC time, ``content_type`` the media type the
    text was read as (``text/html``, ``text/plain``, ...), ``size_bytes`` the bytes read, and
    ``truncated`` says the text was cut at the source's character cap.
    """

    url: str
    title: str
    text: str
    fetched_at: str
    content_type: str
    size_bytes: int
    source_kind: SourceKind
    truncated: bool = False


@dataclass(frozen=True, slots=True)
class Refusal:
    """A file or URL that was not used, and why (the reason is kept on one line)."""

    url: str
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", " ".join(self.reason.split()))

    def __str__(self) -> str:
        return f"{self.url}: {self.reason}"


@dataclass(frozen=True, slots=True)
class OutsideResult:
    """What a source returned for one question: the pages read and every file or URL refused."""

    pages: list[OutsidePage] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)


@runtime_checkable
class OutsideSource(Protocol):
    """Outside text related to a question: at most ``limit`` pages, plus the refusals."""

    def pages(self, question: str, limit: int) -> OutsideResult: ...


def check_limit(limit: int) -> int:
    """``limit`` when it is a positive number of pages; else ``ValueError`` naming it."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive number of pages, got {limit!r}")
    return limit
