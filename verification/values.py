"""Numbers, years and dates in claims and chunks: values, never symbols merged by similarity.

A value is read from text by ``find_values`` and named by its canonical form, so "March 2, 1991",
"2 March 1991" and "1991-03-02" are the one constant ``v_1991_03_02``, and "1,200" and "1200" are
``n_1200``. Kinds:

- ``date`` — a day (``1991-03-02``) or a month (``1991-03``): "March 2, 1991", "2 March 1991",
  "March 1991", ISO "1991-03-02";
- ``year`` — a four-digit number 1000–2099 that is not part of a larger number ("in 1844",
  "(1844–1846)", "1990s" is not a year);
- ``number`` — any other number ("34", "3.5", "1,200", number words "two" … "twelve"),
  ordinals included ("19th" is 19; "first" is left to the comparison words).

A date's year is a value too: ``year_of`` gives it, so a chunk that says "born March 2, 1991"
supports "born in 1991". Time values are ordered (``before``): a day is before another day, a
year before a later year, a day before any later year; a day and its own year are not ordered.
Numbers are ordered by magnitude (``less``).

A number may be written with a *bound* before it ("below US $300", "more than 5", "at least 12",
"no more than 3"): ``bound_before`` reads it from the text that precedes the value, as one of
``<``, ``>``, ``<=``, ``>=`` — the stated quantity stands in that relation to the number written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from graphproof.text.lexicon import MONTHS_FULL, MONTHS_SHORT

ValueKind = Literal["date", "year", "number"]
Bound = Literal["<", ">", "<=", ">="]
LESS = "Less"  # the FOL predicate of number order: Less(a, b) when a < b
_MONTH_NUMBER = {m.casefold(): i for i, m in enumerate(MONTHS_FULL, start=1)}
_MONTH_NUMBER.update(
    {s.casefold(): _MONTH_NUMBER[next(m for m in MONTHS_FULL if m.startswith(s[:3])).casefold()] for s in MONTHS_SHORT}
)
_MONTH = "|".join(sorted((re.escape(m) for m in _MONTH_NUMBER), key=len, reverse=True))
_SMALL_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "hundred": 100, "thousand": 1000, "million": 1_000_000,
}  # fmt: skip
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("mdy", re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE)),
    ("dmy", re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)),
    ("my", re.compile(rf"\b({_MONTH})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)),
    ("year", re.compile(r"(?<![\d.,])(1\d{3}|20\d{2})(?!\d|,\d|\.\d|s\b)")),  # "In 2007, …" is a year
    ("number", re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:st|nd|rd|th)?(?![\d,]\d|\w)")),
    ("word", re.compile(r"\b(" + "|".join(_SMALL_NUMBERS) + r")\b", re.IGNORECASE)),
)


@dataclass(frozen=True, slots=True, order=True)
class Value:
    """A value as read from text: its kind, canonical key (``1991-03-02``, ``1844``, ``1200``) and the text."""

    kind: ValueKind
    key: str
    text: str = ""

    @property
    def symbol(self) -> str:
        """The FOL constant: ``v_1991_03_02`` for time values, ``n_1200`` (``n_3_5``) for numbers."""
        prefix = "n" if self.kind == "number" else "v"
        return f"{prefix}_{self.key.replace('-', '_').replace('.', '_')}"

    @property
    def is_time(self) -> bool:
        return self.kind in ("date", "year")

    def number(self) -> float:
        return float(self.key) if self.kind == "number" else float("nan")


@dataclass(frozen=True, slots=True)
class Found:
    """A value and where it was written (``start``/``end`` character offsets)."""

    start: int
    end: int
    value: Value


def _date(year: str, month: int, day: int | None) -> Value | None:
    if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
        return None
    key = f"{int(year):04d}-{month:02d}" + (f"-{day:02d}" if day is not None else "")
    return Value("date", key)


def _read(kind: str, match: re.Match[str]) -> Value | None:
    groups = match.groups()
    if kind == "iso":
        return _date(groups[0], int(groups[1]), int(groups[2]))
    if kind == "mdy":
        return _date(groups[2], _MONTH_NUMBER[groups[0].casefold()], int(groups[1]))
    if kind == "dmy":
        return _date(groups[2], _MONTH_NUMBER[groups[1].casefold()], int(groups[0]))
    if kind == "my":
        return _date(groups[1], _MONTH_NUMBER[groups[0].casefold()], None)
    if kind == "year":
        return Value("year", groups[0])
    if kind == "number":
        whole = groups[0].replace(",", "")
        fraction = (groups[1] or "").rstrip("0").rstrip(".")
        return Value("number", str(int(whole)) + fraction)
    return Value("number", str(_SMALL_NUMBERS[groups[0].casefold()]))


def find_values(text: str) -> list[Found]:
    """The values written in ``text``, left to right, without overlaps (the earlier pattern of the
    module docstring wins: a full date before its year, a year before a bare number)."""
    taken: list[tuple[int, int]] = []
    found: list[Found] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < b and a < end for a, b in taken):
                continue
            value = _read(kind, match)
            if value is None:
                continue
            taken.append((start, end))
            found.append(Found(start, end, Value(value.kind, value.key, match.group(0))))
    return sorted(found, key=lambda f: f.start)


def year_of(value: Value) -> Value | None:
    """The year of a date (``1991-03-02`` → ``1991``); ``None`` for other kinds."""
    return Value("year", value.key[:4]) if value.kind == "date" else None


def _span(value: Value) -> tuple[str, str]:
    """The first and last day a time value covers, as ISO strings (comparable as text)."""
    if value.kind == "year":
        return f"{value.key}-01-01", f"{value.key}-12-31"
    if len(value.key) == 7:
        return f"{value.key}-01", f"{value.key}-31"
    return value.key, value.key


def before(a: Value, b: Value) -> bool | None:
    """Whether time value ``a`` lies wholly before ``b``; ``None`` when they overlap or are not times."""
    if not (a.is_time and b.is_time):
        return None
    (a_first, a_last), (b_first, b_last) = _span(a), _span(b)
    if a_last < b_first:
        return True
    if b_last < a_first:
        return False
    return None


def less(a: Value, b: Value) -> bool | None:
    """Whether number ``a`` is smaller than ``b``; ``None`` when equal or not numbers."""
    if a.kind != "number" or b.kind != "number" or a.key == b.key:
        return None
    return a.number() < b.number()


_BOUND_WORDS: dict[str, Bound] = {
    "less than": "<", "fewer than": "<", "lower than": "<", "below": "<", "under": "<",
    "more than": ">", "greater than": ">", "higher than": ">", "over": ">", "above": ">", "exceeding": ">",
    "at least": ">=", "no less than": ">=", "not less than": ">=", "no fewer than": ">=", "not fewer than": ">=",
    "at most": "<=", "no more than": "<=", "not more than": "<=", "up to": "<=",
}  # fmt: skip
_BOUND = re.compile(
    r"(?<![\w-])(" + "|".join(sorted((w.replace(" ", r"\s+") for w in _BOUND_WORDS), key=len, reverse=True)) + r")"
    r"\s+(?:(?-i:[A-Z]{1,3})\s?)?[$€£¥]?\s*$",
    re.IGNORECASE,
)


def bound_before(text: str) -> tuple[Bound, int, int] | None:
    """The bound written right before a number, read from ``text`` (everything before the number): its
    relation and where its words start and end ("It costs below US $" → ``("<", 9, 14)``); ``None`` when
    there is none.
    A currency sign and a short currency prefix ("US", "A") may stand between the words and the number."""
    match = _BOUND.search(text)
    if match is None:
        return None
    return _BOUND_WORDS[" ".join(match.group(1).casefold().split())], match.start(1), match.end(1)
