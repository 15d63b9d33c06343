"""Word classes and text clean-up for the rule-based English → FOL translation (``verification.english``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable

from graphproof.text.lexicon import (
    ARTICLES,
    IRREGULAR_PAST,
    LEARN_AFTER,
    NOT_VERBS,
    PARTICIPLES,
    PREPOSITIONS,
)

_CONTRACTIONS = (
    (re.compile(r"\bcannot\b", re.I), "can not"),
    (re.compile(r"\bcan't\b", re.I), "can not"),
    (re.compile(r"\bwon't\b", re.I), "will not"),
    (re.compile(r"\b(\w+)n't\b", re.I), r"\1 not"),
    (re.compile(r"\bhe/she\b", re.I), "he"),
)
_TOKEN = re.compile(r"[^\s,;:]+|,")
_QUOTES = str.maketrans("", "", '"“”«»')


_QUOTED_TITLE = re.compile(r"[\"“]([A-Z][^\"“”]*)[\"”]")


def _title_apostrophes_out(match: re.Match[str]) -> str:
    """A quoted title keeps its words whole: "I Still Haven't Found What I'm Looking For" is a name, not a
    negated clause ("Havent", "Im")."""
    return '"' + re.sub(r"(\w)['’](\w)", r"\1\2", match.group(1)) + '"'


def clean(sentence: str) -> str:
    """Tags, quotes, final punctuation and contractions out (not a quoted title's); curly apostrophes straightened."""
    text = _QUOTED_TITLE.sub(_title_apostrophes_out, re.sub(r"^\s*\[[A-Z]{1,4}\]\s*", "", sentence))
    text = text.replace("’", "'").translate(_QUOTES)
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return " ".join(text.split()).rstrip(" .!?")


def tokens_of(text: str) -> list[str]:
    """Words, with commas kept as their own tokens (they mark the main split of "either A, or B")."""
    return _TOKEN.findall(text)


def words(tokens: Iterable[str]) -> list[str]:
    """``tokens`` without commas."""
    return [t for t in tokens if t != ","]


def is_past_tense(word: str) -> bool:
    return word.endswith("ed") or word in IRREGULAR_PAST


def is_participle(word: str) -> bool:
    return word.islower() and (word.endswith(("ing", "ed")) or word in PARTICIPLES) and len(word) > 4


def learn_vocabulary(texts: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """``(verbs, common words)`` seen in ``texts``: words after "they", "who", "to", "not" … are verbs;
    words written in lower case somewhere are common nouns, not names."""
    verbs: set[str] = set()
    common: set[str] = set()
    for text in texts:
        found = words(tokens_of(clean(text)))
        for i, token in enumerate(found):
            if token.islower():
                common.add(token)
            if i and found[i - 1].lower() in LEARN_AFTER and token.replace("-", "").isalpha() and token.islower():
                verbs.add(token)
    return frozenset(verbs - NOT_VERBS), frozenset(common)


def inside_phrase(parts: list[list[str]]) -> bool:
    """Whether "and" joins bare nouns inside the phrase that ends the part before it rather than whole complements:
    "a journal *about biology, physics, and chemistry*" says nothing about the journal being chemistry. So when a
    later part has no article and no preposition (a bare noun phrase) and the part before it holds a preposition
    or a participle whose object it may continue; "soluble in water and slightly soluble in alcohol" and "an actor
    from Concord and a director" are still whole complements."""
    for before, after in itertools.pairwise(parts):
        lower = [t.lower() for t in after if t != ","]
        bare = bool(lower) and lower[0] not in ARTICLES and not set(lower) & PREPOSITIONS
        opened = any(t.lower() in PREPOSITIONS or is_participle(t) for t in before[1:])
        if bare and opened:
            return True
    return False
