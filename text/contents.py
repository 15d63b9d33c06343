"""A table of contents written as text: the lines that list a document's sections rather than say anything.

An FAQ or a manual converted to text opens with its sections' numbers and titles ("1.1\tLsof -- what is it?" /
"1.2\tWhere do I get lsof?" …) and repeats each title later as the heading of its section. An answer that reads
the list reads titles, not facts ("1.9 Is there an lsof license? 1.10 Language locale support"), so the answer
leaves them out (``reasoning.answer``).

A run of at least ``CONTENTS_ENTRIES`` entry lines (a section number, then a short title that ends no sentence but
may ask a question; a title wrapped onto an indented line goes on in it; single blank lines may part entries) is a
table of contents when a "Contents" heading comes right before it, or when ``NESTED_ENTRIES`` of its entries have
numbers of two levels or more ("1.2", "3.2.1"): a list of numbered steps ("1. Run configure" / "2. Run make" / …)
has neither, and stays.
"""

from __future__ import annotations

import re

from graphproof.text.lines import line_spans

CONTENTS_ENTRIES = 3
NESTED_ENTRIES = 2
ENTRY_WORDS = 16  # an entry's most words (its number too), over its wrapped lines
_ENTRY = re.compile(r"[ \t]*(?P<number>\d{1,3}(?:\.\d{1,3})*\.?)[ \t]+(?P<title>\S.*?)[ \t]*$")
_NESTED = re.compile(r"\d{1,3}\.\d")
_HEADING = re.compile(r"[ \t]*(?:table[ \t]+of[ \t]+)?contents[ \t]*:?[ \t]*$", re.IGNORECASE)
_LEADERS = re.compile(r"(?:[ \t]*\.{3,}[ \t]*|[ \t]{2,})\d{1,4}$")  # "Installation ........ 12": a page number
_SENTENCE_END = re.compile(r"[.!:;,]$")


def _entry_number(line: str) -> str | None:
    """The section number of an entry ``line`` (a number, then a title that ends no sentence and has a letter once
    any page number is taken off), else None."""
    match = _ENTRY.fullmatch(line)
    if match is None:
        return None
    title = _LEADERS.sub("", match.group("title"))
    return None if _SENTENCE_END.search(title) or not any(c.isalpha() for c in title) else match.group("number")


def _wrapped_end(lines: list[tuple[int, int, str]], numbers: list[str | None], j: int) -> int:
    """The index after entry line ``j`` and the indented lines its title is wrapped onto (``numbers``: each
    line's ``_entry_number``)."""
    words = len(lines[j][2].split())
    k = j + 1
    while k < len(lines):
        line = lines[k][2]
        if not line[:1].isspace() or not line.strip() or numbers[k] is not None:
            break
        words += len(line.split())
        if words > ENTRY_WORDS:
            break
        k += 1
    return k


def contents_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each entry of each table of contents in ``text`` (module docstring), a wrapped entry's
    lines together, in order."""
    lines = line_spans(text)
    numbers = [_entry_number(line) for _, _, line in lines]
    found: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        entries: list[tuple[int, int, str]] = []  # (start, end, section number)
        j = i
        while j < len(lines):
            number = numbers[j]
            if number is not None:
                k = _wrapped_end(lines, numbers, j)
                entries.append((lines[j][0], lines[k - 1][1], number))
                j = k
            elif entries and not lines[j][2].strip() and j + 1 < len(lines) and numbers[j + 1] is not None:
                j += 1  # a blank line between two entries
            else:
                break
        if len(entries) >= CONTENTS_ENTRIES:
            before = next((lines[b][2] for b in range(i - 1, -1, -1) if lines[b][2].strip()), "")
            if _HEADING.fullmatch(before) or sum(bool(_NESTED.match(n)) for _, _, n in entries) >= NESTED_ENTRIES:
                found.extend((a, b) for a, b, _ in entries)
        i = max(j, i + 1)
    return found
