"""A chunk's pieces: the parts its piece vectors are embedded from (``Chunk.piece_embeddings``).

An embedding model reads a bounded input (all-MiniLM-L6-v2: 256 word pieces, some 1,000 characters of English), so
one vector of a longer chunk sees only its start; and one vector of a whole conversation blurs what each message
says. So a chunk is also embedded in pieces, and ``nearest_chunks`` scores it by its best piece: a chat (a chunk
with ``speakers`` metadata) as one piece per message ("Handle: message") read after the end of what was said just
before it (a reply carries on what was just said: "It's on Thursday at 3 PM" answers "When is the rehearsal?"): the
last ``context`` characters, from a word's start, of the ``messages`` - 1 messages before it; other text as runs
of whole sentences of at most ``PIECE_CHARS`` characters (a longer sentence is a piece of its own). A chunk that is
one piece has none: its own vector covers it.

A chat's own vector is the mean of its pieces' (``chat_vector``), not an embedding of its text: a conversation runs
to 2,048 tokens (``loaders.chunking.CHAT_MAX_TOKENS``), far past the model's input, so a vector of its text covers
its start only, and embedding it took a fifth of the full year's embedding time. Other chunks fit one model input
(the chunker's 256 tokens) and keep their own embedding. Simulated on LiHua-World's July-December questions (full-year
store, default settings, hybrid-rrf nDCG@10), pieces of 1 message / 3 messages / a message after 120 characters:
0.860 / 0.872 / 0.878 with the embedded text, 0.856 / 0.872 / 0.879 with the mean.

On LiHua-World (a conversation per chunk), ranking chunks by their best message vector instead of the whole
conversation's raised ``naive`` nDCG@10 on the full year from 0.597 to 0.726 (mean of the two folds of ``eval
retrieval --folds 2``), and let the dense list join ``hybrid-rrf`` and raise it in both folds (benchmarks/results/
retrieval.md, sixteenth session).
"""

from __future__ import annotations

import re

import numpy as np
from graphproof.graph.embed import l2_normalize
from graphproof.graph.model import Chunk
from graphproof.text.chat import chat_messages, is_chat, speaker_handles
from graphproof.text.sentences import split_sentences
from numpy.typing import NDArray

PIECE_CHARS = 500  # a short paragraph: well inside one model input
# What a chat piece reads before its message, chosen on LiHua-World's July-December questions (full-year store,
# default settings, hybrid-rrf nDCG@10; benchmarks/results/retrieval.md, sixteenth and seventeenth sessions). Whole
# messages, 1 / 2 / 3 / 4 / 5 with the piece's own: 0.857 / 0.864 / 0.872 / 0.870 / 0.875, but 3 read 2.7 times the
# text of 1, and even in bfloat16 the full year's ingest took 87-94 s (benchmarks/ingest.py's target: 90 s). The end
# of the 2 messages before, cut to 60 / 90 / 120 / 240 characters: 0.863 / 0.871 / 0.874 / 0.870 with the pieces
# alone, and with the chat's mean vector (shipped) 90 / 120 / all give 0.871 / 0.879 / 0.872: 120, the best.
PIECE_MESSAGES = 3
PIECE_CONTEXT = 120


def chunk_pieces(chunk: Chunk, messages: int = PIECE_MESSAGES, context: int | None = PIECE_CONTEXT) -> list[str]:
    """The texts of ``chunk``'s pieces (module docstring); ``[]`` when the chunk is one piece.

    A chat's piece is a message read after the last ``context`` characters (``None``: all) of the ``messages`` - 1
    messages before it."""
    check_settings(messages, context)
    if is_chat(chunk.metadata):
        found = chat_messages(chunk.text, speaker_handles(str(chunk.metadata["speakers"])))
        said = [f"{m.handle}: {m.body}" if m.handle else m.body for m in found]
        pieces = []
        for i, message in enumerate(said):
            before = end_of("\n".join(said[max(0, i - messages + 1) : i]), context)
            pieces.append(f"{before}\n{message}" if before else message)
    else:
        pieces = sentence_runs(chunk.text, PIECE_CHARS)
    return pieces if len(pieces) > 1 else []


_ARGUMENT_NAMES = ("messages (per chat piece)", "context (characters a chat piece reads before its message)")


def check_settings(
    messages: object,
    context: object,
    names: tuple[str, str] = _ARGUMENT_NAMES,
) -> None:
    """``ValueError`` naming ``names[0]`` unless ``messages`` is an integer >= 1, or ``names[1]`` unless ``context``
    is ``None`` or an integer >= 1 (what ``chunk_pieces`` takes)."""
    if isinstance(messages, bool) or not isinstance(messages, int) or messages < 1:
        raise ValueError(f"{names[0]} must be an integer >= 1, got {messages!r}")
    if context is not None and (isinstance(context, bool) or not isinstance(context, int) or context < 1):
        raise ValueError(f"{names[1]} must be None or an integer >= 1, got {context!r}")


def chat_vector(piece_vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """A chat's own vector: the mean of its piece vectors (rows), as a unit vector."""
    if piece_vectors.ndim != 2 or not len(piece_vectors):
        raise ValueError(f"chat_vector needs a non-empty matrix of piece vectors, got shape {piece_vectors.shape}")
    return l2_normalize(piece_vectors.mean(axis=0))


def end_of(text: str, limit: int | None) -> str:
    """The last ``limit`` characters of ``text`` (all when ``None``), from the start of a word."""
    if limit is None or len(text) <= limit:
        return text
    tail = text[-limit:]
    if not text[-limit - 1].isspace():  # the cut fell inside a word: drop its end
        space = re.search(r"\s", tail)
        tail = tail[space.start() :] if space else ""
    return tail.strip()


def sentence_runs(text: str, limit: int) -> list[str]:
    """``text``'s sentences joined into runs of at most ``limit`` characters, in order (a longer sentence alone)."""
    runs: list[str] = []
    current = ""
    for sentence in (" ".join(s.split()) for s in split_sentences(text)):
        if not sentence:
            continue
        if current and len(current) + 1 + len(sentence) > limit:
            runs.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}" if current else sentence
    if current:
        runs.append(current)
    return runs
