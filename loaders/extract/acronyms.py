"""Acronyms a text defines: a glossary's "ICU: International Components for Unicode - Library …", "FS = File System".

The rule follows Schwartz & Hearst (2003, "A simple algorithm for identifying abbreviation definitions in
biomedical text"): an acronym and the words written next to it form a definition when the acronym's letters are, in
order, the initials of those words. Read here is the layout where the acronym is what is being defined: the acronym,
then a colon, a dash, an equals sign, an opening parenthesis or "stands for", then the words up to the next
punctuation mark ("CITGM: Canary In The Gold Mine - A smoke test …", "HTTP stands for HyperText Transfer Protocol").
Prose's other layout, the words first and the acronym in parentheses after them ("ASCII Compatible Encoding (ACE)"),
introduces a short name for what the sentence is about, and is not read: there the acronym's edge restated what a
question names ("Which function turns UTF-8 into ASCII Compatible Encoding?" took the path `… ← stands_for ← ACE`
over the one to the function; realdocs holdout3), and no question of the read realdocs sets needed it.

A content word gives its initial and may give the capitals inside it too ("JavaScript Object Notation" spells
"JSON"); a function word ("for", "of", "the", "in" …) gives its initial or nothing ("International Components for
Unicode" spells "ICU", "Canary In The Gold Mine" spells "CITGM"). Every content word of the expansion gives a letter,
the first word and the last are content words, and every letter of the acronym is used, so "ls: list directory
contents" and "GPL: see COPYING" define nothing.
"""

from __future__ import annotations

import re
from functools import cache

from graphproof.graph.model import STANDS_FOR

__all__ = ["STANDS_FOR", "acronym_definitions"]

# an acronym: two to eight letters, at least two of them capitals, opening with one ("ICU", "CITGM", "IPv", "FIPS")
_ACRONYM = r"(?P<acronym>[A-Z](?=(?:[a-z]?[A-Z]){1,7}\b)[A-Za-z]{1,7})"
_WORDS = r"(?P<words>[A-Za-z][\w'’-]*(?:[ \t]+[A-Za-z][\w'’-]*){0,15})"
# "ACRO: words", "ACRO - words", "ACRO = words", "ACRO (words)", "ACRO stands for words"
_ACRONYM_FIRST = re.compile(
    rf"(?<![\w.-]){_ACRONYM}(?:[ \t]*[:=][ \t]*|[ \t]+[-–—][ \t]+|[ \t]*\([ \t]*|[ \t]+stands[ \t]+for[ \t]+){_WORDS}"
)
_FUNCTION_WORDS = frozenset(("a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"))
MAX_EXTRA_WORDS = 2  # words an expansion holds beyond one per letter of its acronym (function words)


def _letters(word: str) -> tuple[str, ...]:
    """What a content word may spell: its initial, then its initial and the capitals inside it ("JavaScript" → "j",
    "js")."""
    inner = "".join(ch for ch in word[1:] if ch.isupper())
    out = [word[0].casefold()]
    for k in range(1, len(inner) + 1):
        out.append((word[0] + inner[:k]).casefold())
    return tuple(out)


def _spells(acronym: str, words: tuple[str, ...]) -> bool:
    """Whether ``words`` spell ``acronym`` (lower case): each content word gives its initial (or its initial and its
    inner capitals), each function word its initial or nothing, and every letter is used."""

    @cache
    def match(letter: int, word: int) -> bool:
        if word == len(words):
            return letter == len(acronym)
        current = words[word]
        if current.casefold() in _FUNCTION_WORDS:
            if match(letter, word + 1):
                return True
            return acronym.startswith(current[0].casefold(), letter) and match(letter + 1, word + 1)
        return any(
            acronym.startswith(part, letter) and match(letter + len(part), word + 1) for part in _letters(current)
        )

    return match(0, 0)


def _expansion(acronym: str, words: list[str]) -> str | None:
    """The shortest run of the first ``words`` after the acronym that spells it, opening and ending with a content
    word; ``None`` when none does."""
    key = acronym.casefold()
    limit = min(len(words), len(key) + MAX_EXTRA_WORDS)
    for size in range(1, limit + 1):
        run = tuple(words[:size])
        if run[0].casefold() in _FUNCTION_WORDS or run[-1].casefold() in _FUNCTION_WORDS:
            continue
        if _spells(key, run):
            return " ".join(run)
    return None


def acronym_definitions(text: str) -> list[tuple[str, str]]:
    """``(acronym, expansion)`` for each acronym ``text`` spells out (see the module's docstring), in the order
    written, each pair once."""
    found: list[tuple[str, str]] = []
    for match in _ACRONYM_FIRST.finditer(text):
        acronym = match.group("acronym")
        expansion = _expansion(acronym, match.group("words").split())
        if expansion is not None and expansion.casefold() != acronym.casefold() and (acronym, expansion) not in found:
            found.append((acronym, expansion))
    return found
