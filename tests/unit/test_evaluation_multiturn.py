"""The multi-turn flow (T1–T7) with scripted agents: stops at a 5, is bounded by n, reports failures apart."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from graphproof.evaluation.errors import EvaluationError
from graphproof.evaluation.judge import Judge
from graphproof.evaluation.multiturn import history_query, run_target, summarise
from langchain_core.language_models.fake_chat_models import FakeListChatModel

TARGETS = [
    ("1", "When is the maintenance?", "Friday"),
    ("2", "Which song did Wolfgang suggest?", "Viva la Vida"),
    ("3", "Where does Li Hua run?", "Central Park"),
    ("4", "Who fixed the sink?", "Adam"),
    ("5", "What is Li Hua's favourite colour?", "blue"),
]
# judge scores per target and turn; "x" is a reply without [RESULT] (asked once more, then a failure)
JUDGE = {"1": [5], "2": [2, 5], "3": [1, 3, 4], "4": ["x", "x"], "5": [0, 0, 0]}


class ScriptedSystem:
    """The system under test: remembers what it was asked and with which history."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[tuple[str, str]] | None]] = []

    def __call__(self, question: str, history: Sequence[tuple[str, str]] | None) -> str:
        self.calls.append((question, None if history is None else list(history)))
        return f"answer to {question}"


def run(mode: str) -> tuple[list, ScriptedSystem]:
    system = ScriptedSystem()
    transcripts = []
    for item_id, question, reference in TARGETS:
        replies = [f"feedback\n[RESULT] {s}" if s != "x" else "no score here" for s in JUDGE[item_id]]
        judge = Judge(FakeListChatModel(responses=replies))
        generator = FakeListChatModel(responses=[f"follow-up {i} on {item_id}?" for i in range(1, 9)])
        composer = FakeListChatModel(responses=[f"composed {i}" for i in range(1, 9)])
        transcripts.append(run_target(item_id, question, reference, system, generator, composer, judge, 3, mode))
    return transcripts, system


@pytest.mark.parametrize("mode", ["qa", "mqa"])
def test_five_targets_three_turns(mode: str) -> None:
    transcripts, system = run(mode)
    assert [t.scores for t in transcripts] == [[5], [2, 5], [1, 3, 4], [], [0, 0, 0]]
    assert [len(t.turns) for t in transcripts] == [1, 2, 3, 1, 3], "bounded by n = 3; a 5 stops at once"
    assert "judge failed" in transcripts[3].failure and "no [RESULT] line" in transcripts[3].failure
    summary = summarise(transcripts, 3)
    # wscore: [5] -> 5; [2, 5] -> (3·2 + 2·5 + 1·5)/6 = 3.5; [1, 3, 4] -> (3 + 6 + 4)/6 = 13/6; [0, 0, 0] -> 0
    assert summary == {"items": 5, "finished": 4, "failures": 1, "wscore": round((5 + 3.5 + 13 / 6 + 0) / 4, 3),
                       "lscore": 2.25, "mscore": 3.5}  # fmt: skip
    first, second = transcripts[1].turns
    assert first.question == "Which song did Wolfgang suggest?" and second.question == "follow-up 1 on 2?"
    follow_ups = [history for question, history in system.calls if question.startswith("follow-up")]
    if mode == "qa":
        assert all(history is None for history in follow_ups), "QA mode asks each question alone"
    else:
        assert follow_ups[0] == [("Which song did Wolfgang suggest?", "answer to Which song did Wolfgang suggest?")]


def test_bad_arguments_and_a_silent_generator() -> None:
    judge = Judge(FakeListChatModel(responses=["ok\n[RESULT] 1"]))
    silent = FakeListChatModel(responses=[" "])
    composer = FakeListChatModel(responses=["composed"])
    transcript = run_target("1", "q", "r", ScriptedSystem(), silent, composer, judge, 3, "qa")
    assert transcript.scores == [1] and transcript.failure == "the question generator replied with nothing"
    with pytest.raises(EvaluationError, match="unknown mode"):
        run_target("1", "q", "r", ScriptedSystem(), silent, composer, judge, 3, "chat")
    with pytest.raises(EvaluationError, match="positive integer"):
        run_target("1", "q", "r", ScriptedSystem(), silent, composer, judge, 0, "qa")


def test_history_query_keeps_the_earlier_questions() -> None:
    assert history_query("Who leads it?", [("What is Project Heron?", "A survey.")]) == (
        "Who leads it? What is Project Heron?"
    )
    assert history_query("Who leads Project Heron?", []) == "Who leads Project Heron?"
