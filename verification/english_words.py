"""Word classes and text clean-up for the rule-based English → FOL translation (``verification.english``)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from graphproof.text.lexicon import ENGLISH_STOP_WORDS

COPULA = frozenset(["is", "are", "was", "were", "be", "am", "been", "being"])
MODALS = frozenset(["will", "would", "can", "could", "may", "might", "must", "should", "shall"])
DO = frozenset(["does", "do", "did"])
HAVE = frozenset(["has", "have", "had"])
AUX = COPULA | MODALS | DO | HAVE
PRONOUNS = frozenset(["they", "he", "she", "it", "them"])
GENERIC_ALL = frozenset(["everyone", "everybody", "everything", "anyone", "anybody", "anything", "people", "persons"])
GENERIC_SOME = frozenset(["someone", "somebody", "something"])
VACUOUS = GENERIC_ALL | GENERIC_SOME | frozenset(["person", "one", "thing", "things", "individual", "individuals"])
ALL_DETS = frozenset(["all", "every", "each", "any"])
SOME_DETS = frozenset(["some", "many", "several", "most", "certain"])
QUANTIFIERS = ALL_DETS | SOME_DETS | {"no"}
ARTICLES = frozenset(["a", "an", "the"])
DEMONSTRATIVES = frozenset(["this", "that", "these", "those", "such"])
RELATIVE = frozenset(["who", "that", "which", "whose"])
PREPOSITIONS = frozenset(
    [
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "by",
        "from",
        "into",
        "about",
        "as",
        "than",
        "under",
        "over",
        "within",
        "during",
    ]
)
PARTICLES = frozenset(["out", "up", "off", "down"])
NAME_LINKS = frozenset(["of", "de", "the", "du", "van", "von", "la", "le", "da", "del"])
VP_OPENERS = frozenset(["either", "neither", "both", "not", "never", "also", "always", "often", "usually"])
NOT_VERBS = AUX | ARTICLES | PREPOSITIONS | RELATIVE | (ENGLISH_STOP_WORDS - {"own"}) | {"either", "neither", "both"}
LEARN_AFTER = (
    PRONOUNS | GENERIC_ALL | GENERIC_SOME | RELATIVE | MODALS | {"to", "not", "also", "often", "always", "never"}
)
IRREGULAR_PAST = frozenset(
    [
        "was",
        "were",
        "had",
        "did",
        "made",
        "said",
        "went",
        "took",
        "came",
        "saw",
        "knew",
        "got",
        "gave",
        "found",
        "thought",
        "told",
        "became",
        "felt",
        "brought",
        "began",
        "kept",
        "held",
        "wrote",
        "stood",
        "heard",
        "meant",
        "met",
        "ran",
        "paid",
        "sat",
        "spoke",
        "led",
        "grew",
        "lost",
        "fell",
        "sent",
        "built",
        "understood",
        "drew",
        "broke",
        "spent",
        "drove",
        "bought",
        "wore",
        "chose",
        "sold",
        "won",
        "taught",
        "caught",
        "fought",
        "threw",
        "flew",
    ]
)
PARTICIPLES = frozenset(
    ["given", "written", "made", "known", "born", "taken", "seen", "held", "built", "done", "shown", "grown"]
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


def clean(sentence: str) -> str:
    """Tags, quotes, final punctuation and contractions out; curly apostrophes straightened."""
    text = re.sub(r"^\s*\[[A-Z]{1,4}\]\s*", "", sentence).replace("’", "'").translate(_QUOTES)
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
