"""Untrusted page text made safe to keep: control characters stripped, length capped.

Outside text is data, never instructions: it is only ever stored and read as text. Control
characters other than newline and tab (terminal escapes, bells, NULs, C1 controls) are removed and
the text is cut at a character cap, at a line or word break when one is near.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NEWLINES = re.compile(r"\r\n?")
TITLE_CHARS = 300


def strip_controls(text: str) -> str:
    """``text`` with line endings made ``\\n`` and every control character except ``\\n`` and ``\\t`` removed."""
    return _CONTROL.sub("", _NEWLINES.sub("\n", text))


def clean_text(text: str, max_chars: int) -> tuple[str, bool]:
    """``(text, truncated)``: control characters stripped, then cut to at most ``max_chars`` characters.

    A cut falls at the last line break or space in the final tenth of the allowance, when there is one.
    """
    cleaned = strip_controls(text).strip()
    if len(cleaned) <= max_chars:
        return cleaned, False
    cut = cleaned[:max_chars]
    floor = max_chars - max_chars // 10
    for separator in ("\n", " "):
        at = cut.rfind(separator)
        if at >= floor:
            return cut[:at].rstrip(), True
    return cut.rstrip(), True


def clean_title(title: str) -> str:
    """A title on one line: control characters stripped, whitespace collapsed, at most ``TITLE_CHARS`` characters."""
    return " ".join(strip_controls(title).split())[:TITLE_CHARS]
