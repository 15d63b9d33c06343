"""The extractive answer over chats: whole messages with speaker and time, the reply to a question;
and the chat-transcript helpers it uses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from graphproof.graph.model import Chunk, Document, Hit
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.reasoning.answer import answer_units, extractive_answer
from graphproof.reasoning.retriever import Retrieval
from graphproof.text.chat import Message, chat_messages, named_speaker, speaker_handles

CHAT = """Time: 20260511_11:00
WolfgangSchulz: Hey! There's a web design seminar at my company this week. Want to join me?
LiHua: Sounds interesting! When is it?
WolfgangSchulz: It's on Thursday at 3 PM. Should be pretty insightful!
LiHua: Great, see you there.
and thanks for the invite
"""
GYM = """Time: 20260111_08:00
LiHua: Do you know a gym near my place? The gym at work is closed.
WolfgangSchulz: There's a nice gym called FitZone not too far from you.
"""
META = {"speakers": "WolfgangSchulz,LiHua", "time": "20260511_11:00"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    s = SQLiteStore(tmp_path / "g.db")
    s.init()
    s.upsert_documents([Document("seminar", "chats/seminar.txt", hash="h1", metadata=META),
                        Document("gym", "chats/gym.txt", hash="h2", metadata=META)])  # fmt: skip
    s.upsert_chunks([Chunk("seminar#0", "seminar", 0, CHAT, "c1", metadata=META),
                     Chunk("gym#0", "gym", 0, GYM, "c2", metadata={**META, "time": "20260111_08:00"})])  # fmt: skip
    yield s
    s.close()


def _chat_store(path: Path, talks: dict[str, str]) -> SQLiteStore:
    """A store holding each of ``talks`` (name → transcript) as one chat document of one chunk."""
    s = SQLiteStore(path)
    s.init()
    s.upsert_documents([Document(k, f"chats/{k}.txt", hash=f"h-{k}", metadata=META) for k in talks])
    s.upsert_chunks([Chunk(f"{k}#0", k, 0, text, f"c-{k}", metadata=META) for k, text in talks.items()])
    return s


def _ask(store: SQLiteStore, question: str, ids: list[str], **kw: object) -> str:
    chunks = [Hit(c, 1.0) for c in store.chunks(ids)]
    return extractive_answer(store, Retrieval("bm25", question, chunks), **kw).text  # type: ignore[arg-type]


def test_chat_messages_follow_handles_and_join_continuation_lines() -> None:
    messages = chat_messages(CHAT, speaker_handles("WolfgangSchulz, LiHua"))
    assert [m.handle for m in messages] == ["WolfgangSchulz", "LiHua", "WolfgangSchulz", "LiHua"]
    assert messages[-1] == Message("LiHua", "Great, see you there.\nand thanks for the invite")
    assert chat_messages("just text\nmore", []) == [Message(None, "just text\nmore")]
    assert speaker_handles(" , ") == []


def test_a_chat_chunk_answers_in_whole_messages_with_time_and_speaker(store: SQLiteStore) -> None:
    units = answer_units(store.chunks(["seminar#0"])[0])
    assert units[2] == "[20260511_11:00] WolfgangSchulz: It's on Thursday at 3 PM. Should be pretty insightful!"
    assert units[3] == "[20260511_11:00] LiHua: Great, see you there. and thanks for the invite"
    plain = Chunk("doc#0", "doc", 0, "One sentence here. Another one there.", "c9")
    assert answer_units(plain) == ["One sentence here.", "Another one there."]


def test_a_question_about_a_date_finds_the_message_of_that_date(store: SQLiteStore) -> None:
    answer = _ask(store, "What did Wolfgang recommend on 20260111?", ["seminar#0", "gym#0"], sentences=1)
    assert answer.startswith("[20260111_08:00] ")


def test_a_message_that_asks_comes_with_its_reply(store: SQLiteStore) -> None:
    answer = _ask(store, "Which gym near Li Hua's place?", ["gym#0"], sentences=1)
    assert "Do you know a gym near my place?" in answer and "FitZone" in answer


def test_in_a_chat_a_word_counts_only_as_written_not_by_its_lemma(tmp_path: Path) -> None:
    talk = (
        "Time: 20260301_09:00\nLiHua: I wrote the weekly report yesterday.\n"
        "WolfgangSchulz: Sam writes reports for us.\n"
    )
    s = _chat_store(tmp_path / "chat.db", {"talk": talk})
    answer = _ask(s, "Who writes reports?", ["talk#0"])
    s.close()
    assert answer.endswith("WolfgangSchulz: Sam writes reports for us.") and "wrote" not in answer


def test_a_reply_carries_on_what_the_messages_before_it_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message scores CONTEXT_WEIGHT of the question terms the messages before it cover: at full weight the
    reply after talk of the bakery event ("I want sourdough ...") wins; at 0 a message of another chat that shares
    more of the question's own words does."""
    other = "Time: 20260301_09:00\nLiHua: I want new pastries for breakfast.\nWolfgangSchulz: Try the market.\n"
    event = (
        "Time: 20260413_21:00\nHaileyJohnson: Our bakery event starts this Saturday!\n"
        "LiHua: Nice. I want sourdough and sweet pastries then.\n"
    )
    s = _chat_store(tmp_path / "chat.db", {"other": other, "event": event})
    question = "Which pastries does Li Hua want at the bakery event?"
    monkeypatch.setattr("graphproof.reasoning.answer.CONTEXT_WEIGHT", 1.0)
    assert _ask(s, question, ["other#0", "event#0"]).endswith("LiHua: Nice. I want sourdough and sweet pastries then.")
    monkeypatch.setattr("graphproof.reasoning.answer.CONTEXT_WEIGHT", 0.0)
    assert _ask(s, question, ["other#0", "event#0"]).endswith("LiHua: I want new pastries for breakfast.")
    s.close()


