"""Metrics, data loading, chunks files and the evaluation runner of the grounding check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from graphproof.evaluation.errors import DatasetError
from graphproof.evaluation.hallucination import evaluate_method
from graphproof.evaluation.hallucination_data import GroundingCase, load_cases, load_folio_cases, load_halueval
from graphproof.evaluation.hallucination_metrics import scores
from graphproof.verification.grounding import GroundingReport, Passage
from graphproof.verification.grounding_errors import ChunksFileError, ProverError
from graphproof.verification.lexical import LexicalVerifier
from graphproof.verification.passages import read_passages, retrieved_passages


def test_scores_count_undecided_as_not_flagged_and_report_the_share() -> None:
    gold = [True, True, True, False, False, False]
    flagged = [True, None, False, True, None, False]
    result = scores(gold, flagged)
    c = result.confusion
    assert (c.tp, c.fn, c.fp, c.tn) == (1, 2, 1, 2)
    assert (c.undecided_hallucinated, c.undecided_grounded) == (1, 1)
    assert result.precision == pytest.approx(0.5) and result.recall == pytest.approx(1 / 3)
    assert result.accuracy == pytest.approx(0.5) and result.undecided == pytest.approx(2 / 6)
    assert result.balanced_accuracy == pytest.approx((1 / 3 + 2 / 3) / 2)


def test_answering_one_class_always_has_balanced_accuracy_one_half() -> None:
    assert scores([True, True, False], [True, True, True]).balanced_accuracy == pytest.approx(0.5)
    assert scores([True], [False]).f1 == 0.0


def write_jsonl(path: Path, records: list[object]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def test_halueval_gives_a_right_and_a_hallucinated_case_per_item(tmp_path: Path) -> None:
    item = {"knowledge": "K.", "question": "Q?", "right_answer": "R", "hallucinated_answer": "H"}
    cases = load_halueval(write_jsonl(tmp_path / "qa.jsonl", [item]))
    assert [(c.answer, c.hallucinated) for c in cases] == [("R", False), ("H", True)]
    assert cases[0].passages == (Passage("knowledge-1", "K."),)


def test_folio_premises_are_the_chunks_and_only_true_is_grounded(tmp_path: Path) -> None:
    base = {"premises": ["A.", "B."], "premises-FOL": ["A", "B"], "conclusion": "C.", "conclusion-FOL": "C"}
    path = write_jsonl(tmp_path / "folio.jsonl", [{**base, "label": "True"}, {**base, "label": "Uncertain"}])
    cases = load_folio_cases(path)
    assert [c.hallucinated for c in cases] == [False, True]
    assert [p.id for p in cases[0].passages] == ["p1", "p2"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json\n", "bad.jsonl:1: not JSON"), ('{"question": "Q"}\n', "expected a HaluEvalItem"), ("", "no HaluEval")],
)
def test_malformed_data_names_the_file_and_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DatasetError, match=message):
        load_cases(path, "halueval")


def test_chunks_files_jsonl_and_paragraphs(tmp_path: Path) -> None:
    jsonl = write_jsonl(tmp_path / "c.jsonl", [{"id": "a", "text": "One."}, {"id": "b", "text": "Two."}])
    assert read_passages(jsonl) == [Passage("a", "One."), Passage("b", "Two.")]
    text = tmp_path / "c.txt"
    text.write_text("First paragraph.\nStill first.\n\n\nSecond.\n", encoding="utf-8")
    assert read_passages(text) == [Passage("c1", "First paragraph.\nStill first."), Passage("c2", "Second.")]
    duplicate = write_jsonl(tmp_path / "d.jsonl", [{"id": "a", "text": "x"}, {"id": "a", "text": "y"}])
    with pytest.raises(ChunksFileError, match="used twice"):
        read_passages(duplicate)
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    with pytest.raises(ChunksFileError, match="no chunks"):
        read_passages(empty)


def test_retrieved_passages_keep_store_ids() -> None:
    from graphproof.graph.model import Chunk

    chunks = [Chunk("doc1#0", "doc1", 0, "Text one."), Chunk("doc1#1", "doc1", 1, "Text two.")]
    assert retrieved_passages("q", 2, lambda q, k: chunks[:k]) == [Passage("doc1#0", "Text one."),
                                                                  Passage("doc1#1", "Text two.")]  # fmt: skip


def test_evaluation_reports_failure_kinds_with_examples() -> None:
    passages = (Passage("k", "Arthur's Magazine was started in 1844."),)
    cases = [
        GroundingCase("right", "Which magazine?", passages, "Arthur's Magazine", False),
        GroundingCase("invented", "Which magazine?", passages, "Hot Rod", True),
        GroundingCase("missed", "Which magazine was started?", passages, "Arthur's Magazine was started.", True),
    ]
    result = evaluate_method(LexicalVerifier(), cases, "tiny")
    assert (result.scores.confusion.tp, result.scores.confusion.fn) == (1, 1)
    assert list(result.failure_kinds) == ["missed: every claim proved or passed"]
    assert result.as_dict()["failure_kinds"]["missed: every claim proved or passed"]["examples"][0]["id"] == "missed"


class _Broken:
    name = "broken"

    def check(self, question: str, passages: object, answer: str) -> GroundingReport:
        raise ProverError("boom")


def test_a_method_error_makes_the_case_undecided_with_the_error() -> None:
    case = GroundingCase("x", "q", (Passage("k", "t"),), "a", True)
    result = evaluate_method(_Broken(), [case])  # type: ignore[arg-type]
    assert result.scores.undecided == 1.0
    assert result.outcomes[0].error == "ProverError: boom"
    assert "undecided (error)" in result.failure_kinds


def test_lexical_on_halueval_reproduces_the_shortcut(shared_data: Path) -> None:
    result = evaluate_method(LexicalVerifier(), load_halueval(shared_data / "halueval" / "qa_dev.jsonl"))
    assert result.scores.precision == pytest.approx(1.0)
    assert result.scores.recall == pytest.approx(0.81, abs=0.01)


def test_answers_are_counted_by_label_and_three_valued_status() -> None:
    from graphproof.graph.embed import HashingEmbedder
    from graphproof.verification.offline import OfflineVerifier

    passages = (Passage("k", "Alice Brown does not own a car. Alice Brown was born in 1950."),)
    cases = [
        GroundingCase("proved", "When was Alice Brown born?", passages, "Alice Brown was born in 1950.", False),
        GroundingCase("refuted", "Does Alice own a car?", passages, "Alice Brown owns a car.", True),
        GroundingCase("unknown", "Where does Alice live?", passages, "Alice Brown lives in Paris.", True),
        GroundingCase("changed", "When was Alice Brown born?", passages, "Alice Brown was born in 1951.", True),
    ]
    result = evaluate_method(OfflineVerifier(HashingEmbedder()), cases, "tiny")
    assert [o.status for o in result.outcomes] == ["proved", "refuted", "unknown", "refuted"]
    assert result.status_confusion() == {
        "hallucinated": {"proved": 0, "refuted": 2, "unknown": 1, "undecided": 0},
        "grounded": {"proved": 1, "refuted": 0, "unknown": 0, "undecided": 0},
    }
    assert result.as_dict()["statuses"] == result.status_confusion()
