"""Answer evaluation: the paper's multi-turn scores, the non-LLM metrics, and the judge's strict parsing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from graphproof.evaluation.answer_metrics import key_terms, rouge_l, score_answers, token_f1
from graphproof.evaluation.answers import AnswerItem, evaluate_answers, load_answer_items
from graphproof.evaluation.errors import DatasetError, EvaluationError
from graphproof.evaluation.judge import Judge, judge_context, parse_score
from graphproof.evaluation.scores import lscore, mscore, wscore
from graphproof.graph.embed import HashingEmbedder
from langchain_core.language_models.fake_chat_models import FakeListChatModel


def test_wscore_on_the_papers_worked_example() -> None:
    assert wscore([1, 5], 3) == pytest.approx(3.0)  # (3·1 + 2·5 + 1·5) / 6
    assert (lscore([1, 5], 3), mscore([1, 5], 3)) == (2, 5)


def test_wscore_edge_cases() -> None:
    assert wscore([4], 3) == pytest.approx(4.0), "k = 0: the first score holds for every turn"
    assert wscore([1, 2, 3], 3) == pytest.approx((3 * 1 + 2 * 2 + 1 * 3) / 6), "k = n - 1: no carried turns"
    assert wscore([0, 0], 4) == 0.0 and mscore([0, 0]) == 0
    assert wscore([2, 5], 1 + 1) == pytest.approx((2 * 2 + 1 * 5) / 3)
    with pytest.raises(EvaluationError, match="at most n"):
        wscore([1, 2, 3, 4], 3)
    with pytest.raises(EvaluationError, match="between 0 and 5"):
        wscore([6], 3)
    with pytest.raises(EvaluationError, match="empty"):
        lscore([], 3)


def test_token_f1_and_key_terms_by_hand() -> None:
    # answer terms: the, meeting, is, on, friday (5); reference: friday (1); common 1 -> P 1/5, R 1 -> F1 1/3
    assert token_f1("The meeting is on Friday", "Friday") == pytest.approx(1 / 3)
    assert token_f1("nothing alike", "Friday") == 0.0
    assert key_terms("The maintenance is on Friday morning.", "Friday") == 1.0
    assert key_terms("The maintenance is on Monday.", "Friday") == 0.0
    assert key_terms("Adam plays the piano.", "Adam played piano") == 1.0, "stemmed content terms"


def test_a_name_written_as_a_handle_or_as_words_is_the_same_name() -> None:
    """Chats quote speakers by handle ("AdamSmith: …"); references write "Adam Smith" or "LiHua"."""
    assert key_terms("[20260312_12:30] AdamSmith: Join the bake sale!", "Adam Smith") == 1.0
    assert key_terms("Li Hua was amazed by the show.", "LiHua was amazed") == 1.0
    assert key_terms("AdamSmith: Join the bake sale!", "Adam Jones") == 0.0
    assert token_f1("AdamSmith", "Adam Smith") == pytest.approx(1.0)
    assert rouge_l("LiHua agreed", "Li Hua agreed") == pytest.approx(1.0)


def test_rouge_l_is_the_packages_lcs_f_measure() -> None:
    # LCS of "a b c d" and "a c d e" is "a c d" (3): P = 3/4, R = 3/4
    assert rouge_l("a1 b1 c1 d1", "a1 c1 d1 e1") == pytest.approx(0.75)
    assert rouge_l("", "x") == 0.0
    assert rouge_l("東京タワーに行った", "東京タワー") > 0, "CJK text is scored through the analyzer's bigrams"


def test_score_answers_checks_lengths_and_embeds_in_batches() -> None:
    scores = score_answers(["Friday", "Monday"], ["Friday", "Friday"], HashingEmbedder(64))
    assert scores[0].similarity == pytest.approx(1.0) and scores[1].similarity < 1.0
    with pytest.raises(ValueError, match="one each"):
        score_answers(["a"], [], HashingEmbedder(64))


def test_parse_score_is_strict() -> None:
    assert parse_score("Correct and complete.\n[RESULT] 5") == (5, "Correct and complete.")
    with pytest.raises(ValueError, match="no \\[RESULT\\] line"):
        parse_score("I would give it a 4.")
    with pytest.raises(ValueError, match="not the last line"):
        parse_score("[RESULT] 4\nbut on reflection maybe 3")
    with pytest.raises(ValueError, match="outside 0 to 5"):
        parse_score("Feedback.\n[RESULT] 7")


def test_the_judge_retries_once_then_reports_a_failure_never_a_zero() -> None:
    retried = Judge(FakeListChatModel(responses=["Looks fine.", "Fine after all.\n[RESULT] 4"]))
    verdict = retried.judge("When?", "Friday", "On Friday.")
    assert (verdict.score, verdict.attempts, verdict.feedback) == (4, 2, "Fine after all.")
    failing = Judge(FakeListChatModel(responses=["no score", "still no score"]))
    failed = failing.judge("When?", "Friday", "On Friday.")
    assert failed.score is None and failed.attempts == 2 and "no [RESULT] line" in failed.error


def test_context_modes() -> None:
    seen: list[str] = []

    def retrieve(text: str) -> list[str]:
        seen.append(text)
        return ["chunk about Friday"]

    assert judge_context("none", "When?", "Friday", ["rag chunk"], retrieve) == ""
    assert judge_context("rag", "When?", "Friday", ["rag chunk"], retrieve) == "rag chunk"
    assert judge_context("reference", "When?", "Friday", ["rag chunk"], retrieve) == "chunk about Friday"
    assert seen == ["When? Friday"], "E3 retrieves with the question and the reference answer together"
    with pytest.raises(ValueError, match="unknown context mode"):
        judge_context("magic", "q", "r", [], retrieve)


def test_evaluate_given_answers_with_human_scores(tmp_path: Path) -> None:
    rows = [
        {"question": "When is the maintenance?", "reference": "Friday", "answer": "On Friday.", "human_score": 5},
        {"question": "Who plays piano?", "reference": "Adam", "answer": "Wolfgang plays.", "human_score": 1},
        {"question": "Which song?", "reference": "Viva la Vida", "answer": "Viva la Vida, Coldplay", "human_score": 4},
        {"question": "Where?", "reference": "Central Park", "answer": "Somewhere in the city", "human_score": 2},
    ]
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    items = load_answer_items(path)
    replies = [f"ok\n[RESULT] {s}" for s in (5, 1, 4, 2)] + ["garbled"] * 2
    judge = Judge(FakeListChatModel(responses=replies))
    result = evaluate_answers(items, {"given": None}, HashingEmbedder(64), judge, modes=("none",))
    summary = result.summary()["methods"]["given"]  # type: ignore[index]
    assert summary["all"]["n"] == 4 and summary["all"]["key_terms"] == 0.5
    assert summary["judge"]["none"] == {"mean": 3.0, "scored": 4, "failures": 0}
    assert summary["correlation"]["judge_none"]["spearman"] == pytest.approx(1.0)
    assert summary["correlation"]["key_terms"]["n"] == 4


def test_malformed_items_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"question": "q", "reference": "r"}\n{"question": "only"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"bad\.jsonl:2"):
        load_answer_items(path)
    with pytest.raises(DatasetError, match="no 'answer'"):
        evaluate_answers([AnswerItem(question="q", reference="r")], {"given": None}, HashingEmbedder(8))
