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
from graphproof.loaders.pieces import PIECE_CHARS, PIECE_MESSAGES, chunk_pieces, sentence_runs
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
    assert PIECE_MESSAGES == 1 and chunk_pieces(chunk) == [adam, li, enjoy, thanks]
    assert chunk_pieces(chunk, messages=3) == [
        adam, f"{adam}\n{li}", f"{adam}\n{li}\n{enjoy}", f"{li}\n{enjoy}\n{thanks}"
    ]  # fmt: skip
    with pytest.raises(ValueError, match="messages"):
        chunk_pieces(chunk, messages=0)
    from graphproof.loaders.ingest import IngestOptions

    with pytest.raises(ValueError, match="piece_messages"):
        IngestOptions(piece_messages=0)


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
    whole = float(np.dot(probe, np.asarray(chunk.embedding)))
    [hit] = store.nearest_chunks(probe, k=1)
    assert whole < 0.7, "the whole chat is far from one of its messages"
    assert hit.score == pytest.approx(1.0, abs=1e-6), "the chunk scores its best piece: the message itself"
    pieces = store.db.execute("SELECT count(*) FROM chunk_pieces").fetchone()[0]
    assert pieces == 3


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
    for flag in ("--no-pieces", "--pieces", "--piece-messages=2"):
        db = tmp_path / f"cli{flag}.db"
        result = CliRunner().invoke(app, ["--store", f"sqlite:///{db}", "ingest", flag, "--json", str(root)])
        assert result.exit_code == 0, result.output
        with SQLiteStore(db) as written:
            counts[flag] = written.db.execute("SELECT count(*) FROM chunk_pieces").fetchone()[0]
            if flag == "--piece-messages=2":  # the second piece reads the first message too: another vector
                second = written.db.execute("SELECT embedding FROM chunk_pieces WHERE ordinal = 1").fetchone()[0]
                alone = HashingEmbedder(64).embed([chunk_pieces(Chunk("c", "d", 0, CHAT, metadata=SPEAKERS))[1]])[0]
                assert np.frombuffer(second, dtype=np.float32) @ alone < 0.99
    assert counts == {"--no-pieces": 0, "--pieces": 3, "--piece-messages=2": 3}
    bad = CliRunner().invoke(app, ["--store", f"sqlite:///{tmp_path}/x.db", "ingest", "--piece-messages=0", str(root)])
    assert bad.exit_code == 2 and "piece-messages" in bad.output
