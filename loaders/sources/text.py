"""Plain text, Markdown and reStructuredText files (``.txt``, ``.md``, ``.markdown``, ``.rst``).

Plain text is kept as written, except that a commented file's ``#`` comments become prose paragraphs
(``loaders.sources.comments``: a script or a configuration example); Markdown becomes its readable text
(``loaders.sources.markdown``: link
targets, images and badges, HTML tags and emphasis markers dropped), and so does reStructuredText
(``loaders.sources.rst``: directives' markup, images and targets dropped). The title is the first
Markdown heading (``# Title`` or a ``Title`` line underlined with ``===``), outside fenced code blocks, or
reStructuredText's document title, or else the file's stem.
"""

from __future__ import annotations

import re
from typing import Literal

from graphproof.loaders.sources.comments import comment_prose
from graphproof.loaders.sources.decode import decode_text, stem_title
from graphproof.loaders.sources.errors import InvalidSource
from graphproof.loaders.sources.markdown import markdown_text
from graphproof.loaders.sources.rst import RstError, rst_text
from graphproof.loaders.types import SourceDocument

_ATX = re.compile(r"^ {0,3}#{1,6}[ \t]+(?P<title>.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT_H1 = re.compile(r"^ {0,3}=+[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def first_heading(text: str) -> str | None:
    """The text of the first Markdown heading in ``text``, or ``None`` when there is none."""
    lines = text.split("\n")
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        atx = _ATX.match(line)
        if atx and atx.group("title").strip():
            return atx.group("title").strip()
        if line.strip() and i + 1 < len(lines) and _SETEXT_H1.match(lines[i + 1]):
            return line.strip()
    return None


def text_document(
    data: bytes, *, id: str, source: str, fmt: Literal["text", "markdown", "rst"] = "text"
) -> SourceDocument:
    """A plain-text, Markdown or reStructuredText file as one document.

    Raises ``InvalidSource`` for empty, binary or non-UTF-8 content (see ``loaders.sources.decode``), and for
    reStructuredText docutils cannot parse.
    """
    text = decode_text(data, source)
    if fmt == "rst":
        try:
            body, title = rst_text(text)
        except RstError as exc:
            raise InvalidSource(source, str(exc)) from exc
    else:
        body = markdown_text(text) if fmt == "markdown" else comment_prose(text.strip("\n"))
        title = first_heading(text)
    if not body.strip():
        kind = "reStructuredText" if fmt == "rst" else "Markdown"
        raise InvalidSource(source, f"the {kind} file has no readable text (only markup, images or link targets)")
    return SourceDocument(id=id, source=source, title=title or stem_title(id), text=body, format=fmt)
