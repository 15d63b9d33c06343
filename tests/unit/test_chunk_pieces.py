"""A chunk's pieces (a chat's messages, a long text's sentence runs) and the piece vectors ingest writes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.graph.model import Chunk
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.ingest import ingest
from graphproof.loaders.pieces import (
    PIECE_CHARS,
    PIECE_CONTEXT,
    PIECE_MESSAGES,
    chat_vector,
    chunk_pieces,
    end_of,
    sentence_runs,
)
from graphproof.loaders.sources import read_sources

CHAT = """Time: 20260105_10:00
AdamSmith: Hi Li Hua! The building maintenance is scheduled for Friday morning.
LiHua: Thanks Adam! I will be at the jazz festival with Wolfgang then.
It starts at 9 and I
bought the tickets yesterday.
AdamSmith: Enjoy the saxophone quartet.
"""


SPEAKERS = {"speakers": "AdamSmith, LiHua"}


def test_a_chat_piece_is_a_message_with_its_writer_read_after_the_messages_before_it() -> None:
    chunk = Chunk("c", "d", 0, CHAT + "LiHua: Thanks!\n", metadata={"speakers": "AdamSmith, LiHua"})
    adam = "AdamSmith: Hi Li Hua! The building maintenance is scheduled for Friday morning."
    li = (
        "LiHua: Thanks Adam! I will be at the jazz festival with Wolfgang then.\nIt starts at 9 and I\n"
        "bought the tickets yesterday."
    )
    enjoy, thanks = "AdamSmith: Enjoy the saxophone quartet.", "LiHua: Thanks!"
    assert chunk_pieces(chunk, messages=1) == [adam, li, enjoy, thanks]
    assert chunk_pieces(chunk, messages=3, context=None) == [
        adam, f"{adam}\n{li}", f"{adam}\n{li}\n{enjoy}", f"{li}\n{enjoy}\n{thanks}"
    ]  # fmt: skip
    # by default a piece reads the last PIECE_CONTEXT characters of the PIECE_MESSAGES - 1 messages before it
    assert (PIECE_MESSAGES, PIECE_CONTEXT) == (3, 120) and len(f"{adam}\n{li}") > 120
    pieces = chunk_pieces(chunk)
    assert pieces[:2] == [adam, f"{adam}\n{li}"]
    assert pieces[2] == f"{li.removeprefix('LiHua: ')}\n{enjoy}", "120 characters of Adam's and Li Hua's messages"
    assert pieces[3] == f"festival with {li.split('festival with ')[1]}\n{enjoy}\n{thanks}", "cut at a word's start"
    for bad in ({"messages": 0}, {"context": 0}, {"context": 2.5}, {"messages": True}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            chunk_pieces(chunk, **bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="messages"):
        chunk_pieces(chunk, messages=0)
    from graphproof.loaders.ingest import IngestOptions

    with pytest.raises(ValueError, match="piece_messages"):
        IngestOptions(piece_messages=0)
    with pytest.raises(ValueError, match="piece_context"):
        IngestOptions(piece_context=-5)


def test_the_end_of_a_text_starts_at_a_word() -> None:
    assert end_of("alpha beta gamma", 10) == "beta gamma", "the cut fell before a word: all of it"
    assert end_of("alpha beta gamma", 8) == "gamma", "the cut fell inside 'beta': its end is dropped"
    assert end_of("alpha beta\ngamma", 7) == "gamma" and end_of("alpha", 3) == ""
    assert end_of("alpha beta", 100) == end_of("alpha beta", None) == "alpha beta"


def test_text_is_cut_into_runs_of_whole_sentences() -> None:
    sentences = [f"Sentence number {i} says something about zlib and its streams." for i in range(20)]
    runs = sentence_runs(" ".join(sentences), 200)
    assert " ".join(runs) == " ".join(sentences), "nothing is dropped or repeated, order kept"
    assert all(len(r) <= 200 for r in runs) and len(runs) == 7  # three 62-char sentences fit in 200
    assert sentence_runs("One very long sentence " * 20, 50) == [("One very long sentence " * 20).strip()]


def test_a_chunk_of_one_piece_has_none() -> None:
    assert chunk_pieces(Chunk("c", "d", 0, "zlib is a compression library. It is thread safe.")) == []
    one = Chunk("c", "d", 0, "Time: 20260105_10:00\nLiHua: hello there", metadata={"speakers": "LiHua"})
    assert chunk_pieces(one) == []
    long = Chunk("c", "d", 0, "Gzip reads files. " * (2 * (PIECE_CHARS // 18)))  # two runs of 18-char sentences
    assert len(chunk_pieces(long)) == 2


def test_ingest_stores_piece_vectors_that_find_a_message_the_whole_chat_blurs(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "20260105_1000.txt").write_text(CHAT, encoding="utf-8")
    store = SQLiteStore(tmp_path / "g.db")
    embedder = HashingEmbedder(256)
    ingest(store, read_sources([root]), RuleExtractor(), embedder)
    [chunk] = store.chunks_of_document((root / "20260105_1000.txt").resolve().as_posix())
    probe = embedder.embed_query("AdamSmith: Hi Li Hua! The building maintenance is scheduled for Friday morning.")
    whole = float(np.dot(probe, embedder.embed([chunk.text])[0]))
    [hit] = store.nearest_chunks(probe, k=1)
    assert whole < 0.7, "the whole chat is far from one of its messages"
    assert hit.score == pytest.approx(1.0, abs=1e-6), "the chunk scores its best piece: the message itself"
    stored = [np.frombuffer(b, dtype=np.float32) for (b,) in
              store.db.execute("SELECT embedding FROM chunk_pieces ORDER BY ordinal")]  # fmt: skip
    assert len(stored) == 3
    assert np.asarray(chunk.embedding) == pytest.approx(chat_vector(np.stack(stored)), abs=1e-6), (
        "a chat's own vector is the mean of its pieces', not an embedding of its first 256 word pieces"
    )
    text = tmp_path / "text"
    text.mkdir()
    (text / "zlib.txt").write_text(" ".join(f"Release {i} of zlib compresses data faster." for i in range(20)))
    ingest(store, read_sources([text]), RuleExtractor(), embedder)
    [prose] = store.chunks_of_document((text / "zlib.txt").resolve().as_posix())
    assert store.db.execute("SELECT count(*) FROM chunk_pieces WHERE chunk_id = ?", (prose.id,)).fetchone()[0] == 2
    assert np.asarray(prose.embedding) == pytest.approx(embedder.embed([prose.text])[0], abs=1e-6), (
        "a text chunk fits one model input and keeps its own embedding"
    )


def test_a_chats_own_vector_is_the_mean_of_its_pieces() -> None:
    rows = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], dtype=np.float32)
    assert chat_vector(rows) == pytest.approx(np.array([1, 1, 0]) / np.sqrt(2))
    with pytest.raises(ValueError, match="piece vectors"):
        chat_vector(np.zeros((0, 3), dtype=np.float32))


def test_pieces_can_be_left_out_from_the_library_and_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from graphproof.loaders.ingest import IngestOptions
    from typer.testing import CliRunner

    import graphproof.cli_ingest
    from graphproof.cli import app

    root = tmp_path / "corpus"
    root.mkdir()
    (root / "20260105_1000.txt").write_text(CHAT, encoding="utf-8")
    store = SQLiteStore(tmp_path / "lib.db")
    ingest(store, read_sources([root]), RuleExtractor(), HashingEmbedder(64), IngestOptions(pieces=False))
    assert store.db.execute("SELECT count(*) FROM chunk_pieces").fetchone()[0] == 0
    assert store.chunks_of_document((root / "20260105_1000.txt").resolve().as_posix())[0].embedding is not None

    monkeypatch.setattr(graphproof.cli_ingest, "make_embedder", lambda settings: HashingEmbedder(64))
    counts: dict[str, int] = {}
    for flag in ("--no-pieces", "--pieces", "--piece-messages=2", "--piece-context=0"):
        db = tmp_path / f"cli{flag}.db"
        result = CliRunner().invoke(app, ["--store", f"sqlite:///{db}", "ingest", flag, "--json", str(root)])
        assert result.exit_code == 0, result.output
        with SQLiteStore(db) as written:
            counts[flag] = written.db.execute("SELECT count(*) FROM chunk_pieces").fetchone()[0]
            if flag == "--piece-messages=2":  # the second piece reads the first message too: another vector
                second = written.db.execute("SELECT embedding FROM chunk_pieces WHERE ordinal = 1").fetchone()[0]
                alone = HashingEmbedder(64).embed([chunk_pieces(Chunk("c", "d", 0, CHAT, metadata=SPEAKERS), 1)[1]])[0]
                assert np.frombuffer(second, dtype=np.float32) @ alone < 0.99
            if flag == "--piece-context=0":  # the third piece reads both messages before it whole
                third = written.db.execute("SELECT embedding FROM chunk_pieces WHERE ordinal = 2").fetchone()[0]
                whole = chunk_pieces(Chunk("c", "d", 0, CHAT, metadata=SPEAKERS), context=None)[2]
                assert np.frombuffer(third, dtype=np.float32) @ HashingEmbedder(64).embed([whole])[0] > 0.999
    assert counts == {"--no-pieces": 0, "--pieces": 3, "--piece-messages=2": 3, "--piece-context=0": 3}
    bad = CliRunner().invoke(app, ["--store", f"sqlite:///{tmp_path}/x.db", "ingest", "--piece-messages=0", str(root)])
    assert bad.exit_code == 2 and "piece-messages" in bad.output


def test_a_chunk_is_a_chat_when_its_metadata_names_speakers() -> None:
    from graphproof.text.chat import is_chat

    assert is_chat({"speakers": "LiHua, AdamSmith"})
    assert not is_chat({"speakers": ""}) and not is_chat({}) and not is_chat({"speakers": None})
