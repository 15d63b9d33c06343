"""The LLM extractor against LangChain's fake chat models: good, fenced, malformed, retried, structured."""

from __future__ import annotations

import json
from typing import Any

import pytest
from graphproof.loaders.extract import ExtractorError, make_extractor
from graphproof.loaders.extract.llm import (
    Example,
    LLMExtractor,
    TripleList,
    default_examples,
    default_prompt,
    parse_reply,
)
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableLambda
from pydantic import Field

TRIPLES = [
    {
        "head": "Adam Smith",
        "head_type": "person",
        "relation": "informed",
        "tail": "Li Hua",
        "tail_type": "person",
        "keywords": "building maintenance, schedule",
        "description": "Adam Smith told Li Hua about maintenance work in the building.",
    },
    {
        "head": "maintenance work",
        "head_type": "event",
        "relation": "scheduled_on",
        "tail": "next Monday",
        "tail_type": "date",
        "keywords": ["maintenance", "schedule"],
        "description": "The maintenance is planned for next Monday.",
    },
]
GOOD = json.dumps(TRIPLES)
CHAT = "AdamSmith: Hi Li Hua! Maintenance work in the building next Monday."
META = {"speakers": "AdamSmith,LiHua", "time": "20260121_10:00"}


class RecordingModel(FakeListChatModel):
    """A fake that also records the messages of every call."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)

    def _call(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> str:
        self.seen.append(list(messages))
        return super()._call(messages, *args, **kwargs)


def test_good_reply_gives_typed_relations_and_entities() -> None:
    extractor = LLMExtractor(FakeListChatModel(responses=[GOOD]))
    [ex] = extractor.extract([CHAT], [META])
    assert ex.error is None
    first, second = ex.relations
    assert (first.head, first.relation, first.tail) == ("Adam Smith", "informed", "Li Hua")
    assert (first.head_type, first.tail_type) == ("person", "person")
    assert first.keywords == "building maintenance, schedule"
    assert second.keywords == "maintenance, schedule"  # a list of keywords is joined
    assert [(e.name, e.type) for e in ex.entities] == [
        ("Adam Smith", "person"),
        ("Li Hua", "person"),
        ("maintenance work", "event"),
        ("next Monday", "date"),
    ]


def test_generic_fake_model_and_fenced_block() -> None:
    model = GenericFakeChatModel(messages=iter([AIMessage(f"```json\n{GOOD}\n```")]))
    [ex] = LLMExtractor(model).extract([CHAT], [META])
    assert ex.error is None and len(ex.relations) == 2


def test_empty_list_means_no_relations() -> None:
    [ex] = LLMExtractor(FakeListChatModel(responses=["[]"])).extract(["Nothing here."], [{}])
    assert ex.error is None and ex.relations == () and ex.entities == ()


def test_malformed_then_good_reply_is_retried_with_the_error_fed_back() -> None:
    model = RecordingModel(responses=["Sure! Here are the triples: Adam -> Li Hua", GOOD])
    [ex] = LLMExtractor(model, max_retries=1).extract([CHAT], [META])
    assert ex.error is None and len(ex.relations) == 2
    assert len(model.seen) == 2
    retry = model.seen[1]
    assert isinstance(retry[-2], AIMessage) and "Here are the triples" in retry[-2].text
    assert isinstance(retry[-1], HumanMessage) and "not JSON" in retry[-1].text


def test_two_malformed_replies_are_reported_not_dropped() -> None:
    model = FakeListChatModel(responses=["not json at all", '{"head": "A"}'])
    [ex] = LLMExtractor(model, max_retries=1).extract([CHAT], [{"source": "week3/20260121_1000.txt"}])
    assert ex.relations == () and ex.entities == ()
    assert ex.error is not None
    assert ex.error.startswith("LLM extraction of chunk 0 (week3/20260121_1000.txt): expected a JSON list of triples")
    assert "got '{\"head\": \"A\"}'" in ex.error
    assert "2 attempts" in ex.error


def test_wrong_field_types_are_rejected() -> None:
    bad = json.dumps([{"head": 42, "relation": "likes", "tail": "jazz"}])
    [ex] = LLMExtractor(FakeListChatModel(responses=[bad]), max_retries=0).extract([CHAT], [META])
    assert ex.error is not None and "item 0.head: Input should be a valid string" in ex.error
    with pytest.raises(ValueError, match="tail"):
        parse_reply(json.dumps([{"head": "A", "relation": "r", "tail": ["B"]}]))
    with pytest.raises(ValueError, match="must not be blank"):
        parse_reply(json.dumps([{"head": " ", "relation": "r", "tail": "B"}]))


def test_parse_reply_strictness() -> None:
    assert [t.head for t in parse_reply("<think>hmm</think>\n" + GOOD)] == ["Adam Smith", "maintenance work"]
    assert len(parse_reply(json.dumps({"triples": TRIPLES}))) == 2
    with pytest.raises(ValueError, match="not a list"):
        parse_reply('{"head": "A", "relation": "r", "tail": "B"}')
    with pytest.raises(ValueError, match="not JSON"):
        parse_reply("Here you go: " + GOOD)


def test_batch_keeps_order_and_isolates_failures() -> None:
    model = FakeListChatModel(responses=[GOOD, "oops", "[]", "still oops"])
    results = LLMExtractor(model, max_concurrency=1).extract(["a", "b", "c"], [{}, {}, {}])
    assert [r.error is None for r in results] == [True, False, True]
    assert len(results[0].relations) == 2
    assert results[1].error is not None and results[1].error.startswith("LLM extraction of chunk 1:")


def test_concurrent_calls_keep_results_in_chunk_order() -> None:
    class ByContent(FakeListChatModel):
        def _call(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> str:
            return GOOD if "alpha" in messages[-1].text else "[]"

    texts = ["alpha", "beta", "alpha", "gamma", "alpha", "delta"]
    results = LLMExtractor(ByContent(responses=[]), max_concurrency=4).extract(texts, [{}] * len(texts))
    assert [len(r.relations) for r in results] == [2, 0, 2, 0, 2, 0]


def test_prompt_has_system_examples_and_chunk() -> None:
    extractor = LLMExtractor(FakeListChatModel(responses=[GOOD]))
    messages = extractor.messages(CHAT, META)
    assert isinstance(messages[0], SystemMessage) and "JSON list" in messages[0].text
    assert len(messages) == 2 + 2 * len(default_examples())
    assert "speakers: AdamSmith,LiHua; time: 20260121_10:00" in messages[-1].text
    assert CHAT in messages[-1].text
    assert "{text}" not in messages[-1].text and "{text}" in default_prompt().user
    zero_shot = LLMExtractor(FakeListChatModel(responses=[GOOD]), examples=[])
    assert len(zero_shot.messages(CHAT, META)) == 2
    custom = LLMExtractor(FakeListChatModel(responses=[GOOD]), examples=[Example("x", TRIPLES[:1])])
    assert json.loads(custom.messages(CHAT, META)[2].text) == TRIPLES[:1]


class StructuredFake(FakeListChatModel):
    """A fake chat model with structured output: each scripted response is the ``include_raw`` dict."""

    scripted: list[dict[str, Any]] = Field(default_factory=list)

    def with_structured_output(self, schema: Any, *, include_raw: bool = False, **kwargs: Any) -> Any:
        assert schema is TripleList and include_raw
        replies = iter(self.scripted)
        return RunnableLambda(lambda _messages: next(replies))


def test_structured_output_is_used_when_supported() -> None:
    parsed = TripleList.model_validate({"triples": TRIPLES})
    model = StructuredFake(responses=[], scripted=[{"raw": AIMessage(""), "parsed": parsed, "parsing_error": None}])
    [ex] = LLMExtractor(model).extract([CHAT], [META])
    assert ex.error is None and [r.relation for r in ex.relations] == ["informed", "scheduled_on"]


def test_structured_output_failure_is_retried_then_reported() -> None:
    failure = {"raw": AIMessage("I cannot"), "parsed": None, "parsing_error": ValueError("no tool call")}
    model = StructuredFake(responses=[], scripted=[failure, failure])
    [ex] = LLMExtractor(model, max_retries=1).extract([CHAT], [META])
    assert ex.error is not None and "no tool call" in ex.error and "'I cannot'" in ex.error


def test_model_errors_are_reported_per_chunk() -> None:
    class Broken(FakeListChatModel):
        def _call(self, *args: Any, **kwargs: Any) -> str:
            raise ConnectionError("ollama is not running")

    [ex] = LLMExtractor(Broken(responses=[]), max_retries=0).extract([CHAT], [META])
    assert ex.error is not None and "ConnectionError: ollama is not running" in ex.error


def test_make_extractor_llm_and_bad_arguments() -> None:
    extractor = make_extractor("llm", FakeListChatModel(responses=[GOOD]), max_retries=0)
    assert extractor.name == "llm"
    with pytest.raises(ExtractorError, match="needs a chat model"):
        make_extractor("llm", None)
    with pytest.raises(ExtractorError, match="max_retries"):
        LLMExtractor(FakeListChatModel(responses=[]), max_retries=-1)
    with pytest.raises(ExtractorError, match="1 texts but 0 metadata"):
        LLMExtractor(FakeListChatModel(responses=[])).extract(["a"], [])