def test_a_question_for_a_number_prefers_a_message_with_one_not_counting_its_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every message is quoted with its time ("[20260301_09:00] …"); that time is no number the message states. At
    CHAT_KIND_WEIGHT 0.5 the message that gives the hour wins over one that only repeats the question's words."""
    talk = (
        "Time: 20260301_09:00\nLiHua: The yoga class in the park is fun, the yoga class is great.\n"
        "WolfgangSchulz: Yoga starts at 7 tomorrow.\n"
    )
    s = _chat_store(tmp_path / "chat.db", {"talk": talk})
    question = "What time does the yoga class in the park start?"
    monkeypatch.setattr("graphproof.reasoning.answer.CONTEXT_WEIGHT", 0.0)  # the kind weight alone decides
    monkeypatch.setattr("graphproof.reasoning.answer.CHAT_KIND_WEIGHT", 1.0)
    assert "The yoga class in the park is fun" in _ask(s, question, ["talk#0"])
    monkeypatch.setattr("graphproof.reasoning.answer.CHAT_KIND_WEIGHT", 0.5)
    assert _ask(s, question, ["talk#0"]).endswith("WolfgangSchulz: Yoga starts at 7 tomorrow.")
    s.close()


def test_named_speaker_reads_handles_their_words_and_unique_first_names() -> None:
    handles = ["JakeWatson", "LiHua", "ChaeSong-hwa", "JakeMiller", "Thrall"]
    assert named_speaker("What does Li Hua think of it?", handles) == "LiHua"
    assert named_speaker("What is Chae's favourite song?", handles) == "ChaeSong-hwa"
    assert named_speaker("In JakeWatson's opinion, who is best?", handles) == "JakeWatson"
    assert named_speaker("What does jake watson say?", handles) == "JakeWatson"
    assert named_speaker("What does Jake say?", handles) is None  # two participants are called Jake
    assert named_speaker("What does Thrall suggest to LiHua?", handles) == "Thrall"  # the first one named
    assert named_speaker("Who is the best midfielder?", handles) is None
    assert named_speaker("What does Lihuan think?", handles) is None  # whole words only
    # an agent or a source comes before a participant named earlier
    assert named_speaker("What was recommended to Li Hua by Thrall?", handles) == "Thrall"
    assert named_speaker("Why does Li Hua train, according to JakeWatson?", handles) == "JakeWatson"
    # the subject (after an auxiliary) comes before an agent of a modifier ("the party hosted by …")
    assert named_speaker("What does Li Hua bring to the party hosted by Chae?", handles) == "LiHua"
    assert named_speaker("What will Thrall cook for the party hosted by LiHua?", handles) == "Thrall"


