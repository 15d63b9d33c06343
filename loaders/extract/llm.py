"""LLM extraction: a few-shot prompt asks a LangChain chat model for typed triples with edge fields.

The reply must be a JSON list of ``{"head", "head_type", "relation", "tail", "tail_type",
"keywords", "description"}`` objects (the MiniRAG/LightRAG edge fields plus typed triples). When
the model supports structured output (``with_structured_output``), it is asked for that schema
directly; otherwise its text is parsed strictly (a fenced ```json block and ``<think>`` sections
are tolerated, nothing else) and validated with pydantic. A reply that does not parse is retried
``max_retries`` times with the error fed back, then reported as ``Extraction(error=...)`` naming the
chunk — never silently dropped.

The prompt lives in ``prompts/extract.md`` (``<!-- system -->`` and ``<!-- user -->`` sections, the
user section with ``{metadata}`` and ``{text}``); the default few-shot examples in
``prompts/extract_examples.json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from graphproof.loaders.extract.errors import ExtractorError
from graphproof.loaders.llm_reply import decode_json_reply, read_reply, shown, structured_runnable
from graphproof.loaders.resolve import entity_alias_key
from graphproof.loaders.types import ExtractedEntity, ExtractedRelation, Extraction
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage

EXPECTED = "expected a JSON list of triples"


class Triple(BaseModel):
    """One item of the model's reply. Strings are strict (a number is not a name)."""

    model_config = ConfigDict(strict=True, extra="ignore")

    head: str = Field(min_length=1)
    head_type: str | None = ""
    relation: str = Field(min_length=1)
    tail: str = Field(min_length=1)
    tail_type: str | None = ""
    keywords: str | list[str] | None = ""
    description: str | None = ""

    @field_validator("head", "relation", "tail")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value.strip()

    def as_relation(self) -> ExtractedRelation:
        keywords = self.keywords if isinstance(self.keywords, str) else ", ".join(k for k in self.keywords if k)
        return ExtractedRelation(
            head=self.head,
            relation=self.relation,
            tail=self.tail,
            head_type=(self.head_type or "").strip(),
            tail_type=(self.tail_type or "").strip(),
            keywords=(keywords or "").strip(),
            description=(self.description or "").strip(),
        )


class TripleList(BaseModel):
    """The structured-output schema: an object wrapping the list (tool calling needs an object)."""

    triples: list[Triple]


_TRIPLES = TypeAdapter(list[Triple])


@dataclass(frozen=True, slots=True)
class Example:
    """A few-shot example: chunk text (and metadata line) and the triples the model should reply with."""

    text: str
    triples: Sequence[Mapping[str, str]]
    metadata: str = ""


@dataclass(frozen=True, slots=True)
class Prompt:
    system: str
    user: str

    def render(self, text: str, metadata: str) -> str:
        return self.user.replace("{metadata}", metadata or "(none)").replace("{text}", text)


