"""Names written in Latin script: runs of capitalised words, chat participants, sentence splitting.

A run of capitalised words ("Central Park", "Li Hua's", "Room 302", "Statue of Liberty") is a
name unless its words are function words, greetings or contractions ("The", "I", "Hey",
"I'm"). A *single* capitalised word at the start of a sentence ("Sounds good!") is only a
candidate: the extractor keeps it when the same word is capitalised mid-sentence elsewhere in
the chunk, or names a chat participant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from graphproof.loaders.extract.patterns import NAME, PERSON
from graphproof.loaders.resolve import entity_alias_key
from graphproof.text.chat import humanise
from graphproof.text.lexicon import (
    BREAK,
    CONNECTORS,
    FILLER,
    GIVEN_NAME_WORDS,
    PERSON_TITLES,
    STARTERS,
    VERBS,
    is_contraction,
)

# a word, with the "++"/"+"/"#" a language or toolkit name ends in ("C++11", "Gtk+", "C#"; not "a+b")
_WORD = re.compile(r"[^\W_]+(?:['’\-.&][^\W_]+)*(?:(?:\+\+?\d*|#)(?![^\W_]))?")
_TITLE_BEFORE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Madam)\.?\s+$")
_NOT_INITIAL_BEFORE = frozenset(",|&/+")


@dataclass(frozen=True, slots=True)
class NameSpan:
    """A capitalised run: its offsets, name, type, and whether it is a lone sentence-initial word."""

    start: int
    end: int
    name: str
    type: str
    initial_single: bool = False


class People:
    """Chat participants of a chunk, looked up by any spelling of their name or a unique first name."""

    def __init__(self, handles: Iterable[str]) -> None:
        self.display: dict[str, str] = {}
        firsts: dict[str, list[str]] = {}
        for handle in handles:
            name = humanise(handle.strip())
            if not name:
                continue
            self.display.setdefault(entity_alias_key(name), name)
            parts = name.split()
            if len(parts) > 1:
                firsts.setdefault(parts[0].casefold(), []).append(name)
        self.first = {key: names[0] for key, names in firsts.items() if len(set(names)) == 1}

    def lookup(self, name: str) -> str | None:
        """The participant's display name for ``name`` ("LiHua", "Li Hua", "Adam" for Adam Smith), or None."""
        found = self.display.get(entity_alias_key(name))
        if found is None and " " not in name:
            found = self.first.get(name.casefold())
        return found

    def __bool__(self) -> bool:
        return bool(self.display)


def _is_initial(text: str, start: int) -> bool:
    window = max(0, start - 32)
    before = text[window:start].rstrip(" \t\"'“‘(*-–—[")
    if not before:
        return window == 0
    if before.rsplit("\n", 1)[-1].strip() == "o" and (window == 0 or "\n" in before):
        return True  # "o Replace deprecated FindBugs …": after a release note's "o" bullet a line starts
    last = before[-1]
    return not last.isalnum() and last not in _NOT_INITIAL_BEFORE


_DIGIT_LED = re.compile(r"\d+-?[A-Z][a-z]")  # "7-Zip", "3Com": a name that opens with a number


def _capitalised(word: str) -> bool:
    first = word[0]
    if first.isupper():
        return True
    if first.isdigit():
        return _DIGIT_LED.match(word) is not None
    return first.islower() and not word.islower()  # iPhone, eBay


_POSSESSIVE = ("'s", "’s")


def _strip_front(words: list[tuple[int, int, str, bool]]) -> tuple[bool, bool]:
    """Drop titles, sentence-start filler and leading connectors; returns (person title seen, stripped)."""
    person = stripped = False
    while words:
        first, initial = words[0][2], words[0][3]
        lower = first.casefold()
        if lower in PERSON_TITLES:
            person = True
        elif not (
            (lower in CONNECTORS and first.islower())
            or (initial and (lower in STARTERS or lower in FILLER or lower in VERBS or lower.endswith(("ing", "ly"))))
        ):
            break
        stripped = True
        del words[0]
    return person, stripped


_NEXT_CAPITALISED = re.compile(r"[ \t]+[A-Z][a-z]")


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def _given_name(text: str, match: re.Match[str]) -> bool:
    """A function word that is also a given name ("Will", "Don"), capitalised and followed by a capitalised
    word: the first name of a name ("includes Will Arnett"), not a break. At a sentence's start it is a name
    only in a sentence that does not end in "?": "Will Arnett acted in …", but "Will Anna come?"."""
    word = match.group()
    if not (word[:1].isupper() and word.casefold() in GIVEN_NAME_WORDS):
        return False
    if _NEXT_CAPITALISED.match(text, match.end()) is None:
        return False
    if not _is_initial(text, match.start()):
        return True
    end = _SENTENCE_END.search(text, match.end())
    return end is not None and end.group() != "?"


