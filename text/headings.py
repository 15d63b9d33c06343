"""Section headings written as text: a short line standing alone between blank lines, above what it names.

Converted documents keep their headings as plain lines: Markdown's "## `os.loadavg()`" and an HTML page's ``<h2>``
read "os.loadavg()" (``loaders.sources``), a plain-text manual's "Setup" stands on its own line. A heading says what
the sentences under it are about without their naming it — "On Windows, the return value is always [0, 0, 0]." is
about ``os.loadavg()``. An extractive answer reads it as the context of its section's sentences
(``reasoning.answer``); it stays a unit of its own, for a line standing alone may state the fact ("MIT License" atop
a licence, an author's name under a title).

A line is a heading when it is a block of its own (the text's start or a blank line before it, a blank line after
it or after the line of ``-`` / ``=`` that underlines it, and a line of text after that), holds ``HEADING_WORDS``
words or fewer and a letter, ends no sentence or clause (no ``. , ; : ! ?`` at its end), and is none of: an indented
line (a code block, a wrapped quote), a list item, a table row, a ``Label: value`` field, a comment or prompt line
(``#``, ``$``, ``>``), or a line of code (``=``, ``{``, ``;``, ``<``, ``|``, a backslash). A title that is only a
section number ("2.", "1.1") is no heading either.
"""

from __future__ import annotations

import re

from graphproof.text.lines import line_spans

HEADING_WORDS = 8
_UNDERLINE = re.compile(r"[ \t]*([=~^*-])\1{2,}[ \t]*")  # "Database Locking" / "----------------"
_NOT_HEADING = re.compile(
    r"^(?:[ \t]|[-*+•]\s|\d+[.)]?\s*$|[#$>%])"  # indented, a list item, a bare number, a comment or a prompt
    r"|[.,;:!?]\s*$"  # the end of a sentence or a clause
    r"|[=;{}<>|\\]"  # code, a table row, markup
    r"|\S:\s"  # a "Label: value" field
)


def heading_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each section heading line of ``text`` (module docstring), in order."""
    lines = line_spans(text)
    blank = [not line.strip() for _, _, line in lines]
    found: list[tuple[int, int]] = []
    for k, (start, end, line) in enumerate(lines):
        if blank[k] or (k and not blank[k - 1]) or k + 1 >= len(lines):
            continue  # blank, or no blank line (nor the text's start) before it
        after = k + 2 if _UNDERLINE.fullmatch(lines[k + 1][2]) else k + 1
        if after >= len(lines) or not blank[after] or all(blank[after:]):
            continue  # no blank line after it (and its underline), or nothing after that for it to head
        if len(line.split()) > HEADING_WORDS or not any(c.isalpha() for c in line) or _NOT_HEADING.search(line):
            continue
        found.append((start, end))
    return found
