"""Keyphrases for relation keywords and concept entities: a fast stop-word rule, or YAKE once per chunk.

``StopwordKeyphrases`` (the default) cuts each unit at stop words, filler words and punctuation
into runs of up to three content words ("maintenance work", "native plants") and scores a
phrase by how often its words occur in the whole chunk (a topical word recurs across a
conversation), with a bonus per extra word. On the LiHua-World chats it costs well under a
millisecond per message.

``YakeKeyphrases`` runs YAKE (``yake``) once per chunk and finds each of the chunk's top phrases
in the units. Measured on LiHua-World (5,897 messages): YAKE per message ~1.2 ms (7 s in all);
once per chunk the whole extraction takes ~10 s against ~1 s with the stop-word rule, and edge
BM25 finds the evidence conversations of the dev questions equally well with either (recall@10
0.82), so the stop-word rule is the default.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from graphproof.loaders.extract.patterns import HAS_CJK
from graphproof.text.english_words import is_english
from graphproof.text.lexicon import (
    PROSE_STOP,
    PROSE_VERBS,
    QUALITY_ADJECTIVES,
    STOP,
    VERB_LEMMAS,
    VERBS,
    is_contraction,
)

_LETTERS = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
_PROSE_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['’\-][^\W_]+)*")  # documents: "libidn2", "mdns4" keep their digits
MAX_WORDS = 3


@dataclass(frozen=True, slots=True)
class Phrase:
    """A keyphrase in one unit: offsets (``start == -1`` when only found outside the unit's free text)."""

    text: str
    score: float
    start: int = -1
    end: int = -1

    @property
    def words(self) -> list[str]:
        return self.text.split()


@dataclass(frozen=True, slots=True)
class ChunkPhrases:
    """Per unit, its phrases best first; and the chunk's word frequencies (for ``is_concept``)."""

    units: list[list[Phrase]]
    frequency: Counter[str]


class Keyphraser(Protocol):
    """Scores the keyphrases of a chunk's units. ``masked`` is each unit with entity spans hidden; ``prose`` says
    the units are sentences of a document, not chat messages."""

    name: str

    def unit_phrases(self, bodies: Sequence[str], masked: Sequence[str], prose: bool = False) -> ChunkPhrases: ...


def _pieces(words: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """A run of content words cut into pieces of at most ``MAX_WORDS``, keeping the last words (the head noun)."""
    out = []
    while len(words) > MAX_WORDS:
        out.append(words[-MAX_WORDS:])
        words = words[:-MAX_WORDS]
    if words:
        out.append(words)
    return out


def _named_compound(word: str) -> bool:
    """A hyphenated word with a part that is no English word ("systemd-resolved", "gpg-signed"): a name, though it
    ends in "-ed"; "user-defined" and "well-known" are English throughout."""
    return "-" in word and not all(is_english(part) for part in word.split("-") if part)


def _verb_like(word: str) -> bool:
    if _named_compound(word):
        return False
    return (word in VERBS and not word.endswith("ing")) or (word.endswith("ed") and len(word) > 4)


_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+$", re.IGNORECASE)
_GERUND_BEFORE = re.compile(
    r"\b(?:for|by|of|in|on|with|from|without|before|after|about|when|while|and|or)\s+$", re.IGNORECASE
)
# "is used to override the file", "is designed to run …": the word after such a "to" is a verb, not a phrase's start
_INFINITIVE_BEFORE = re.compile(
    r"\b(?:used|designed|able|unable|meant|intended|needed|required|allowed|possible|necessary)[ \t]+to[ \t]+$",
    re.IGNORECASE,
)
# "is no longer supported", "any longer": "longer" is an adverb there, part of the verb's wording, no noun
_NO_BEFORE = re.compile(r"\b(?:no|any)[ \t]+$", re.IGNORECASE)
_MODAL_BEFORE = re.compile(r"\b(?:can|could|may|might|must|shall|should|will|would)(?:\s+not)?\s+$", re.IGNORECASE)


def _adverb(word: str) -> bool:
    return word.endswith("ly") and len(word) > 5 and word not in VERBS


def _manner_adverb(word: str) -> bool:
    """An -ly adverb made from an English word ("mostly", "specifically", "easily"; not "family" or "assembly"):
    it never ends a noun phrase."""
    if not _adverb(word):
        return False
    stems = [word[:-2]] + ([word[:-4]] if word.endswith("ally") else [])
    stems += [word[:-3] + "y"] if word.endswith("ily") else []
    return any(len(stem) > 2 and is_english(stem) for stem in stems)


def _participle(word: str) -> bool:
    """A past participle closing a run of content words ("designed", "written"): a reduced relative clause
    begins there, so the word is not part of the noun phrase before it."""
    if _named_compound(word):
        return False
    return (word.endswith("ed") and len(word) > 5 and not word.endswith("eed")) or (
        word in VERBS and word.endswith("en") and word not in VERB_LEMMAS
    )


_DETERMINERS = "a|an|the|this|that|these|those|its|their|his|her|our|your|no|some|any|all"
_DETERMINER_AFTER = re.compile(rf"[ \t]+(?:{_DETERMINERS})\b")
# documents: "tries to", "stands for" too, a mention right after the verb ("quux supports Linux": the name is
# masked as "|||||" when keyphrases are read), and a capitalised word too short to be a mention ("XMLSec library
# provides C based implementation", "supports C bindings")
_OBJECT_AFTER = re.compile(rf"[ \t]+(?:(?:{_DETERMINERS}|to|for|on|with|from|into|upon|against)\b|\||[A-Z]\w?\b)")


# verbs whose object follows "of" ("The toolkit consists of a parser"); "of" after other words joins a noun phrase
_OF_VERBS = frozenset(("consists",))
_OF_AFTER = re.compile(r"[ \t]+of\b")


def _finite_verb(word: str) -> bool:
    """A verb's third-person form ("performs", "includes"): with a determiner after it (in documents also "to" or a
    preposition other than "of" and "in": "tries to", "stands for"; or inside a run of content words: "nss-mdns
    contacts avahi-daemon"), it opens the verb phrase of a clause; a plural noun ("builds", "files") is rarely
    followed by one, and rarely sits inside a noun phrase."""
    return word.endswith("s") and not word.endswith("ss") and word in VERBS and word not in VERB_LEMMAS


def _prose_finite_verb(word: str) -> bool:
    """``_finite_verb`` in a document, where "links", "stores", "means" … are verbs too (``PROSE_VERBS``)."""
    return _finite_verb(word) or (word.endswith("s") and word in PROSE_VERBS)


def _before_adverb(run: list[tuple[int, int, str]], finite: Callable[[str], bool]) -> list[list[tuple[int, int, str]]]:
    """A run of a document's content words cut at an adverb after its first word (``_manner_adverb``): a noun phrase
    ends there ("the quux package specifically defaults to" -> "quux package"), and the verb right after the adverb
    ("defaults", "runs") goes too; an adverb that opens the run stays ("highly optimized code")."""
    adverb = next((k for k in range(1, len(run)) if _manner_adverb(run[k][2])), None)
    if adverb is None:
        return [run]
    rest = run[adverb + 1 :]
    if rest and (finite(rest[0][2]) or (len(rest) == 1 and rest[0][2].endswith("s"))):
        rest = rest[1:]
    return [part for part in (run[:adverb], rest) if part]


# the noun of a complex preposition ("in favor of", "in place of", "on behalf of"): part of the relation's wording,
# no concept ("pkg_resources is discouraged in favor of importlib.resources" reads is_discouraged_in_favor_of)
_COMPLEX_PREPOSITION = re.compile(
    r"\b(?:in|on|by|with)[ \t]+(?P<noun>favou?r|place|lieu|spite|terms|case|front|behalf|means|respect|addition"
    r"|accordance|charge|top|search|support|view)[ \t]+(?:of|to|with)\b",
    re.IGNORECASE,
)


def candidates(text: str, prose: bool = False) -> list[tuple[int, int, list[str]]]:
    """``(start, end, words)`` of stop-word-delimited runs of content words in ``text``.

    ``prose`` (a document's sentence, not a chat message) reads documentation's wording: words keep their digits
    ("libidn2"), a quality adjective stays before a noun ("large file support", ``PROSE_STOP``; never at a run's
    end: "is large"), the word after a modal is a verb ("can operate"), so is an -ing verb after a preposition or
    "and" ("for resolving host names" -> "host names"; "a running daemon" keeps it), so is the word after "used /
    designed / able / … to" ("is used to override the default file" -> "default file"), and a third-person verb ends
    the run before a preposition or "to" ("stands for", "tries to") or inside it ("nss-mdns contacts avahi-daemon"),
    and the noun of a complex preposition is none ("in favor of", ``_COMPLEX_PREPOSITION``).
    Chat messages keep the rules the LiHua-World figures were measured with."""
    stop, words, after = (PROSE_STOP, _PROSE_WORD, _OBJECT_AFTER) if prose else (STOP, _LETTERS, _DETERMINER_AFTER)
    finite = _prose_finite_verb if prose else _finite_verb
    found: list[tuple[int, int, list[str]]] = []
    run: list[tuple[int, int, str]] = []
    last_end = 0
    idioms = {m.start("noun") for m in _COMPLEX_PREPOSITION.finditer(text)} if prose else set()
    stale = False  # the word before was the "longer" of "no longer"

    def emit() -> None:
        while len(run) > 1 and _adverb(run[0][2]) and (_verb_like(run[1][2]) or _participle(run[1][2])):
            del run[0]  # "originally written" -> "written"
        adjectival = bool(run) and _ARTICLE_BEFORE.search(text, max(0, run[0][0] - 5), run[0][0]) is not None
        if prose and run and _INFINITIVE_BEFORE.search(text, max(0, run[0][0] - 16), run[0][0]):
            del run[0]  # "is used to override the default file": "override" is the verb of the purpose clause
        if prose and len(run) > 1 and _MODAL_BEFORE.search(text, max(0, run[0][0] - 16), run[0][0]):
            del run[0]  # "it can operate independently": after a modal the first word is the verb
        if (prose and len(run) > 1 and run[0][2].endswith("ing") and run[0][2] in VERBS
                and _GERUND_BEFORE.search(text, max(0, run[0][0] - 12), run[0][0])):  # fmt: skip
            del run[0]  # "for resolving host names" -> "host names": after a preposition the -ing verb heads a clause
        while len(run) > 1 and _verb_like(run[0][2]) and not adjectival:  # "discovered polonium" -> "polonium"
            del run[0]  # but "an updated version" keeps its adjective
        while len(run) > 1 and _participle(run[-1][2]):  # "the algorithm designed by" -> "algorithm"
            del run[-1]
        while run and run[-1][2] in QUALITY_ADJECTIVES:  # an adjective ends no noun phrase
            del run[-1]
        if len(run) > 1 and finite(run[-1][2]) and (
            after.match(text, run[-1][1]) or (prose and run[-1][2] in _OF_VERBS and _OF_AFTER.match(text, run[-1][1]))
        ):
            del run[-1]  # "man-db performs this search" -> "man-db": the verb of a clause, not part of its subject
        verb = next((k for k in range(1, len(run) - 1) if prose and finite(run[k][2])), None)
        pieces = [run[:verb], run[verb + 1 :]] if verb is not None else [run]  # "nss-mdns contacts avahi-daemon"
        if prose:
            pieces = [part for piece in pieces for part in _before_adverb(piece, finite)]
        for piece in (p for part in pieces for p in _pieces(part)):
            found.append((piece[0][0], piece[-1][1], [w for _, _, w in piece]))
        run.clear()

    for match in words.finditer(text):
        word = match.group()
        if run and text[last_end : match.start()].strip(" \t"):
            emit()
        last_end = match.end()
        lower = word.casefold()
        if lower.endswith(("'s", "’s")) and not is_contraction(word):
            lower = lower[:-2]
        # "no longer" and the verb right after it ("is no longer supported"): the clause's verb, no phrase
        verb = stale and (lower in VERBS or _verb_like(lower) or _participle(lower))
        stale = bool(prose and lower == "longer" and _NO_BEFORE.search(text, max(0, match.start() - 6), match.start()))
        if (len(lower) < 3 or lower in stop or is_contraction(word) or HAS_CJK.search(lower)
                or match.start() in idioms or stale or verb):  # fmt: skip
            emit()
            continue
        run.append((match.start(), match.end(), lower))
    emit()
    return found


def is_concept(phrase: Phrase, frequency: Counter[str]) -> bool:
    """Whether a keyphrase is worth a concept node.

    Multi-word phrases are; a single word is when it looks like a noun: at least 3 letters, not an
    adverb or adjective (-ly, -ible, -ful, -ous), not a known verb form, and an -ing or -ed word only
    when it recurs in the chunk ("building" in a conversation about building maintenance).
    """
    words = phrase.words
    if len(words) > 1:
        return True
    word = words[0]
    if word.endswith("ed") and _named_compound(word):
        return True  # "systemd-resolved", a name for all its "-ed" ("eco-friendly" stays an adjective)
    if len(word) < 3 or word.endswith(("ly", "ible", "ful", "ous")):
        return False
    if word.endswith(("ing", "ed")) and word not in VERB_LEMMAS:  # "building", not "bring" or "need"
        return frequency[word] >= 2
    return word not in VERBS


class StopwordKeyphrases:
    """Stop-word-delimited phrases scored by chunk word frequency (deterministic, no model)."""

    name = "stopword"

    def unit_phrases(self, bodies: Sequence[str], masked: Sequence[str], prose: bool = False) -> ChunkPhrases:
        found = [candidates(text, prose) for text in masked]
        frequency = Counter(w for unit in found for _, _, words in unit for w in words)
        out = []
        for unit in found:
            best: dict[str, Phrase] = {}
            for start, end, words in unit:
                text = " ".join(words)
                if text in best:
                    continue
                score = sum(frequency[w] for w in words) / len(words) + 0.5 * (len(words) - 1)
                best[text] = Phrase(text, score, start, end)
            out.append(sorted(best.values(), key=lambda p: (-p.score, p.start)))
        return ChunkPhrases(out, frequency)


class YakeKeyphrases:
    """YAKE keyphrases computed once per chunk and located in each unit (``pip install yake``)."""

    name = "yake"

    def __init__(self, top: int = 20, ngram: int = MAX_WORDS, language: str = "en") -> None:
        self.top, self.ngram, self.language = top, ngram, language
        self._extractor: Any = None

    def _yake(self) -> Any:
        if self._extractor is None:
            import yake  # slow-ish import, only when this keyword method is chosen

            self._extractor = yake.KeywordExtractor(lan=self.language, n=self.ngram, top=self.top)
        return self._extractor

    def unit_phrases(self, bodies: Sequence[str], masked: Sequence[str], prose: bool = False) -> ChunkPhrases:
        ranked = self._yake().extract_keywords("\n".join(bodies))
        phrases = []
        for rank, (keyword, _score) in enumerate(ranked):
            lower = " ".join(str(keyword).casefold().split())
            if lower and lower not in STOP:
                pattern = re.compile(rf"(?<!\w){re.escape(lower)}(?!\w)", re.IGNORECASE)
                phrases.append((lower, pattern, float(len(ranked) - rank)))
        frequency = Counter(w for text in masked for w in _LETTERS.findall(text.casefold()))
        out = []
        for body, free in zip(bodies, masked, strict=True):
            unit = []
            for lower, pattern, score in phrases:
                hit = pattern.search(free)
                if hit is not None:
                    unit.append(Phrase(lower, score, hit.start(), hit.end()))
                elif pattern.search(body):
                    unit.append(Phrase(lower, score))
            out.append(unit)
        return ChunkPhrases(out, frequency)


def make_keyphraser(name: str) -> Keyphraser:
    """``"stopword"`` (default) or ``"yake"``."""
    if name == "stopword":
        return StopwordKeyphrases()
    if name == "yake":
        return YakeKeyphrases()
    raise ValueError(f"unknown keyword method {name!r}; expected 'stopword' or 'yake'")
