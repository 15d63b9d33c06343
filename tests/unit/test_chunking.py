"""Chunking: token estimate, sentence splitting, packing with overlap, chats, and the real LiHua-World zip."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from graphproof.graph.analyzer import Analyzer
from graphproof.loaders.chunking import CHAT_MAX_TOKENS, chunk_document, estimate_tokens
from graphproof.loaders.sources import parse_chat, read_sources
from graphproof.loaders.types import ChatMessage, SourceDocument
from graphproof.text.sentences import split_sentences
from hypothesis import given, settings
from hypothesis import strategies as st

LIHUA_ZIP = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "lihua-world" / "LiHuaWorld.zip"


def text_doc(text: str, **metadata: str) -> SourceDocument:
    return SourceDocument(id="d", source="d.txt", title="d", text=text, format="text", metadata=metadata)


def chat_doc(messages: list[tuple[str, str]], time: str = "20260924_20:00") -> SourceDocument:
    body = "\n".join(f"{speaker}: {message}" for speaker, message in messages)
    return parse_chat(f"Time: {time}\n{body}\n", id="c.txt", source="c.txt")


# --- token estimate and sentences --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Hello, world! It's 2026 and the_bakery opens at 7:30.",
        "東京タワーに行きました。とても楽しかった！",
        "서울에 갔어요. 정말 좋았어요!",
        "mixed 日本語 text ＡＢＣ １２３ 李 🎉🎉",
        "",
    ],
)
def test_estimate_tokens_counts_the_shared_analyzers_terms_without_stemming_or_stop_words(text: str) -> None:
    assert estimate_tokens(text) == len(Analyzer(stem=False, stop_words=()).tokens(text))


def test_estimate_tokens_examples() -> None:
    assert estimate_tokens("The bread is ready! 🥖") == 4  # stop words count, emoji and punctuation do not
    assert estimate_tokens("パン屋") == 2  # character bigrams: パン, ン屋


def test_english_sentences_respect_abbreviations_and_trailing_emoji() -> None:
    text = "Dr. Smith met Mr. Li at 5 p.m. on Main St. yesterday. It went well! 🎉✨ See you, e.g. next week?"
    assert split_sentences(text) == [
        "Dr. Smith met Mr. Li at 5 p.m. on Main St. yesterday.",
        "It went well! 🎉✨",
        "See you, e.g. next week?",
    ]


def test_plain_sentences_split_fast_and_newlines_end_sentences() -> None:
    text = "Li Hua bakes bread. Adam buys it!\n\n  Jennifer trains “every day.” She runs 5 km\nthen rests."
    assert split_sentences(text) == [
        "Li Hua bakes bread.",
        "Adam buys it!",
        "Jennifer trains “every day.”",
        "She runs 5 km",
        "then rests.",
    ]


def test_cjk_sentences_split_on_fullwidth_punctuation() -> None:
    assert split_sentences("李華はパン屋に行きました。とても美味しかった！また行きたい？「はい！」と答えた") == [
        "李華はパン屋に行きました。",
        "とても美味しかった！",
        "また行きたい？",
        "「はい！」と答えた",
    ]
    assert split_sentences("我去了面包店。很好吃!明天再去") == ["我去了面包店。", "很好吃!", "明天再去"]


# --- packing -----------------------------------------------------------------------------------------


def numbered_sentences(count: int, words: int = 9) -> str:
    return " ".join(f"Sentence {i} " + "word " * (words - 3) + "end." for i in range(count))


def test_chunks_stay_within_target_and_are_slices_of_the_text() -> None:
    doc = text_doc(numbered_sentences(40), lang="en")
    chunks = chunk_document(doc, target_tokens=50, overlap_tokens=20)
    assert len(chunks) > 1
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert estimate_tokens(chunk.text) <= 50
        assert chunk.text in doc.text
        assert chunk.text.startswith("Sentence ") and chunk.text.endswith("end.")  # whole sentences
        assert dict(chunk.metadata) == {"lang": "en", "document": doc.title}  # the document's own, and its name
    assert chunks[0].text.startswith("Sentence 0 ") and chunks[-1].text.endswith("Sentence 39 " + "word " * 6 + "end.")


def test_overlap_repeats_the_last_sentences_of_the_previous_chunk() -> None:
    doc = text_doc(numbered_sentences(30))  # 9 tokens a sentence
    chunks = chunk_document(doc, target_tokens=45, overlap_tokens=20)
    for previous, current in pairwise(chunks):
        previous_sentences = split_sentences(previous.text)
        current_sentences = split_sentences(current.text)
        assert current_sentences[:2] == previous_sentences[-2:]  # 2 sentences = 18 tokens <= 20
    no_overlap = chunk_document(doc, target_tokens=45, overlap_tokens=0)
    assert " ".join(c.text for c in no_overlap) == doc.text
    assert len(no_overlap) == 6


def test_a_sentence_longer_than_the_target_is_cut_at_word_boundaries() -> None:
    words = [f"w{i}" for i in range(100)]
    chunks = chunk_document(text_doc(" ".join(words)), target_tokens=30, overlap_tokens=0)
    assert [len(c.text.split()) for c in chunks] == [30, 30, 30, 10]
    assert " ".join(c.text for c in chunks).split() == words


def test_a_long_cjk_run_without_punctuation_is_cut_at_characters() -> None:
    text = "李華" * 100  # one 200-character run: 199 bigrams
    chunks = chunk_document(text_doc(text), target_tokens=50, overlap_tokens=5)
    assert "".join(c.text for c in chunks) == text
    assert all(estimate_tokens(c.text) <= 50 for c in chunks)


def test_japanese_text_is_chunked_at_sentences() -> None:
    sentence = "李華はパン屋でロズマリーのフォカッチャを買いました。"
    doc = text_doc(sentence * 12)
    chunks = chunk_document(doc, target_tokens=60, overlap_tokens=0)
    assert all(c.text.endswith("。") and estimate_tokens(c.text) <= 60 for c in chunks)
    assert "".join(c.text for c in chunks) == doc.text


def test_empty_document_and_bad_arguments() -> None:
    assert chunk_document(text_doc("  \n ")) == []
    with pytest.raises(ValueError, match="overlap_tokens must be >= 0 and < target_tokens"):
        chunk_document(text_doc("x"), target_tokens=10, overlap_tokens=10)
    with pytest.raises(ValueError, match="target_tokens and chat_max_tokens must be >= 1"):
        chunk_document(text_doc("x"), target_tokens=0)


WORDS = st.sampled_from(["Li", "Hua", "bakes", "bread", "e.g.", "Dr.", "东京", "パン屋", "3.5", "ok", "a"])
PUNCT = st.sampled_from([" ", " ", " ", ". ", "! ", "? ", "\n", "。", ", "])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(WORDS, PUNCT), max_size=300), st.integers(3, 40), st.integers(0, 10))
def test_any_text_chunks_within_target_without_losing_words(
    parts: list[tuple[str, str]], target: int, overlap: int
) -> None:
    text = "".join(word + sep for word, sep in parts)
    overlap = min(overlap, target - 1)
    chunks = chunk_document(text_doc(text), target_tokens=target, overlap_tokens=overlap)
    assert all(estimate_tokens(c.text) <= target for c in chunks)
    assert all(c.text in text for c in chunks)
    covered = "".join(c.text for c in chunk_document(text_doc(text), target_tokens=target, overlap_tokens=0))
    assert "".join(text.split()) == "".join(covered.split())


# --- chats -------------------------------------------------------------------------------------------


def test_a_short_chat_is_one_chunk_equal_to_the_document() -> None:
    doc = chat_doc([("JenniferMoore", "Ready for the bench press? 💪"), ("LiHua", "Yes! Let's do it at 7:30.")])
    [chunk] = chunk_document(doc, target_tokens=5, overlap_tokens=0)  # the chat limit applies, not the text target
    assert chunk.text == doc.text
    assert dict(chunk.metadata) == {"time": "20260924_20:00", "speakers": "JenniferMoore, LiHua", "date": "2026-09-24"}


def test_a_long_chat_is_split_at_message_boundaries_and_keeps_the_header() -> None:
    speakers = ["LiHua", "AdamSmith", "LiHua", "JenniferMoore"] * 6
    messages = [(s, f"message {i} " + "about the garden " * 8) for i, s in enumerate(speakers)]
    doc = chat_doc(messages)
    chunks = chunk_document(doc, overlap_tokens=0, chat_max_tokens=200)
    assert len(chunks) == 4  # 24 messages of 28 tokens, at most 7 in a 200-token chunk
    seen = []
    for chunk in chunks:
        header, *lines = chunk.text.split("\n")
        assert header == "Time: 20260924_20:00"
        assert estimate_tokens(chunk.text) <= 200
        assert all(any(line == f"{s}: {m}".rstrip() for s, m in messages) for line in lines)  # whole messages
        chunk_speakers = list(dict.fromkeys(line.split(":")[0] for line in lines))
        assert chunk.metadata["speakers"] == ", ".join(chunk_speakers)
        assert chunk.metadata["time"] == "20260924_20:00"
        seen.extend(lines)
    assert seen == [f"{s}: {m}".rstrip() for s, m in messages]
    sizes = [len(c.text.split("\n")) - 1 for c in chunks]
    assert max(sizes) - min(sizes) <= 1  # balanced, not 7/7/7/3


def test_chat_overlap_is_whole_messages() -> None:
    messages = [("LiHua" if i % 2 else "Adam", f"note {i} short") for i in range(40)]
    chunks = chunk_document(chat_doc(messages), overlap_tokens=8, chat_max_tokens=60)
    for previous, current in pairwise(chunks):
        assert current.text.split("\n")[1] == previous.text.split("\n")[-2]  # 2 messages of 4 tokens carried
        assert current.text.split("\n")[2] == previous.text.split("\n")[-1]


def test_one_message_longer_than_the_chat_limit_is_cut_with_its_speaker_prefix() -> None:
    long_message = " ".join(f"Sentence number {i} is here." for i in range(60))  # 300 tokens
    doc = SourceDocument(
        id="c",
        source="c",
        title="c",
        text=f"Time: 20260101_09:00\nAdam: hi\nLiHua: {long_message}",
        format="chat",
        metadata={"time": "20260101_09:00", "speakers": "Adam, LiHua", "date": "2026-01-01"},
        messages=(ChatMessage("Adam", "hi"), ChatMessage("LiHua", long_message)),
    )
    chunks = chunk_document(doc, overlap_tokens=0, chat_max_tokens=100)
    assert all(c.text.startswith("Time: 20260101_09:00\n") and estimate_tokens(c.text) <= 100 for c in chunks)
    pieces = [line for c in chunks for line in c.text.split("\n")[1:]]
    assert pieces[0] == "Adam: hi"
    assert all(p.startswith("LiHua: Sentence number ") and p.endswith("is here.") for p in pieces[1:])
    assert " ".join(p.removeprefix("LiHua: ") for p in pieces[1:]) == long_message
    assert chunks[-1].metadata["speakers"] == "LiHua"


# --- the real LiHua-World data -----------------------------------------------------------------------


def test_lihua_world_zip_reads_442_conversations_and_chats_stay_whole() -> None:
    if not LIHUA_ZIP.is_file():
        pytest.skip(f"LiHua-World data not found at {LIHUA_ZIP} (expected ../shared/data/lihua-world/LiHuaWorld.zip)")
    read = list(read_sources([LIHUA_ZIP]))
    items = [item for item in read if isinstance(item, SourceDocument)]
    assert [item for item in read if not isinstance(item, SourceDocument)] == []
    assert len(items) == 442
    assert len({doc.id for doc in items}) == 442
    prefix = f"{LIHUA_ZIP.resolve().as_posix()}/LiHua-World/"
    assert all(doc.id.startswith(prefix) and doc.format == "chat" for doc in items)
    by_id = {doc.id.removeprefix(prefix): doc for doc in items}
    assert dict(by_id["week38/20260924_2000.txt"].metadata) == {
        "time": "20260924_20:00",
        "speakers": "JenniferMoore, LiHua",
        "date": "2026-09-24",
    }
    for doc in items:
        assert doc.text.startswith(f"Time: {doc.metadata['time']}\n")
        assert doc.metadata["date"][:4] == "2026" and doc.messages
        assert set(doc.metadata["speakers"].split(", ")) == {m.speaker for m in doc.messages}
    assert sum(len(doc.messages) for doc in items) > 5800

    chunked = [chunk_document(doc) for doc in items]
    whole = sum(len(chunks) == 1 for chunks in chunked)
    assert whole >= 435  # 438 at the default limit: the four conversations over 2048 tokens are split
    for doc, chunks in zip(items, chunked, strict=True):
        assert all(c.text.startswith(f"Time: {doc.metadata['time']}\n") for c in chunks)
        assert all(estimate_tokens(c.text) <= CHAT_MAX_TOKENS for c in chunks)


def test_a_plain_documents_chunks_carry_what_it_is_called() -> None:
    from graphproof.loaders.chunking import DOCUMENT_KEY, document_label

    readme = SourceDocument("docs/coreutils/README.gz", "docs/coreutils/README.gz", "README", "Some tools.", "text")
    assert document_label(readme) == "README coreutils"  # a generic file name: the folder names the subject
    page = SourceDocument("libffi8/html/index.html", "libffi8/html/index.html", "Intro to libffi", "Text.", "html")
    assert document_label(page) == "Intro to libffi libffi8"  # "html" names nothing; the folder above does
    named = SourceDocument("notes/zstd.md", "notes/zstd.md", "Zstandard", "Text.", "markdown")
    assert document_label(named) == "Zstandard"
    chunks = chunk_document(readme)
    assert chunks and all(c.metadata[DOCUMENT_KEY] == "README coreutils" for c in chunks)
    assert "coreutil" in Analyzer().chunk_text(chunks[0].text, chunks[0].metadata).split()
    from graphproof.text.documents import document_folder

    assert document_folder("docs/coreutils/README.gz") == "coreutils"
    assert document_folder("libffi8/html/index.html") == "libffi8"
    assert document_folder("notes/zstd.md") == ""  # the file name names the subject itself
    assert document_folder("README") == ""
    assert document_folder("lsof/00FAQ.gz") == "lsof"  # digits that only sort a generic name first name nothing
    assert document_folder("nettle-dev/descore.README.gz") == ""  # "descore" names the subject
    given_label = SourceDocument("a/README", "a/README", "", "Text.", "text", {DOCUMENT_KEY: "kept"})
    assert chunk_document(given_label)[0].metadata[DOCUMENT_KEY] == "kept"  # metadata the source gave wins


def test_chat_chunks_carry_no_document_label() -> None:
    chat = parse_chat("Time: 20260105_10:00\nAdam: Hi Bob.\nBob: Hello.", id="chats/README.txt", source="x")
    assert all("document" not in c.metadata for c in chunk_document(chat))
