"""Sentence splitting, the one splitter every layer uses (chunking, extraction, claims, extractive answers).

A newline ends a sentence unless the line is hard-wrapped (``joins_next``: a line of a README wrapped at
72-80 columns goes on in the next one); such lines are split together. A mostly-CJK
line is split after ``。！？!?．`` (and ``. `` for Korean). Other lines are split by a fast regex at
``.!?…`` followed by whitespace, so "zip 1.9", "file.tar.gz", "a@b.org" and URLs are never cut; only a
line with a doubtful boundary (an abbreviation such as "Dr." or "e.g.", an initial, or a lowercase letter
or digit after the punctuation) goes to ``pysbd`` when it is at most ``PYSBD_MAX_LINE`` characters long
(pysbd costs about 10 ms a kilobyte); on a longer line, a doubtful boundary that a capital follows (an
abbreviation or an initial before it) goes to pysbd with ``PYSBD_WINDOW`` characters on either side, and one
without a capital after it is not cut. A line longer than ``MAX_SEGMENT`` is first cut into segments, so
splitting is linear in the text's length. Offsets are exact: ``text[start:end]`` is the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from graphproof.text.tables import line_break

if TYPE_CHECKING:
    import pysbd

CJK_RANGES = (  # as in graph.analyzer: Hangul Jamo, kana, Hangul, CJK ideographs and extensions
    "\u1100-\u11ff\u3040-\u309f\u30a0-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\U00020000-\U0002ffff"
)


CJK_CHAR = re.compile(rf"[{CJK_RANGES}]")


_CJK_END = re.compile(r"[。！？!?．]+[」』）)\]\"”’]*\s*|\.\s+")


_EMOJI = r"[^\w\s\x00-\x7f“‘「『（]+"  # non-ASCII symbols (emoji) that trail a sentence: "Great! 🎉✨"


_LATIN_END = re.compile(rf"[.!?…]+[\"'”’)\]]*(?:\s+{_EMOJI})*(?:\s+|$)")


_FULLWIDTH_END = re.compile(r"[。！？]+[」』）)\]\"”’]*\s*")
_LEADING_SYMBOLS = re.compile(rf"{_EMOJI}\s+")


_WORD_BEFORE = re.compile(r"(\S+)$")


_LINE = re.compile(r"[^\n]+")


_OPENERS = "\"'“‘([*_"


_CLOSERS = '」』）)]"”’'


_CJK_OPENERS = '「『（("“'


_ABBREVIATIONS = frozenset(
    (
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "st",
        "sr",
        "jr",
        "vs",
        "etc",
        "inc",
        "ltd",
        "co",
        "corp",
        "no",
        "nos",
        "fig",
        "figs",
        "vol",
        "pp",
        "ca",
        "approx",
        "dept",
        "est",
        "govt",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "mt",
        "ft",
        "gen",
        "col",
        "lt",
        "sgt",
        "rev",
        "hon",
        "op",
        "cf",
        "al",
    )
)


CJK_LINE_RATIO = 0.3
MAX_SEGMENT = 2000  # characters: the regexes see at most this much of a line at once
PYSBD_MAX_LINE = 300  # characters: a longer line's doubtful boundaries are decided in windows
PYSBD_WINDOW = 150  # characters on either side of a long line's doubtful boundary that pysbd reads
_SEGMENT_END = re.compile(r"[.!?…。！？]+[\"'”’)\]」』）]*\s+|[。！？]+")


@lru_cache(maxsize=1)
def _segmenter() -> pysbd.Segmenter:
    import pysbd  # imported only when a doubtful boundary needs it

    return pysbd.Segmenter(language="en", clean=False)


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


# a section's number that opens a line ("1.1. How do you pronounce …", "2.3.1. Why …"): no sentence ends in it
_SECTION_LABEL = re.compile(r"[ \t]*(?:\d{1,3}\.){2,5}[ \t]+(?=\S)")


def _spans_from_cuts(line: str, cuts: Sequence[int]) -> list[tuple[int, int]]:
    label = _SECTION_LABEL.match(line)
    if label is not None:
        cuts = [cut for cut in cuts if cut > label.end()]
    bounds = [0, *cuts, len(line)]
    return [span for a, b in pairwise(bounds) if (span := _trim(line, a, b))]


def _capital_after(line: str, match: re.Match[str]) -> bool:
    after = line[match.end()]
    return after.isupper() or after in _OPENERS


def _word_before(line: str, match: re.Match[str]) -> str:
    """The word a sentence end follows ("D.C" of "D.C. A member"), without opening brackets or quotes."""
    before = _WORD_BEFORE.search(line, 0, match.start())
    return before.group(1).lstrip(_OPENERS) if before else ""


def _doubtful(line: str, match: re.Match[str]) -> bool:
    if not _capital_after(line, match):
        return True
    if not match.group().startswith("."):
        return False
    word = _word_before(line, match)
    return len(word) == 1 or "." in word or word.casefold() in _ABBREVIATIONS


# a capitalised initialism ends a sentence when a sentence opener and a lower-case word follow it: "… in Washington,
# D.C. A member of …", "… in the U.S. The company …" (pysbd keeps "D.C." and "A" together)
_INITIALISM = re.compile(r"[A-Z](?:\.[A-Z])+")
_OPENS_SENTENCE = re.compile(r"(?:A|An|The|It|Its|This|These|They|He|She|In|On)[ \t]+[a-z]")


def _initialism_end(line: str, match: re.Match[str]) -> bool:
    return bool(_INITIALISM.fullmatch(_word_before(line, match))) and bool(_OPENS_SENTENCE.match(line, match.end()))


# a lower-case name opens a sentence when a verb follows it: "lsfd is a NEW COMMAND. lsfd is intended to be …",
# "… with simpler code. lsfd uses Libsmartcols …" (pysbd reads a lower-case word after a period as going on)
_LOWER_SUBJECT = re.compile(
    r"[a-z][\w+-]*[ \t]+(?:is|are|was|were|has|have|had|uses|supports|provides|requires|needs|can|cannot|will|does"
    r"|doesn't|isn't|should|must|may|reads|writes|prints|lists|runs|works|comes|ships|allows|lets)\b"
)


def _lower_subject_start(line: str, match: re.Match[str]) -> bool:
    if not match.group().startswith("."):
        return False
    word = _word_before(line, match)
    if len(word) < 2 or not word.isalpha() or word.casefold() in _ABBREVIATIONS:
        return False
    return _LOWER_SUBJECT.match(line, match.end()) is not None


def _pysbd_cuts(line: str) -> list[int]:
    cuts: list[int] = []
    pos = 0
    for sentence in _segmenter().segment(line):
        piece = sentence.strip()
        at = line.find(piece, pos) if piece else -1
        if at < 0:  # not found verbatim: leave it inside the previous sentence
            continue
        if at > 0 and not line[at - 1].isspace():  # pysbd cuts ".pyc" after its dot: "an extension ." | "pyc (resp."
            pos = at + len(piece)
            continue
        if at > 0:
            trailing = _LEADING_SYMBOLS.match(line, at)  # pysbd starts a sentence with the emoji ending the last
            cuts.append(trailing.end() if trailing and trailing.end() < len(line) else at)
        pos = at + len(piece)
    return cuts


def _cjk_cut(line: str, match: re.Match[str]) -> bool:
    """A CJK sentence ends here, unless it is a quotation the sentence goes on after (「はい！」と答えた)."""
    if match.end() >= len(line):
        return False
    quoted = match.group().rstrip()[-1] in _CLOSERS
    return not quoted or match.group()[-1].isspace() or line[match.end()] in _CJK_OPENERS


def _line_spans(line: str) -> list[tuple[int, int]]:
    cjk = len(CJK_CHAR.findall(line))
    if cjk and cjk >= CJK_LINE_RATIO * (len(line) - line.count(" ")):
        return _spans_from_cuts(line, [m.end() for m in _CJK_END.finditer(line) if _cjk_cut(line, m)])
    candidates = [m for m in _LATIN_END.finditer(line) if m.end() < len(line)]
    # a full-width end inside a mostly-Latin line ("He left! 次。終わり") ends a sentence as well
    wide = {m.end() for m in _FULLWIDTH_END.finditer(line) if _cjk_cut(line, m)}
    doubtful = [_doubtful(line, m) for m in candidates]
    wide |= {
        m.end()
        for m, unsure in zip(candidates, doubtful, strict=True)
        if unsure and (_initialism_end(line, m) or _lower_subject_start(line, m))
    }
    if any(doubtful) and len(line) <= PYSBD_MAX_LINE:
        return _spans_from_cuts(line, sorted(wide.union(_pysbd_cuts(line))))
    # a long line: cut where the rule is sure, and at a doubtful end that a capital follows where pysbd cuts it
    # (pysbd costs ~10 ms a kilobyte: it reads a window around each such end, or the line once if they are dense)
    asking = [m for m, unsure in zip(candidates, doubtful, strict=True) if unsure and _capital_after(line, m)]
    sure = {m.end() for m, unsure in zip(candidates, doubtful, strict=True) if not unsure}
    if len(asking) * 2 * PYSBD_WINDOW > len(line):
        cut = set(_pysbd_cuts(line))
        sure |= {m.end() for m in asking if m.end() in cut}
    else:
        sure |= {m.end() for m in asking if _window_cut(line, m)}
    return _spans_from_cuts(line, sorted(wide | sure))


def _window_cut(line: str, match: re.Match[str]) -> bool:
    """Whether pysbd ends a sentence at ``match`` (a doubtful end of a long line) when it reads the
    ``PYSBD_WINDOW`` characters on either side: 'owned by "Time Inc." It was started in 1959' is cut, 'Dr. Who'
    is not."""
    start = max(0, match.start() - PYSBD_WINDOW)
    window = line[start : min(len(line), match.end() + PYSBD_WINDOW)]
    return match.end() - start in _pysbd_cuts(window)


def segments(line: str, limit: int = MAX_SEGMENT) -> list[tuple[int, int]]:
    """``line`` cut into pieces of at most ``limit`` characters, so splitting stays linear in its length.

    A piece ends at the last sentence end (``.!?…``/``。！？`` and whitespace) before the limit, else at the
    last whitespace, else at the limit itself (a single "word" longer than the limit, e.g. a CJK run).
    """
    pieces: list[tuple[int, int]] = []
    start = 0
    while len(line) - start > limit:
        window = line[start : start + limit]
        ends = [m.end() for m in _SEGMENT_END.finditer(window) if m.end() < len(window)]
        cut = ends[-1] if ends else window.rfind(" ") + 1 or len(window)
        pieces.append((start, start + cut))
        start += cut
    pieces.append((start, len(line)))
    return pieces


_CLOSE_TRAIL = "\"'”’)]*_`"
_LINE_END = re.compile(rf"(?:[.!?:…。！？；;{{}}]|[.!?]\s*{_EMOJI})[{re.escape(_CLOSE_TRAIL)}]*\s*$")
# a line that starts an item (a release note's "o" bullet too), a heading, a table, a quote or a rule
_NO_JOIN_NEXT = re.compile(
    r"\s*(?:[-*+•‣◦]\s|o[ \t]+(?=[A-Z])|\d{1,3}[.)](?:\s|$)|[#|>]|[=\-~_*]{3,}\s*$|```|~~~)"
    r"|\s*[A-Z][\w.'’-]*(?:[ \t][\w.'’-]+){0,3}[ \t]*[:：](?:\s|$)"  # "Label: value", "Handle: message", "Q:"
)
_RULE_LINE = re.compile(r"\s*[=\-~_*#]{3,}\s*$")
# a list item's marker: a bullet or a number with "." or ")" (the answer and the rule extractor read it too), or
# the lower-case "o" release notes and old READMEs bullet with before a capital ("o CLI-217: Accommodate …")
LIST_MARKER = r"(?:[-*+•‣◦]|\d{1,3}[.)]|o(?=[ \t]+[A-Z]))"
_MARKER = re.compile(rf"[ \t]*(?:{LIST_MARKER}|[A-Z][\w-]{{0,15}}[:：])?[ \t]*")
SHORT_LINE = 50  # characters: lines filled to 72-80 columns are longer; a shorter one is a heading, a field, code
CODE_INDENT = 4  # columns: a next line indented this much deeper than the text above is a code block
FILL_COLUMN = 72  # columns: the width text is filled to (Emacs' and Vim's default fill for prose is 70-79)
WRAPPED_WORDS = 4  # words: a shorter line wrapped before a long word is still a heading or a field


def _indent(line: str, end: int) -> int:
    return len(line[:end].expandtabs(8))


def _mostly_cjk(line: str) -> bool:
    cjk = len(CJK_CHAR.findall(line))
    return bool(cjk) and cjk >= CJK_LINE_RATIO * (len(line) - line.count(" "))


def _wrapped_early(line: str, following: str) -> bool:
    """Whether a short ``line`` of a few words was wrapped early because the next line's first word would not have
    fitted in ``FILL_COLUMN`` columns ("… generate a single-file version in" / "/etc/ssl/certs/ca-certificates.crt.
    Some …": the path is 35 characters long)."""
    words = following.split()
    return (
        len(line.split()) >= WRAPPED_WORDS
        and any(ch.isalnum() for ch in words[0][:1] + words[0][-2:])  # a word, a path, a URL: no table rule
        and len(line.rstrip().expandtabs(8)) + 1 + len(words[0]) > FILL_COLUMN
    )


def joins_next(line: str, following: str) -> bool:
    """Whether ``line`` is hard-wrapped, its sentence going on in ``following`` (the next line).

    A row of a table (``text.tables``) joins only a next line that goes on with it (its first cell empty: a
    cell wrapped over lines); two rows of one table (``text.tables.aligned``), a rule line, or a row with borders
    and any other line are never joined. Otherwise it is unless ``line`` ends a sentence
    (``.!?:…;``, ``{``/``}``, CJK ends), is shorter than ``SHORT_LINE``
    (a heading, a ``Label: value`` field, a code line) — save a line of ``WRAPPED_WORDS`` words or more that the
    next line's first word would have made longer than ``FILL_COLUMN`` (``_wrapped_early``) — or is a rule
    (``====``); or ``following`` is blank,
    starts a list item, a numbered item, a heading, a table row, a quote, a fence, a rule or a ``Label:`` /
    ``Handle:`` line, or is indented ``CODE_INDENT`` columns deeper than the text of ``line`` (a code block);
    or either line is mostly CJK.
    """
    text = line.strip()
    table = line_break(line, following)
    if table is not None:  # a table cell wrapped over lines of its row joins; a table's rows and rules do not
        return not table
    if not text or not following.strip() or (len(text) < SHORT_LINE and not _wrapped_early(line, following)):
        return False
    if _LINE_END.search(text) or _RULE_LINE.match(line) or _NO_JOIN_NEXT.match(following):
        return False
    if _mostly_cjk(line) or _mostly_cjk(following):
        return False
    content = _indent(line, _MARKER.match(line).end())  # type: ignore[union-attr]
    deeper = _indent(following, len(following) - len(following.lstrip()))
    return deeper < content + CODE_INDENT


# A line that ends in a word no sentence ends with (a preposition, an article, a conjunction) is cut off:
# "Send bug reports, comments, questions, etc. to" / (blank line) / "    Thomas E. Dickey <…>".
_DANGLING = re.compile(r"(?<![\w'’-])(?:to|of|for|with|by|from|at|into|the|an?|and|or)[ \t]*$")


def dangles(line: str, following: str, between: str) -> bool:
    """Whether ``line`` breaks off mid-sentence (``_DANGLING``) and its sentence goes on in ``following``,
    the next non-blank line, at most one blank line (``between``) away, whatever the lengths and indents:
    unless ``following`` starts a list item, a heading, a table row, a quote, a rule or a ``Label:`` line,
    a table says how the lines break (``text.tables.line_break``), or either line is mostly CJK."""
    if between.strip(" \t\n\r") or between.count("\n") > 2 or not _DANGLING.search(line):
        return False
    if _NO_JOIN_NEXT.match(following) or not following.strip() or line_break(line, following) is not None:
        return False
    return not (_mostly_cjk(line) or _mostly_cjk(following))


def _blocks(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of runs of lines that ``joins_next`` joins (a lone line is a run of one); a line that
    ``dangles`` is joined to the next non-blank line too."""
    blocks: list[tuple[int, int]] = []
    lines = list(_LINE.finditer(text))
    start = None
    for i, line in enumerate(lines):
        if start is None:
            start = line.start()
        following = lines[i + 1] if i + 1 < len(lines) else None
        if following is not None and dangles(line.group(), following.group(), text[line.end() : following.start()]):
            continue
        adjacent = following is not None and following.start() == line.end() + 1
        if not (adjacent and joins_next(line.group(), following.group())):  # type: ignore[union-attr]
            blocks.append((start, line.end()))
            start = None
    return blocks


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence of ``text``, in order, without surrounding whitespace.

    A line break ends a sentence unless the line is hard-wrapped (``joins_next``): then the lines are split
    as one (a sentence may hold a line break; ``text[start:end]`` keeps it). A line (or run of joined lines)
    longer than ``MAX_SEGMENT`` characters (a file without line breaks) is first cut into segments (see
    ``segments``), so the cost stays linear in the text's length; a sentence longer than a segment is then
    cut at the segment boundary.
    """
    spans: list[tuple[int, int]] = []
    for first, last in _blocks(text):
        block = text[first:last].replace("\n", " ")  # same length: offsets stay exact
        if not block.strip():
            continue
        for a, b in segments(block):
            offset = first + a
            spans.extend((offset + x, offset + y) for x, y in _line_spans(block[a:b]))
    return spans


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (see ``sentence_spans``)."""
    return [text[a:b] for a, b in sentence_spans(text)]


# A line break inside a paragraph (hard-wrapped text) is not a sentence end; one after a sentence end or a
# colon, or before a list item, a heading, a quote, a numbered item, a "Speaker:" chat line or a blank line is.
_UNDERLINE = re.compile(r"[ \t]*(?:={3,}|-{3,}|~{3,})[ \t]*")  # a Setext heading's underline
_WRAPPED = re.compile(r"(?<![.!?:。！？\n])\n(?!\n|\s*[-*#>]|\s*\d+\.|[\w .]{1,40}:)")


def _rejoined(text: str, match: re.Match[str]) -> str:
    """What a line break ``_WRAPPED`` found becomes: a space, unless a table's row or rule is on either side
    (``text.tables.line_break``: a row stays a line, save a line that goes on with its row)."""
    before = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
    end = text.find("\n", match.end())
    after = text[match.end() : end if end >= 0 else len(text)]
    if _UNDERLINE.fullmatch(before) or _UNDERLINE.fullmatch(after):
        return "\n"  # a heading's underline stays a line: the heading above it, the paragraph below it
    return "\n" if line_break(before, after) else " "


def unwrap(text: str) -> str:
    """``text`` with hard-wrapped paragraph lines joined by a space (``_WRAPPED``), so that a sentence wrapped
    over two lines ("many parts are,\\nand if you follow …") is split as one sentence; a table's rows and rules
    and a heading's underline ("Enable networkd\\n=====\\nnetworkd is …") stay lines of their own (``_rejoined``).
    Offsets are kept."""
    return _WRAPPED.sub(lambda match: _rejoined(text, match), text)


def sentence_pieces(text: str) -> list[tuple[int, str]]:
    """``(offset, sentence)`` for every sentence of ``text`` (see ``sentence_spans``)."""
    return [(a, text[a:b]) for a, b in sentence_spans(text)]