def _resource(name: str) -> str:
    return resources.files("graphproof.loaders.extract").joinpath("prompts", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def default_prompt() -> Prompt:
    """The prompt in ``prompts/extract.md``."""
    raw = _resource("extract.md")
    if "<!-- system -->" not in raw or "<!-- user -->" not in raw:
        raise ExtractorError("prompts/extract.md needs a '<!-- system -->' and a '<!-- user -->' section")
    system, user = raw.split("<!-- system -->", 1)[1].split("<!-- user -->", 1)
    return Prompt(system.strip(), user.strip())


@lru_cache(maxsize=1)
def default_examples() -> tuple[Example, ...]:
    """The few-shot examples in ``prompts/extract_examples.json``."""
    items = json.loads(_resource("extract_examples.json"))
    return tuple(Example(item["text"], item["triples"], item.get("metadata", "")) for item in items)


def metadata_line(metadata: Mapping[str, str]) -> str:
    """``"speakers: A, B; time: …"``: the chunk metadata the model may use (string values only)."""
    return "; ".join(f"{k}: {v}" for k, v in metadata.items() if isinstance(v, str) and v.strip())


def parse_reply(text: str) -> list[Triple]:
    """Strictly parse a text reply: a JSON list (or ``{"triples": [...]}``), optionally in a ```json fence.

    Raises ``ValueError`` saying what was wrong.
    """
    value = decode_json_reply(text)
    if isinstance(value, dict) and set(value) == {"triples"}:
        value = value["triples"]
    if not isinstance(value, list):
        raise ValueError(f"the JSON is a {type(value).__name__}, not a list")
    try:
        return _TRIPLES.validate_python(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"item {'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise ValueError(problems) from None


def extraction_of(triples: Sequence[Triple]) -> Extraction:
    """Relations as given; entities = the distinct heads and tails with their types."""
    relations = tuple(t.as_relation() for t in triples)
    entities: dict[str, ExtractedEntity] = {}
    for rel in relations:
        for name, type_ in ((rel.head, rel.head_type), (rel.tail, rel.tail_type)):
            key = entity_alias_key(name)
            if key and key not in entities:
                entities[key] = ExtractedEntity(name=name, type=type_, description=rel.description)
    return Extraction(entities=tuple(entities.values()), relations=relations)


class LLMExtractor:
    """Extraction by a LangChain chat model (``init_chat_model("ollama:qwen3:8b")`` or a fake in tests).

    ``examples`` replaces the default few-shot examples (``[]`` for zero-shot); ``max_retries`` is how
    often an unparsable reply is retried with the error fed back; ``max_concurrency`` bounds
    parallel model calls (a thread pool, as ``Runnable.batch`` uses).
    """

    name = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        examples: Sequence[Example] | None = None,
        max_retries: int = 1,
        *,
        prompt: Prompt | None = None,
        max_concurrency: int = 4,
    ) -> None:
        if model is None:
            raise ExtractorError("LLMExtractor needs a chat model")
        if max_retries < 0 or max_concurrency < 1:
            raise ExtractorError(
                f"max_retries must be >= 0 and max_concurrency >= 1, got {max_retries} and {max_concurrency}"
            )
        self.model = model
        self.examples = tuple(default_examples() if examples is None else examples)
        self.max_retries = max_retries
        self.max_concurrency = max_concurrency
        self.prompt = prompt or default_prompt()
        self._structured: Any = None
        self._structured_checked = False

    # prompt ---------------------------------------------------------------------------------------
    def messages(self, text: str, metadata: Mapping[str, str]) -> list[BaseMessage]:
        """System instructions, the few-shot examples as user/assistant turns, then the chunk."""
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        out: list[BaseMessage] = [SystemMessage(self.prompt.system)]
        for example in self.examples:
            out.append(HumanMessage(self.prompt.render(example.text, example.metadata)))
            out.append(AIMessage(json.dumps(list(example.triples), ensure_ascii=False)))
        out.append(HumanMessage(self.prompt.render(text, metadata_line(metadata))))
        return out

    def _structured_model(self) -> Any:
        """``model.with_structured_output(TripleList, include_raw=True)``, or None when unsupported."""
        if not self._structured_checked:
            self._structured_checked = True
            self._structured = structured_runnable(self.model, TripleList)
        return self._structured

    # extraction -----------------------------------------------------------------------------------
    def extract(self, texts: Sequence[str], metadata: Sequence[Mapping[str, str]]) -> list[Extraction]:
        """One ``Extraction`` per text; failures are ``Extraction(error=...)`` naming the chunk."""
        if len(texts) != len(metadata):
            raise ExtractorError(f"llm extractor got {len(texts)} texts but {len(metadata)} metadata mappings")
        from langchain_core.messages import AIMessage, HumanMessage

        conversations = [self.messages(text, meta) for text, meta in zip(texts, metadata, strict=True)]
        results: dict[int, Extraction] = {}
        pending = list(range(len(texts)))
        for attempt in range(self.max_retries + 1):
            if not pending:
                break
            replies = self._call([conversations[i] for i in pending])
            retry = []
            for index, reply in zip(pending, replies, strict=True):
                outcome = self._outcome(reply)
                if isinstance(outcome, Extraction):
                    results[index] = outcome
                    continue
                problem, raw = outcome
                if attempt == self.max_retries:
                    results[index] = Extraction(error=self._error(index, metadata[index], raw, problem, attempt + 1))
                    continue
                feedback = (
                    f"Your reply could not be used: {problem}. Reply again with only a JSON list of objects "
                    'with the fields "head", "head_type", "relation", "tail", "tail_type", "keywords" and '
                    '"description" (all strings), or [] if the text states no relation.'
                )
                if raw and self._structured_model() is None:
                    conversations[index] = [*conversations[index], AIMessage(raw), HumanMessage(feedback)]
                else:
                    conversations[index] = [*conversations[index], HumanMessage(feedback)]
                retry.append(index)
            pending = retry
        return [results[i] for i in range(len(texts))]

    def _call(self, conversations: list[list[BaseMessage]]) -> list[Any]:
        """Each conversation's reply, or the exception its call raised; in order, ``max_concurrency`` at a time."""
        runnable = self._structured_model() or self.model

        def call(messages: list[BaseMessage]) -> Any:
            try:
                return runnable.invoke(messages)
            except Exception as exc:  # reported per chunk, never fatal to the batch
                return exc

        if self.max_concurrency == 1 or len(conversations) <= 1:
            return [call(messages) for messages in conversations]
        with ThreadPoolExecutor(max_workers=min(self.max_concurrency, len(conversations))) as pool:
            return list(pool.map(call, conversations))

    @staticmethod
    def _outcome(reply: Any) -> Extraction | tuple[str, str]:
        """An ``Extraction``, or ``(problem, raw reply text)`` to retry or report."""
        value, problem, raw = read_reply(
            reply, TripleList, lambda text: extraction_of(parse_reply(text)), lambda got: extraction_of(got.triples)
        )
        return value if value is not None else (problem, raw)

    @staticmethod
    def _error(index: int, metadata: Mapping[str, str], raw: str, problem: str, attempts: int) -> str:
        where = next((f" ({metadata[k]})" for k in ("chunk_id", "source", "title") if metadata.get(k)), "")
        got = shown(raw) if raw else "no usable reply"
        tries = "attempt" if attempts == 1 else "attempts"
        return f"LLM extraction of chunk {index}{where}: {EXPECTED}, got {got} ({problem}; {attempts} {tries})"
