"""A text's lines with their offsets: the one split the line-reading rules (tables, contents, headings) share."""

from __future__ import annotations


def line_spans(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, line)`` for every line of ``text`` split at ``\\n`` (an empty text is one empty line), so that
    ``text[start:end] == line``."""
    out: list[tuple[int, int, str]] = []
    offset = 0
    for line in text.split("\n"):
        out.append((offset, offset + len(line), line))
        offset += len(line) + 1
    return out
