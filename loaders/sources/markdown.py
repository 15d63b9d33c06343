"""Markdown as readable text: what a reader sees, without the markup around it.

Parsed with ``markdown-it-py`` (CommonMark plus tables). Kept: headings, paragraphs (hard-wrapped lines
joined), list items (``- ``), tables (a row a line, cells joined by `` | ``), code blocks and inline code as
written, a link's text. Dropped: images — badges ("[![build](…svg)](…)") with the link around them, and a line
left with only their labels ("Unix: …, Windows: …") —,
link targets, emphasis markers, raw HTML tags (the visible text of an HTML block is kept), rules. So a
README's "dual-licensed under [BSD](LICENSE)" reads "dual-licensed under BSD", and extraction, BM25
and extractive answers never see URLs that were only link targets.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token


# what is left of a line of badges: punctuation and "Label:" words, nothing a sentence says
_ONLY_LABELS = re.compile(r"[\s,;|/·•()\[\]-]*(?:[^\W\d_][\w.+-]*(?:[ \t][^\W\d_][\w.+-]*){0,2}:[\s,;|/·•()\[\]-]*)*")


@cache
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def _inline(children: list[Token]) -> str:
    """The visible text of an inline token's children; a link holding only images (a badge) is dropped."""
    out: list[str] = []
    link: list[str] | None = None
    link_has_text = False
    for child in children:
        kind = child.type
        if kind == "link_open":
            link, link_has_text = [], False
            continue
        if kind == "link_close":
            if link is not None and link_has_text:
                out.append("".join(link))
            link = None
            continue
        if kind in ("text", "code_inline"):
            piece = child.content
        elif kind == "softbreak":
            piece = " "
        elif kind == "hardbreak":
            piece = "\n"
        else:  # image, html_inline, emphasis markers
            continue
        if link is not None:
            link.append(piece)
            link_has_text = link_has_text or bool(piece.strip())
        else:
            out.append(piece)
    return "".join(out)


def markdown_text(text: str) -> str:
    """The readable text of Markdown ``text`` (module docstring); blocks separated by blank lines."""
    from graphproof.loaders.sources.html_page import strip_tags

    blocks: list[str] = []
    line: list[str] = []
    prefix: list[str] = []
    rows: list[str] | None = None
    for token in _parser().parse(text):
        kind = token.type
        if kind == "table_open":
            rows = []
        elif kind == "table_close":
            if rows:
                blocks.append("\n".join(rows))
            rows = None
        elif kind == "list_item_open":
            prefix.append("- ")
        elif kind == "list_item_close":
            prefix.pop()
        elif kind == "inline":
            children = token.children or []
            text = _inline(children)
            if any(child.type == "image" for child in children) and _ONLY_LABELS.fullmatch(text):
                text = ""  # a row of badges with their labels ("Unix: [![Build]…], Windows: [![…]…]"): no text left
            line.append(text)
        elif kind in ("th_close", "td_close"):
            line.append(" | ")
        elif kind in ("heading_close", "paragraph_close", "tr_close"):
            joined = "".join(line).strip().rstrip("|").strip()
            if joined and kind == "tr_close" and rows is not None:
                rows.append(joined)
            elif joined:
                lead = prefix[-1] if prefix and kind == "paragraph_close" else ""
                blocks.append(lead + joined)
            line = []
        elif kind in ("fence", "code_block"):
            blocks.append(token.content.rstrip("\n"))
        elif kind == "html_block":
            visible, _ = strip_tags(token.content)
            if visible.strip():
                blocks.append(visible.strip())
    return "\n\n".join(blocks)
