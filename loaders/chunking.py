"""Sentence-aware chunking with a target size and overlap counted in tokens.

Tokens: ``estimate_tokens`` counts the shared BM25 analyzer's terms with no stemming and no
stop-word removal (``graph.analyzer.Analyzer(stem=False, stop_words=())``): one per word (a maximal
run of letters and digits) and, for Chinese, Japanese and Korean text, one per character bigram,
i.e. about one per CJK character. Punctuation and emoji count nothing. It is cheap, offline and
the same measure in every language.

Sentences (``sentence_spans``): every line is split on its own (a newline always ends a
sentence, as it does for pysbd). A mostly-CJK line is split after ``。！？!?．`` (and ``. `` for
Korean). Other lines are split by a fast regex at ``.!?…`` followed by a space and a capital letter
(or an opening quote); only a line with a doubtful boundary (an abbreviation such as "Dr." or
"e.g.", an initial, or a lowercase letter or digit after the punctuation) goes to ``pysbd``, which is
about 1 ms a call: too slow to run on every line of a large corpus.

Packing: sentences are added to a chunk while it stays within ``target_tokens``; a sentence longer
than that is cut at word boundaries (a single longer "word", e.g. a long CJK run, at characters).
Each chunk after the first starts with the last sentences of the previous one, up to
``overlap_tokens``. A chunk's text is an exact slice of the document text.

Chats (a document with ``messages``) stay one chunk up to ``chat_max_tokens``. A longer
conversation is split at message boundaries into the fewest chunks of balanced size (a message
longer than the limit alone is cut at sentences, each piece keeping its ``Speaker:`` prefix); each
chunk starts with the ``Time:`` header line so it stays searchable by time, and overlap is whole
messages up to ``overlap_tokens``. Chunk metadata copies the document's; for chats ``speakers`` is
the speakers present in that chunk (first-seen order).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from graphproof.loaders.types import ChunkDraft, SourceDocument

if TYPE_CHECKING:
    import pysbd

_CJK_RANGES = (  # as in graph.analyzer: Hangul Jamo, kana, Hangul, CJK ideographs and extensions
    "\u1100-\u11ff\u3040-\u309f\u30a0-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\U00020000-\U0002ffff"
)
_CJK_CHAR = re.compile(rf"[{_CJK_RANGES}]")
_CJK_RUN = re.compile(rf"[{_CJK_RANGES}]+")
_RUN = re.compile(rf"[{_CJK_RANGES}]+|[^\W_{_CJK_RANGES}]+")
_CJK_END = re.compile(r"[。！？!?．]+[」』）)\]\"”’]*\s*|\.\s+")
_EMOJI = r"[^\w\s\x00-\x7f“‘「『（]+"  # non-ASCII symbols (emoji) that trail a sentence: "Great! 🎉✨"
_LATIN_END = re.compile(rf"[.!?…]+[\"'”’)\]]*(?:\s+{_EMOJI})*(?:\s+|$)")
_LEADING_SYMBOLS = re.compile(rf"{_EMOJI}\s+")
_WORD_BEFORE = re.compile(r"(\S+)$")
_NON_SPACE = re.compile(r"\S+")
_LINE = re.compile(r"[^\n]+")
_OPENERS = "\"'“‘(["
_CLOSERS = "」』）)]\"”’"
_CJK_OPENERS = "「『（(\"“"
_ABBREVIATIONS = frozenset(
    (
        "mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "vs", "etc", "inc", "ltd", "co", "corp", "no", "nos", "fig",
        "figs", "vol", "pp", "ca", "approx", "dept", "est", "govt", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
        "sep", "sept", "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "mt", "ft", "gen", "col",
        "lt", "sgt", "rev", "hon", "op", "cf", "al",
    )
)
CJK_LINE_RATIO = 0.3


class _Unit(NamedTuple):
    start: int
    end: int
    tokens: int


@lru_cache(maxsize=1)
def _segmenter() -> pysbd.Segmenter:
    import pysbd  # imported only when a doubtful boundary needs it

    return pysbd.Segmenter(language="en", clean=False)


def estimate_tokens(text: str) -> int:
    """Words plus CJK character bigrams of ``text`` (see the module docstring).

    Equal to ``len(Analyzer(stem=False, stop_words=()).tokens(text))`` without building the terms:
    a CJK run of n > 1 characters has n - 1 bigrams.
    """
    if not text:
        return 0
    folded = unicodedata.normalize("NFKC", text).casefold()
    runs = len(_RUN.findall(folded))
    if _CJK_CHAR.search(folded) is None:
        return runs
    # each CJK run counted once in ``runs`` adds its bigrams beyond one: n - 2 when n >= 2
    cjk_runs = _CJK_RUN.findall(folded)
    return runs + sum(len(run) - 2 for run in cjk_runs if len(run) > 1)


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def _spans_from_cuts(line: str, cuts: Sequence[int]) -> list[tuple[int, int]]:
    bounds = [0, *cuts, len(line)]
    return [span for a, b in pairwise(bounds) if (span := _trim(line, a, b))]


def _doubtful(line: str, match: re.Match[str]) -> bool:
    after = line[match.end()]
    if not (after.isupper() or after in _OPENERS):
        return True
    if not match.group().startswith("."):
        return False
    before = _WORD_BEFORE.search(line, 0, match.start())
    word = before.group(1).lstrip(_OPENERS) if before else ""
    return len(word) == 1 or "." in word or word.casefold() in _ABBREVIATIONS


def _pysbd_cuts(line: str) -> list[int]:
    cuts: list[int] = []
    pos = 0
    for sentence in _segmenter().segment(line):
        piece = sentence.strip()
        at = line.find(piece, pos) if piece else -1
        if at < 0:  # not found verbatim: leave it inside the previous sentence
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
    cjk = len(_CJK_CHAR.findall(line))
    if cjk and cjk >= CJK_LINE_RATIO * (len(line) - line.count(" ")):
        return _spans_from_cuts(line, [m.end() for m in _CJK_END.finditer(line) if _cjk_cut(line, m)])
    candidates = [m for m in _LATIN_END.finditer(line) if m.end() < len(line)]
    if any(_doubtful(line, m) for m in candidates):
        return _spans_from_cuts(line, _pysbd_cuts(line))
    return _spans_from_cuts(line, [m.end() for m in candidates])


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence of ``text``, in order, without surrounding whitespace."""
    spans: list[tuple[int, int]] = []
    for line in _LINE.finditer(text):
        if line.group().strip():
            spans.extend((line.start() + a, line.start() + b) for a, b in _line_spans(line.group()))
    return spans


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (see ``sentence_spans``)."""
    return [text[a:b] for a, b in sentence_spans(text)]


def _split_long(text: str, start: int, end: int, limit: int) -> list[_Unit]:
    """Cut ``text[start:end]`` at word boundaries into units of at most ``limit`` tokens."""
    units: list[_Unit] = []
    cur_start, cur_end, cur_tokens = -1, -1, 0
    for word in _NON_SPACE.finditer(text, start, end):
        tokens = estimate_tokens(word.group())
        if cur_start >= 0 and (cur_tokens + tokens > limit or tokens > limit):
            units.append(_Unit(cur_start, cur_end, cur_tokens))
            cur_start, cur_tokens = -1, 0
        if tokens > limit:  # one long "word": cut at characters; +1 covers a token cut in two
            step = max(1, limit - 1)
            units.extend(
                _Unit(a, min(a + step, word.end()), min(limit, estimate_tokens(text[a : a + step]) + 1))
                for a in range(word.start(), word.end(), step)
            )
            continue
        if cur_start < 0:
            cur_start = word.start()
        cur_end, cur_tokens = word.end(), cur_tokens + tokens
    if cur_start >= 0:
        units.append(_Unit(cur_start, cur_end, cur_tokens))
    return units


def _units(text: str, limit: int) -> list[_Unit]:
    units: list[_Unit] = []
    for start, end in sentence_spans(text):
        tokens = estimate_tokens(text[start:end])
        units.extend([_Unit(start, end, tokens)] if tokens <= limit else _split_long(text, start, end, limit))
    return units


def _pack(sizes: Sequence[int], limit: int, overlap: int) -> list[tuple[int, int]]:
    """Greedy windows ``[i, j)`` over units of ``sizes`` summing to at most ``limit``.

    A window after the first starts with the previous window's last units (never all of them) up
    to ``overlap`` tokens, as long as the next unit still fits.
    """
    windows: list[tuple[int, int]] = []
    start, total = 0, 0
    for j, size in enumerate(sizes):
        if j > start and total + size > limit:
            windows.append((start, j))
            new_start, carried = j, 0
            while overlap and new_start - 1 > start and carried + sizes[new_start - 1] <= min(overlap, limit - size):
                new_start -= 1
                carried += sizes[new_start]
            start, total = new_start, carried
        total += size
    if sizes:
        windows.append((start, len(sizes)))
    return windows


def _balanced_pack(sizes: Sequence[int], limit: int, overlap: int) -> list[tuple[int, int]]:
    """The fewest windows that greedy packing finds, with sizes as even as greedy allows."""
    fewest = _pack(sizes, limit, overlap)
    wanted = len(fewest)
    budget = max(max(sizes, default=1), math.ceil(sum(sizes) / wanted) if wanted else limit)
    while budget < limit:
        windows = _pack(sizes, budget, overlap)
        if len(windows) <= wanted:
            return windows
        budget = min(limit, max(budget + 1, int(budget * 1.1)))
    return fewest


def _chunk_text(doc: SourceDocument, target: int, overlap: int) -> list[ChunkDraft]:
    units = _units(doc.text, target)
    windows = _pack([unit.tokens for unit in units], target, overlap)
    text = doc.text
    return [
        ChunkDraft(ordinal=i, text=text[units[a].start : units[b - 1].end], metadata=dict(doc.metadata))
        for i, (a, b) in enumerate(windows)
    ]


def _chunk_chat(doc: SourceDocument, limit: int, overlap: int) -> list[ChunkDraft]:
    if estimate_tokens(doc.text) <= limit:
        speakers = ", ".join(dict.fromkeys(message.speaker for message in doc.messages))
        return [ChunkDraft(ordinal=0, text=doc.text, metadata={**doc.metadata, "speakers": speakers})]
    time = doc.metadata.get("time")
    header = f"Time: {time}" if time else doc.text.split("\n", 1)[0]
    room = max(1, limit - estimate_tokens(header))
    lines: list[tuple[str, str, int]] = []  # (speaker, line, tokens)
    for message in doc.messages:
        line = f"{message.speaker}: {message.text}"
        tokens = estimate_tokens(line)
        if tokens <= room:
            lines.append((message.speaker, line, tokens))
            continue
        prefix = f"{message.speaker}: "
        prefix_tokens = estimate_tokens(prefix)
        piece_limit = max(1, room - prefix_tokens)
        units = _units(message.text, piece_limit)
        for a, b in _pack([unit.tokens for unit in units], piece_limit, 0):
            piece = message.text[units[a].start : units[b - 1].end]
            lines.append((message.speaker, prefix + piece, prefix_tokens + sum(u.tokens for u in units[a:b])))
    windows = _balanced_pack([tokens for _, _, tokens in lines], room, overlap)
    chunks = []
    for i, (a, b) in enumerate(windows):
        speakers = ", ".join(dict.fromkeys(speaker for speaker, _, _ in lines[a:b]))
        body = "\n".join(line for _, line, _ in lines[a:b])
        chunks.append(ChunkDraft(ordinal=i, text=f"{header}\n{body}", metadata={**doc.metadata, "speakers": speakers}))
    return chunks


CHAT_MAX_TOKENS = 2048  # keeps 438 of LiHua-World's 442 conversations whole; a conversation is the unit cited


def chunk_document(
    doc: SourceDocument, target_tokens: int = 256, overlap_tokens: int = 32, *, chat_max_tokens: int = CHAT_MAX_TOKENS
) -> list[ChunkDraft]:
    """Cut ``doc`` into chunks of at most ``target_tokens`` (chats: ``chat_max_tokens``), ordinals from 0.

    A document without text gives no chunks. Raises ``ValueError`` for sizes that make no sense.
    """
    if target_tokens < 1 or chat_max_tokens < 1:
        raise ValueError(f"target_tokens and chat_max_tokens must be >= 1, got {target_tokens} and {chat_max_tokens}")
    if not 0 <= overlap_tokens < target_tokens:
        raise ValueError(f"overlap_tokens must be >= 0 and < target_tokens ({target_tokens}), got {overlap_tokens}")
    if not doc.text.strip():
        return []
    if doc.format == "chat" and doc.messages:
        return _chunk_chat(doc, chat_max_tokens, overlap_tokens)
    return _chunk_text(doc, target_tokens, overlap_tokens)
