"""Asking a LangChain chat model for JSON: prompts from files, structured output, strict parsing, one retry.

When the model supports structured output (``with_structured_output``), it is asked for the
pydantic schema directly; otherwise its text is parsed strictly: one JSON object, optionally in a
```json fence and after ``<think>`` sections, nothing else. A reply that does not parse or does
not validate is retried ``max_retries`` times with the problem fed back; then ``LLMReplyError``
names the step, the problem and the start of the reply. Callers report that per claim.

Prompts live in ``verification/prompts/<name>.md`` with a ``<!-- system -->`` and a
``<!-- user -->`` section; ``{placeholders}`` in the user section are filled by ``Prompt.render``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

from graphproof.loaders.llm_reply import decode_json_reply, read_reply, shown, structured_runnable
from graphproof.verification.grounding_errors import LLMReplyError
from pydantic import BaseModel, ValidationError

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Prompt:
    """A prompt file: system instructions and a user template."""

    name: str
    system: str
    user: str

    def render(self, **values: str) -> str:
        text = self.user
        for key, value in values.items():
            text = text.replace("{" + key + "}", value)
        return text


@lru_cache(maxsize=16)
def load_prompt(name: str) -> Prompt:
    """``verification/prompts/<name>.md`` (package data)."""
    try:
        raw = resources.files("graphproof.verification").joinpath("prompts", f"{name}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise LLMReplyError(f"the prompt file verification/prompts/{name}.md is missing") from exc
    if "<!-- system -->" not in raw or "<!-- user -->" not in raw:
        raise LLMReplyError(f"verification/prompts/{name}.md needs a '<!-- system -->' and a '<!-- user -->' section")
    system, user = raw.split("<!-- system -->", 1)[1].split("<!-- user -->", 1)
    return Prompt(name, system.strip(), user.strip())


def parse_json_reply(text: str, schema: type[M]) -> M:
    """Strictly parse a text reply as ``schema``; ``ValueError`` says what was wrong."""
    value = decode_json_reply(text)
    if not isinstance(value, dict):
        raise ValueError(f"the JSON is a {type(value).__name__}, not an object")
    try:
        return schema.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'reply'}: {e['msg']}" for e in exc.errors()[:5])
        raise ValueError(problems) from None


class JsonAsker:
    """Sends prompts to one chat model and returns validated replies (see the module docstring)."""

    def __init__(self, model: BaseChatModel, max_retries: int = 1) -> None:
        if max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, got {max_retries}")
        self.model = model
        self.max_retries = max_retries
        self._structured: dict[type[BaseModel], Any] = {}

    def _structured_model(self, schema: type[BaseModel]) -> Any:
        if schema not in self._structured:
            self._structured[schema] = structured_runnable(self.model, schema)
        return self._structured[schema]

    def ask(
        self,
        prompt: Prompt,
        schema: type[M],
        step: str,
        check: Callable[[M], None] | None = None,
        **values: str,
    ) -> M:
        """The validated reply to ``prompt`` filled with ``values``; ``check(reply)`` may raise ``ValueError``
        for problems the schema cannot express. Raises ``LLMReplyError`` after the retries."""
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        messages: list[BaseMessage] = [SystemMessage(prompt.system), HumanMessage(prompt.render(**values))]
        structured = self._structured_model(schema)
        problem, raw = "", ""
        for _attempt in range(self.max_retries + 1):
            try:
                reply = (structured or self.model).invoke(messages)
            except Exception as exc:  # any provider error is reported for this step, never fatal to the run
                problem, raw = f"the model call failed ({type(exc).__name__}: {exc})", ""
            else:
                parsed, problem, raw = self._parsed(reply, schema)
                if parsed is not None:
                    try:
                        if check is not None:
                            check(parsed)
                        return parsed
                    except ValueError as exc:
                        problem = str(exc)
            feedback = f"Your reply could not be used: {problem}. Reply again with only the JSON object asked for."
            messages = [*messages, *([AIMessage(raw)] if raw and structured is None else []), HumanMessage(feedback)]
        got = shown(raw) if raw else "no usable reply"
        attempts = self.max_retries + 1
        raise LLMReplyError(
            f"{step}: expected a JSON object matching {schema.__name__}, got {got} ({problem}; {attempts} attempt"
            f"{'s' if attempts != 1 else ''})"
        )

    @staticmethod
    def _parsed(reply: Any, schema: type[M]) -> tuple[M | None, str, str]:
        return read_reply(reply, schema, lambda text: parse_json_reply(text, schema), lambda parsed: parsed)
