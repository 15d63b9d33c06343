"""The one tokenizer BM25 uses: SQLite FTS5, Neo4j's Lucene indexes and in-process scoring alike.

Both backends index the *output* of this analyzer (tokens joined by single spaces) with a
whitespace-level tokenizer, so a query is tokenised the same way whichever store answers it.

Rules (``ANALYZER_VERSION`` changes whenever one of them does):

1. Unicode NFKC, then case folding.
2. Words are maximal runs of letters and digits (``_`` and punctuation separate words).
3. Runs of CJK script (Han, Hiragana, Katakana, Hangul) have no spaces between words, so they are
   cut into overlapping character bigrams, as Lucene's ``CJKAnalyzer`` does; a lone CJK character
   stays a unigram. Latin text around them is tokenised as words.
4. Chunks also index their metadata (``metadata_words``: chat time, date with month and weekday
   names, speakers, and their handles as words: "AdamSmith" also as "adam smith"), so time and people can
   be searched by the names people write.
5. English stop words are dropped and the remaining English words are stemmed with the Snowball
   English stemmer (``PyStemmer``), when ``stem`` is on (the default).
6. A calendar date written as ``2026-04-28``, ``2026/04/28``, ``April 28, 2026``, ``28 April 2026`` or
   ``28th of April 2026`` also gives one term ``20260428`` (before its own words), the form chat logs and
   file names stamp: every way of writing a day then shares one rare term. Impossible dates give none.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from graphproof.text.chat import humanise, speaker_handles
from graphproof.text.lexicon import ENGLISH_STOP_WORDS
from graphproof.text.names import alias_key

ANALYZER_VERSION = "4"

_CJK_RANGES = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3040-\u309f"  # Hiragana
    "\u30a0-\u30ff"  # Katakana
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\U00020000-\U0002ffff"  # CJK extensions B-F
)
_RUN = re.compile(rf"[{_CJK_RANGES}]+|[^\W_{_CJK_RANGES}]+")
_CJK = re.compile(rf"[{_CJK_RANGES}]")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTH_NAMES = tuple(m.casefold() for m in _MONTHS)
_MONTH = "(?P<month>" + "|".join(_MONTH_NAMES) + ")"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
_DATES = (
    re.compile(r"(?<![\w.-])(?P<year>\d{4})([-/])(?P<month>\d{1,2})\2(?P<day>\d{1,2})(?![\w-])"),
    re.compile(rf"(?<!\w){_MONTH}\s+{_DAY},?\s+{_YEAR}(?!\w)", re.IGNORECASE),
    re.compile(rf"(?<!\w){_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}(?!\w)", re.IGNORECASE),
)
_COMPACT_DATE = re.compile(r"(?<![\w])(?P<year>(?:19|20)\d{2})(?P<month>\d{2})(?P<day>\d{2})(?![\d])")


def find_dates(text: str, *, compact: bool = False) -> list[tuple[int, int, datetime.date]]:
    """``(start, end, day)`` of each calendar date written in ``text`` (rule 6's forms; with ``compact``
    also ``20260428`` itself), in order; spans never overlap, impossible dates are skipped."""
    found: list[tuple[int, int, datetime.date]] = []
    patterns = (*_DATES, _COMPACT_DATE) if compact else _DATES
    for pattern in patterns:
        for match in pattern.finditer(text):
            month = match["month"].casefold()
            number = _MONTH_NAMES.index(month) + 1 if month.isalpha() else int(month)
            try:
                day = datetime.date(int(match["year"]), number, int(match["day"]))
            except ValueError:
                continue
            if not any(start < match.end() and match.start() < end for start, end, _ in found):
                found.append((match.start(), match.end(), day))
    return sorted(found, key=lambda f: f[0])


def date_terms(folded: str) -> dict[int, str]:
    """``start offset → YYYYMMDD`` for each calendar date written in ``folded`` (case-folded text; rule 6)."""
    return {start: day.strftime("%Y%m%d") for start, _, day in find_dates(folded)}



@lru_cache(maxsize=1)
def _stemmer() -> object:
    import Stemmer  # PyStemmer; imported lazily so nothing happens at import time

    return Stemmer.Stemmer("english")


class Analyzer:
    """Turns text into BM25 terms. Instances are cheap; stems are cached."""

    def __init__(self, *, stem: bool = True, stop_words: Iterable[str] = ENGLISH_STOP_WORDS) -> None:
        self.stem = stem
        self.stop_words = frozenset(stop_words)
        self._cache: dict[str, str] = {}
        self._parts: dict[str, str] = {}

    @property
    def name(self) -> str:
        return f"graphproof-{ANALYZER_VERSION}{'-stem' if self.stem else ''}"

    def _stem_word(self, word: str) -> str:
        cached = self._cache.get(word)
        if cached is None:
            cached = _stemmer().stemWord(word) if self.stem else word  # type: ignore[attr-defined]
            if len(self._cache) < 500_000:
                self._cache[word] = cached
        return cached

    def tokens(self, text: str) -> list[str]:
        """The terms of ``text`` in order (duplicates kept, as BM25 term frequency needs)."""
        if not text:
            return []
        folded = unicodedata.normalize("NFKC", text).casefold()
        dates = date_terms(folded) if any(ch.isdigit() for ch in folded) else {}
        out: list[str] = []
        for match in _RUN.finditer(folded):
            run = match.group()
            if dates and match.start() in dates:
                out.append(dates[match.start()])
            if _CJK.match(run):
                if len(run) == 1:
                    out.append(run)
                else:
                    out.extend(run[i : i + 2] for i in range(len(run) - 1))
            elif run not in self.stop_words:
                out.append(self._stem_word(run))
        return out

    def index_text(self, text: str) -> str:
        """What a full-text index stores: the terms joined by single spaces."""
        return " ".join(self.tokens(text))

    def index_parts(self, parts: Iterable[str]) -> str:
        """``index_text(" ".join(parts))``, with short parts (names, predicates) cached.

        Equal to analysing the joined text because parts are joined by a space, which always
        separates tokens (a written date cut across two parts is not one date: rule 6 sees neither half as
        one). Bulk imports repeat the same names thousands of times.
        """
        out = []
        for part in parts:
            if len(part) <= 64:
                cached = self._parts.get(part)
                if cached is None:
                    cached = self.index_text(part)
                    if len(self._parts) < 500_000:
                        self._parts[part] = cached
                out.append(cached)
            else:
                out.append(self.index_text(part))
        return " ".join(p for p in out if p)

    def entity_text(self, name: str) -> str:
        """What the entity name index stores: the name's terms plus its compact alias key.

        The alias key is the case-folded name without spaces, hyphens, dots or apostrophes, so
        ``"LiHua"`` finds ``"Li Hua"`` and ``"li-hua"`` (the key is only added for multi-part names).
        """
        terms = self.index_text(name)
        key = alias_key(name)
        if not key or _CJK.search(key) or " " not in terms or key in terms.split(" "):
            return terms
        return f"{terms} {key}"

    def chunk_text(self, text: str, metadata: Mapping[str, str]) -> str:
        """What the chunk index stores: the text's terms plus its metadata's (see ``metadata_words``)."""
        extra = metadata_words(metadata)
        return self.index_text(f"{text} {extra}" if extra else text)

    def dates(self, text: str) -> list[str]:
        """The distinct calendar dates written in ``text`` as ``YYYYMMDD`` terms, in order: rule 6's forms and
        the term itself (``20260428``, a stamp's ``20260428_17:00``; years 1900-2099)."""
        folded = unicodedata.normalize("NFKC", text).casefold()
        return list(dict.fromkeys(day.strftime("%Y%m%d") for _, _, day in find_dates(folded, compact=True)))

    def query_terms(self, text: str) -> list[str]:
        """The distinct terms of a query, in first-seen order."""
        return list(dict.fromkeys(self.tokens(text)))






_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def metadata_words(metadata: Mapping[str, str]) -> str:
    """Metadata as searchable words: every value, for an ISO ``date`` also its month and weekday names, and for
    chat ``speakers`` also each handle as words (``text.chat.humanise``: "AdamSmith" → "Adam Smith").

    A chat's ``time``, ``date`` and ``speakers`` are kept as metadata so they can be searched: "What did
    Adam say on a Tuesday in April?" then matches ``date: 2026-04-28`` through "april" and "tuesday", and
    ``speakers: AdamSmith,LiHua`` through "adam".
    """
    words = [str(v) for v in metadata.values() if v]
    # a handle as people write the name: "JakeWatson" is also "Jake Watson", so "What does Jake think?" finds it
    words += [name for h in speaker_handles(str(metadata.get("speakers", ""))) if (name := humanise(h)) != h]
    match = _ISO_DATE.match(str(metadata.get("date", "")))
    if match:
        try:
            day = datetime.date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError:
            day = None
        if day is not None:
            words += [_MONTHS[day.month - 1], _WEEKDAYS[day.weekday()]]
    return " ".join(words)


_DEFAULT: Analyzer | None = None


def default_analyzer() -> Analyzer:
    """The analyzer both backends index with (created on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Analyzer()
    return _DEFAULT