def _surname_particle(words: list[tuple[int, int, str, bool]]) -> bool:
    """Whether the capitalised particle that ends a run of two or more words is a surname ("Marina de Van",
    "Gus Van"), kept, rather than a connector left over ("Bank of", "Lord of the"), dropped."""
    word = words[-1][2]
    return word[:1].isupper() and word.casefold() not in ("the", "of", "y") and len(words) > 1


def _is_middle_initial(word: str, gap: str) -> bool:
    """Whether ``word`` + ``gap`` is an initial inside a name ("A. " in "Philip A. Nelson")."""
    return len(word) == 1 and word.isupper() and gap[1:].strip(" \t") == "" and len(gap) > 1 and "\n" not in gap


VERSION = re.compile(r"v?\d+(?:\.\d+)+[a-z]?")  # a release number: "8.6.13", "2.18", "v1.2.3"
_LETTER_NAME_BEFORE = re.compile(r"\b(?:in|for|into|from|with)[ \t]+$")


_SENTENCE_AFTER_STOP = re.compile(r"\.(?:[ \t]*(?:\n|$)|[ \t]+(?P<next>[A-Za-z]+)\b)")


def _lone_letter_name(text: str, start: int, end: int) -> bool:
    """Whether a lone capital letter is a name: the one-letter language of "written in C" or "bindings for R",
    after a preposition and followed by no hyphen or apostrophe ("A-level", "B's"), and by no period unless that
    ends the sentence: "It is written in C." (the line or text ends, or a function word opens the next sentence:
    "… in C. It …"), not the initial of "… for C. Smith"."""
    after = text[end : end + 1]
    if not _LETTER_NAME_BEFORE.search(text, max(0, start - 8), start) or (after and after in "-'’"):
        return False
    if after != ".":
        return True
    stop = _SENTENCE_AFTER_STOP.match(text, end)
    return stop is not None and (stop.group("next") is None or stop.group("next").casefold() in BREAK)


def name_spans(text: str, seen_mid: set[str]) -> list[NameSpan]:
    """Capitalised runs in ``text`` (CJK characters must already be masked).

    A possessive ends a name ("Li Hua's garden" → "Li Hua") unless a capitalised word follows
    ("Mother's Day"). Adds the case-folded capitalised words found mid-sentence to ``seen_mid``.
    """
    spans: list[NameSpan] = []
    run: list[tuple[int, int, str, bool]] = []  # (start, end, word, sentence-initial)

    def flush() -> None:
        words = run[:]
        run.clear()
        while words and words[-1][2].casefold() in CONNECTORS and not _surname_particle(words):
            words.pop()
        if words and words[-1][2].endswith(_POSSESSIVE):
            start, end, word, initial = words[-1]
            words[-1] = (start, end - 2, word[:-2], initial)
        person, stripped = _strip_front(words)
        if not words or (len(words) == 1 and len(words[0][2]) == 1 and not _lone_letter_name(text, *words[0][:2])):
            return
        start, end = words[0][0], words[-1][1]
        if _TITLE_BEFORE.search(text, max(0, start - 12), start):
            person = True
        single_initial = len(words) == 1 and words[0][3] and not stripped and not person
        name = " ".join(w[2] + ("." if _is_middle_initial(w[2], text[w[1] : n[0]]) else "") for w, n in pairwise(words))
        name = f"{name} {words[-1][2]}" if name else words[-1][2]
        spans.append(NameSpan(start, end, name, PERSON if person else NAME, single_initial))

    last_end = -1
    for match in _WORD.finditer(text):
        word, start, end = match.group(), match.start(), match.end()
        gap = text[last_end:start] if run else ""
        joinable = bool(run) and gap.strip(" \t") == "" and "\n" not in gap
        if run and gap.startswith(".") and _is_middle_initial(run[-1][2], gap):  # "Philip A. Nelson"
            joinable = True
        last_end = end
        after_possessive = bool(run) and run[-1][2].endswith(_POSSESSIVE)
        lower = word.casefold()
        if word.isdigit() or VERSION.fullmatch(word):  # "Room 302", "Witcher 3", "Tcl 8.6.13"
            if joinable and not after_possessive and _capitalised(run[-1][2]):
                run.append((start, end, word, False))
            flush()
            continue
        if not _capitalised(word):
            if joinable and not after_possessive and lower in CONNECTORS:
                run.append((start, end, word, False))
            elif run:
                flush()
            continue
        base = word[:-2] if word.endswith(_POSSESSIVE) else word
        middle_initial = bool(run) and joinable and _is_middle_initial(word, text[end : end + 2])
        if is_contraction(word) or (base.casefold() in BREAK and not middle_initial and not _given_name(text, match)):
            flush()
            continue
        if run and not joinable:
            flush()
        initial = _is_initial(text, start)
        if not initial:
            seen_mid.add(base.casefold())
        run.append((start, end, word, initial))
    if run:
        flush()
    return spans


def mask(text: str, spans: Iterable[tuple[int, int]], char: str = "|") -> str:
    """``text`` with each ``(start, end)`` range overwritten by ``char`` (offsets are kept)."""
    out = list(text)
    for start, end in spans:
        out[start:end] = char * (end - start)
    return "".join(out)
