"""Bytes of a saved or fetched page into an ``OutsidePage``, through the loaders' own readers.

HTML goes through ``loaders.sources.html_page`` (main-text extraction, scripts and boilerplate
dropped), plain text, Markdown and reStructuredText through ``loaders.sources.text``; both reject empty and binary
content with an ``InvalidSource`` saying why. The text is then cleaned and capped (``clean``).
"""

from __future__ import annotations

from typing import Literal

from graphproof.loaders.outside.clean import clean_text, clean_title
from graphproof.loaders.outside.page import OutsidePage, SourceKind
from graphproof.loaders.sources.html_page import html_file_document
from graphproof.loaders.sources.text import text_document

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"text/plain", "text/markdown", "text/x-rst"})


def to_utf8(data: bytes, charset: str | None) -> bytes:
    """``data`` as UTF-8 bytes for the readers.

    Data that already is valid UTF-8 (or has no declared ``charset``) is kept as it is; other data is
    decoded from the declared charset and re-encoded. Undecodable data is returned unchanged, so the
    reader reports it.
    """
    if not charset:
        return data
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return data
    try:
        return data.decode(charset).encode("utf-8")
    except (LookupError, UnicodeDecodeError):
        return data


def page_from_bytes(
    data: bytes,
    *,
    url: str,
    content_type: str,
    charset: str | None,
    source_kind: SourceKind,
    fetched_at: str,
    max_chars: int,
) -> OutsidePage:
    """An ``OutsidePage`` of ``data`` read as ``content_type`` (one of ``HTML_TYPES`` or ``TEXT_TYPES``).

    ``charset`` is the one the server declared, if any. Raises ``InvalidSource`` when the content is
    empty, binary, not decodable or has no visible text; ``ValueError`` for another content type.
    """
    body = to_utf8(data, charset)
    if content_type in HTML_TYPES:
        document = html_file_document(body, id=url, source=url)
    elif content_type in TEXT_TYPES:
        fmt: Literal["text", "markdown", "rst"] = (
            "markdown" if content_type == "text/markdown" else "rst" if content_type == "text/x-rst" else "text"
        )
        document = text_document(body, id=url, source=url, fmt=fmt)
    else:
        raise ValueError(f"cannot read content type {content_type!r}; expected one of HTML or plain text")
    text, truncated = clean_text(document.text, max_chars)
    return OutsidePage(
        url=url,
        title=clean_title(document.title),
        text=text,
        fetched_at=fetched_at,
        content_type=content_type,
        size_bytes=len(data),
        source_kind=source_kind,
        truncated=truncated,
    )