BURGER = (
    "Time: 20260301_09:00\n"
    "LiHua: I went to the new burger place downtown and I think the burger there is overrated.\n"
    "WolfgangSchulz: I think it is great, the crispy edges and soft buns win me over.\n"
)


def test_what_a_named_participant_thinks_is_in_their_own_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LiHua's message repeats the question's words; Wolfgang's reply says what he thinks. Scored on their own words
    (no context weight), at SPEAKER_WEIGHT 1 the words win, at 0.25 the participant the question asks about does."""
    s = _chat_store(tmp_path / "chat.db", {"talk": BURGER})
    question = "What does Wolfgang think about the new burger place downtown?"
    monkeypatch.setattr("graphproof.reasoning.answer.CONTEXT_WEIGHT", 0.0)
    monkeypatch.setattr("graphproof.reasoning.answer.SPEAKER_WEIGHT", 1.0)
    assert "LiHua: I went to the new burger place" in _ask(s, question, ["talk#0"])
    monkeypatch.setattr("graphproof.reasoning.answer.SPEAKER_WEIGHT", 0.25)
    assert _ask(s, question, ["talk#0"]).endswith(
        "WolfgangSchulz: I think it is great, the crispy edges and soft buns win me over."
    )
    # A question for a person names someone else than the one it asks for: the weight does not apply.
    asks_who = "Who tells Wolfgang that the new burger place downtown is overrated?"
    assert "LiHua: I went to the new burger place" in _ask(s, asks_who, ["talk#0"])
    s.close()


def _market_store(path: Path) -> SQLiteStore:
    """One chat document: Farrah's message, then LiHua's greeting and Thrall's message, then three more greetings
    of LiHua's (so that "LiHua" is a common word and "market", "busy" are rarer)."""
    meta = {"speakers": "LiHua,Thrall,Farrah", "time": "20260301_09:00"}
    talks = ["Farrah: The market is busy today.", "LiHua: Morning!\nThrall: The market is busy.",
             *["LiHua: Hello there."] * 3]  # fmt: skip
    s = SQLiteStore(path)
    s.init()
    s.upsert_documents([Document("d", "chats/d.txt", hash="h-d", metadata=meta)])
    s.upsert_chunks([Chunk(f"d#{i}", "d", i, text, f"c{i}", metadata=meta) for i, text in enumerate(talks)])
    return s


def _units(store: SQLiteStore, question: str) -> list[str]:
    hits = [Hit(c, 1.0) for c in store.chunks(["d#0", "d#1"])]
    answer = extractive_answer(store, Retrieval("bm25", question, hits), messages=5)
    return [text.removeprefix("[20260301_09:00] ") for _, text in answer.evidence]


def test_a_reply_carries_on_what_earlier_messages_say_not_who_wrote_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a large CONTEXT_WEIGHT, Thrall's message would outscore Farrah's (same words, chunk ranked lower) if the
    "LiHua" handle of the greeting before it counted as a question term it carries on; it does not."""
    s = _market_store(tmp_path / "chat.db")
    monkeypatch.setattr("graphproof.reasoning.answer.CONTEXT_WEIGHT", 5.0)
    assert _units(s, "Who says the market is busy to LiHua?")[:2] == [
        "Farrah: The market is busy today.", "Thrall: The market is busy."
    ]  # fmt: skip
    s.close()


def test_a_message_covers_its_writers_name_in_either_spelling(tmp_path: Path) -> None:
    """LiHua's greeting covers the question's "LiHua" and "Li Hua" alike: the answer does not follow the spelling."""
    s = _market_store(tmp_path / "chat.db")
    as_handle = _units(s, "Who says the market is busy to LiHua?")
    assert as_handle == _units(s, "Who says the market is busy to Li Hua?")
    assert as_handle[-1] == "LiHua: Morning!"
    s.close()


def test_a_handle_is_written_as_itself_its_words_or_its_first_word() -> None:
    from graphproof.text.chat import name_forms

    assert name_forms("JakeWatson") == ["Jake Watson", "JakeWatson", "Jake"]
    assert name_forms("JakeWatson", first_word=False) == ["Jake Watson", "JakeWatson"]
    assert name_forms("Chae") == ["Chae"]
