"""A chunk's pieces: the parts its piece vectors are embedded from (``Chunk.piece_embeddings``).

An embedding model reads a bounded input (all-MiniLM-L6-v2: 256 word pieces, some 1,000 characters of English), so
one vector of a longer chunk sees only its start; and one vector of a whole conversation blurs what each message
says. So a chunk is also embedded in pieces, and ``nearest_chunks`` scores it by its best piece: a chat (a chunk
with ``speakers`` metadata) as one piece per message ("Handle: message"), optionally read with the messages before
it (``messages`` > 1: a reply carries on what was just said, "It's on Thursday at 3 PM" answers "When is the
rehearsal?"); other text as runs of whole sentences of at most ``PIECE_CHARS`` characters (a longer sentence is a
piece of its own). A chunk that is one piece has none: its own vector covers it.

On LiHua-World (a conversation per chunk), ranking chunks by their best message vector instead of the whole
conversation's raised ``naive`` nDCG@10 on the full year from 0.597 to 0.726 (mean of the two folds of ``eval
retrieval --folds 2``), and let the dense list join ``hybrid-rrf`` and raise it in both folds (benchmarks/results/
retrieval.md, sixteenth session).
"""

from __future__ import annotations

from graphproof.graph.model import Chunk
from graphproof.text.chat import chat_messages, speaker_handles
from graphproof.text.sentences import split_sentences

PIECE_CHARS = 500  # a short paragraph: well inside one model input
# Messages a chat piece reads, its own last. On LiHua-World's July-December questions (full-year store, hybrid-rrf
# nDCG@10, default settings) 1 / 2 / 3 / 4 / 5 messages give 0.857 / 0.864 / 0.872 / 0.870 / 0.875, but 3 messages
# double the full year's ingest (83.5 s -> 168.3 s, over the 90 s target of benchmarks/ingest.py): one by default,
# more on request (``IngestOptions.piece_messages``, ``ingest --piece-messages``; benchmarks/results/retrieval.md).
PIECE_MESSAGES = 1


def chunk_pieces(chunk: Chunk, messages: int = PIECE_MESSAGES) -> list[str]:
    """The texts of ``chunk``'s pieces (module docstring), a chat's each of ``messages`` messages (its own and those
    before it); ``[]`` when the chunk is one piece."""
    if isinstance(messages, bool) or not isinstance(messages, int) or messages < 1:
        raise ValueError(f"messages (per chat piece) must be an integer >= 1, got {messages!r}")
    speakers = str(chunk.metadata.get("speakers", ""))
    if speakers:
        found = chat_messages(chunk.text, speaker_handles(speakers))
        said = [f"{m.handle}: {m.body}" if m.handle else m.body for m in found]
        pieces = ["\n".join(said[max(0, i - messages + 1) : i + 1]) for i in range(len(said))]
    else:
        pieces = sentence_runs(chunk.text, PIECE_CHARS)
    return pieces if len(pieces) > 1 else []


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
