"""The LLM paths with LangChain's fake chat models: the paper's Table 1 example, retries, failures, the judge."""

from __future__ import annotations

import json
from typing import Any

import pytest
from graphproof.graph.embed import HashingEmbedder
from graphproof.verification.grounding import Passage
from graphproof.verification.grounding_judge import LLMJudge
from graphproof.verification.llm_pipeline import FolPipeline
from langchain_core.language_models.fake_chat_models import FakeListChatModel

# The paper's Table 1: one chunk sentence listing three kinds of remote access, and its three split claims as answer.
CHUNK = "リモートアクセスには、ダイヤルアップ、ブロードバンド、ワイヤレスが含まれる"
CLAIMS = ["リモートアクセスにはダイヤルアップが含まれる", "リモートアクセスにはブロードバンドが含まれる",
          "リモートアクセスにはワイヤレスが含まれる"]  # fmt: skip
ANSWER = "。".join(CLAIMS) + "。"
QUESTION = "リモートアクセスには何が含まれますか"
SPLIT = json.dumps({"sentences": CLAIMS}, ensure_ascii=False)


class RecordingFakeChatModel(FakeListChatModel):
    """LangChain's scripted fake chat model that also keeps the prompts it was sent."""

    prompts: list[str] = []  # noqa: RUF012 - pydantic field, replaced per instance below

    def _call(self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> str:
        self.prompts.append("\n".join(str(m.content) for m in messages))
        return super()._call(messages, stop, run_manager, **kwargs)


def scripted(responses: list[str]) -> RecordingFakeChatModel:
    return RecordingFakeChatModel(responses=responses, prompts=[])


def translation(formulas: list[tuple[str, str]], symbols: tuple[tuple[str, int, str], ...] = ()) -> str:
    return json.dumps({
        "formulas": [{"id": i, "fol": f} for i, f in formulas],
        "symbols": [{"symbol": s, "arity": a, "meaning": m} for s, a, m in symbols],
    })  # fmt: skip


def grouped_script() -> list[str]:
    """Splits, then one translation per group: the grouping puts each chunk claim with its answer twin."""
    return [
        SPLIT,
        SPLIT,
        translation([("s1", "Include(remote_access, dialup)"), ("s4", "Include(remote_access, dialup)")],
                    (("Include", 2, "x includes y"), ("remote_access", 0, "remote access"), ("dialup", 0, "dial-up"))),
        translation([("s2", "Include(remote_access, broadband)"), ("s5", "Include(remote_access, broadband)")],
                    (("broadband", 0, "broadband"),)),
        translation([("s3", "Include(remote_access, wireless)"), ("s6", "Include(remote_access, wireless)")],
                    (("wireless", 0, "wireless"),)),
    ]  # fmt: skip


def test_table1_with_grouping_is_grounded_and_groups_share_one_symbol_table() -> None:
    model = scripted(grouped_script())
    pipeline = FolPipeline(model, HashingEmbedder(), grouping=True, threshold=0.75)
    report = pipeline.check(QUESTION, [Passage("c1", CHUNK)], ANSWER)
    assert report.verdict == "grounded" and report.method == "fol"
    assert [c.status for c in report.claims] == ["proved"] * 3
    assert all(c.premises == ("c1",) for c in report.claims)
    assert report.details["groups"] == 3
    translate_prompts = [p for p in model.prompts if "Symbol table" in p]
    assert "(empty)" in translate_prompts[0]
    assert "- Include/2: x includes y" in translate_prompts[1]  # the second group sees the first group's symbols


def test_table1_without_grouping_mismatched_symbols_make_every_claim_unknown() -> None:
    responses = [
        SPLIT,
        SPLIT,
        translation([("s1", "Include(remote_access, dialup)")]),
        translation([("s2", "Include(remote_access, broadband)")]),
        translation([("s3", "Include(remote_access, wireless)")]),
        translation([("s4", "Includes(remote_access, dialup)")]),  # Include vs Includes
        translation([("s5", "∀x (RemoteAccess(x) → Include(x, broadband))")]),  # a constant became a predicate
        translation([("s6", "Include(remoteaccess, wireless)")]),  # remote_access vs remoteaccess
    ]
    model = scripted(responses)
    report = FolPipeline(model, grouping=False).check(QUESTION, [Passage("c1", CHUNK)], ANSWER)
    assert report.verdict == "hallucinated" and report.method == "fol-no-grouping"
    assert [c.status for c in report.claims] == ["unknown"] * 3
    assert all("(none)" in p for p in model.prompts if "Symbol table" in p)  # no shared table


def test_a_bad_reply_is_retried_once_with_the_problem_fed_back() -> None:
    responses = grouped_script()
    responses.insert(2, translation([("s1", "Include(remote_access, dialup")]))  # unbalanced: s4 missing too
    model = scripted(responses)
    report = FolPipeline(model, HashingEmbedder(), threshold=0.75).check(QUESTION, [Passage("c1", CHUNK)], ANSWER)
    assert report.verdict == "grounded"
    assert any("Your reply could not be used" in p and "missing s4" in p for p in model.prompts)


def test_a_translation_that_fails_twice_is_an_error_for_its_claims_never_a_verdict() -> None:
    responses = [SPLIT, SPLIT, "not json", "still not json", *grouped_script()[3:]]
    report = FolPipeline(scripted(responses), HashingEmbedder(), threshold=0.75).check(
        QUESTION, [Passage("c1", CHUNK)], ANSWER
    )
    assert [c.status for c in report.claims] == ["error", "proved", "proved"]
    assert "not JSON" in report.claims[0].reason and "2 attempts" in report.claims[0].reason
    assert report.verdict == "undecided"
    assert any("left out" in w for w in report.details["warnings"])  # the chunk sentence s1 could not be used


def test_an_answer_that_cannot_be_split_is_one_error_claim() -> None:
    report = FolPipeline(scripted([SPLIT, "[]", "{}"]), grouping=False).check(QUESTION, [Passage("c1", CHUNK)], ANSWER)
    assert report.verdict == "undecided" and [c.status for c in report.claims] == ["error"]
    assert "splitting the answer" in report.claims[0].reason


def test_grouping_needs_an_embedder() -> None:
    with pytest.raises(ValueError, match="embedder"):
        FolPipeline(scripted([]), None, grouping=True)


@pytest.mark.parametrize(
    ("reply", "verdict"),
    [
        ('{"grounded": true, "reason": "stated in c1"}', "grounded"),
        ('```json\n{"grounded": false, "reason": "no"}\n```', "hallucinated"),
    ],
)
def test_llm_judge_baseline(reply: str, verdict: str) -> None:
    report = LLMJudge(scripted([reply])).check(QUESTION, [Passage("c1", CHUNK)], ANSWER)
    assert report.verdict == verdict and report.method == "baseline"


def test_llm_judge_failure_is_undecided_with_the_error() -> None:
    report = LLMJudge(scripted(['{"grounded": "maybe"}', "I think so"])).check(QUESTION, [], ANSWER)
    assert report.verdict == "undecided" and report.claims[0].status == "error"
    assert "JudgeReply" in report.claims[0].reason


def test_a_bare_answer_is_sent_as_the_claim_it_makes_about_the_question() -> None:
    """The LLM path gets the offline method's claim construction: the model splits "X was started first.", not "X"."""
    question = "Which magazine was started first, Arthur's Magazine or First for Women?"
    chunk = "Arthur's Magazine was started in 1844."
    responses = [
        json.dumps({"sentences": [chunk]}),
        json.dumps({"sentences": ["Arthur's Magazine was started first."]}),
        translation([("s1", "StartedIn(arthurs_magazine, y1844)")]),
        translation([("s2", "StartedFirst(arthurs_magazine)")]),
    ]
    model = scripted(responses)
    report = FolPipeline(model, grouping=False).check(question, [Passage("c1", chunk)], "Arthur's Magazine")
    assert "Arthur's Magazine was started first." in model.prompts[1]
    assert [c.status for c in report.claims] == ["unknown"] and report.verdict == "hallucinated"


def test_a_bare_answer_with_no_slot_to_fill_is_unknown_without_asking_the_model() -> None:
    chunk = "Arthur's Magazine was started in 1844."
    model = scripted([json.dumps({"sentences": [chunk]}), translation([("s1", "StartedIn(arthurs_magazine, y1844)")])])
    report = FolPipeline(model, grouping=False).check(
        "Tell me about magazines", [Passage("c1", chunk)], "Arthur's Magazine"
    )
    assert [c.status for c in report.claims] == ["unknown"] and "no slot" in report.claims[0].reason
    assert len(model.prompts) == 2  # the chunk's split and translation; the answer was never sent
