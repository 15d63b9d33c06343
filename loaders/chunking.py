"""Sentence-aware chunking with a target size and overlap counted in tokens.

Tokens: ``estimate_tokens`` counts the shared BM25 analyzer's terms with no stemming and no
stop-word removal (``graph.analyzer.Analyzer(stem=False, stop_words=())``): one per word (a maximal
run of letters and digits) and, for Chinese, Japanese and Korean text, one per character bigram,
i.e. about one per CJK character. Punctuation and emoji count nothing. It is cheap, offline and
the same measure in every language.

Sentences come from ``graphproof.text.sentences`` (the one splitter every layer uses).

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
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from graphproof.loaders.types import ChunkDraft, SourceDocument
from graphproof.text.documents import document_label as label_of
from graphproof.text.sentences import CJK_CHAR, CJK_RANGES, sentence_spans
from graphproof.text.tables import Table, tables

_CJK_RUN = re.compile(rf"[{CJK_RANGES}]+")
_RUN = re.compile(rf"[{CJK_RANGES}]+|[^\W_{CJK_RANGES}]+")
_NON_SPACE = re.compile(r"\S+")


class _Unit(NamedTuple):
    start: int
    end: int
    tokens: int




def estimate_tokens(text: str) -> int:
    """Words plus CJK character bigrams of ``text`` (see the module docstring).

    Equal to ``len(Analyzer(stem=False, stop_words=()).tokens(text))`` without building the terms:
    a CJK run of n > 1 characters has n - 1 bigrams.
    """
    if not text:
        return 0
    folded = unicodedata.normalize("NFKC", text).casefold()
    runs = len(_RUN.findall(folded))
    if CJK_CHAR.search(folded) is None:
        return runs
    # each CJK run counted once in ``runs`` adds its bigrams beyond one: n - 2 when n >= 2
    cjk_runs = _CJK_RUN.findall(folded)
    return runs + sum(len(run) - 2 for run in cjk_runs if len(run) > 1)


















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


DOCUMENT_KEY = "document"  # chunk metadata: what the document is called (``document_label``)
# what the extractor is told (not stored): the folder that names a README's subject (``document_folder``)
FOLDER_KEY = "folder"
# what the extractor is told (not stored) of a document's first chunk: it opens the document, so a title page there
# names the document's authors (``text.person_names.title_page``)
OPENING_KEY = "opening"
# chunk metadata: the header of the table a chunk starts inside of (its rows there have no header of their own;
# ``loaders.extract.table_facts`` reads them under it)
TABLE_HEADER_KEY = "table_header"
TABLE_HEADER_SEPARATOR = " | "


def document_label(doc: SourceDocument) -> str:
    """What a plain document is called (``text.documents.document_label`` of its path and title).

    Chunks of a plain document carry it as metadata ``document``, so the chunk index holds it (``metadata_words``):
    a question that names the package a README is filed under ("Which GNU packages were merged to form
    coreutils?") finds that README although its text calls it "the GNU core utilities"."""
    return label_of(doc.id, doc.title)


def table_header_at(found: Sequence[Table], start: int) -> str:
    """The header (cells joined by ``TABLE_HEADER_SEPARATOR``) of the table of ``found`` whose rows under the
    header ``start`` falls in, else ``""``: a chunk that starts there holds rows without their header."""
    for table in found:
        if table.header and table.rows and table.rows[0].start <= start < table.end:
            return TABLE_HEADER_SEPARATOR.join(table.header)
    return ""


def table_header_of(metadata: Mapping[str, str]) -> tuple[str, ...]:
    """The cells of the header a chunk's ``metadata`` gives for the table it starts inside of (``TABLE_HEADER_KEY``),
    else ``()``."""
    header = str(metadata.get(TABLE_HEADER_KEY, ""))
    return tuple(cell.strip() for cell in header.split(TABLE_HEADER_SEPARATOR)) if header else ()


def _chunk_text(doc: SourceDocument, target: int, overlap: int) -> list[ChunkDraft]:
    units = _units(doc.text, target)
    windows = _pack([unit.tokens for unit in units], target, overlap)
    text = doc.text
    label = document_label(doc)
    metadata = {**doc.metadata, DOCUMENT_KEY: label} if label and DOCUMENT_KEY not in doc.metadata else doc.metadata
    found = tables(text)
    drafts = []
    for i, (a, b) in enumerate(windows):
        header = table_header_at(found, units[a].start)
        meta = {**metadata, TABLE_HEADER_KEY: header} if header else dict(metadata)
        drafts.append(ChunkDraft(ordinal=i, text=text[units[a].start : units[b - 1].end], metadata=meta))
    return drafts


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
