"""Reading a chat model's reply, strictly: the one place every LLM step (extraction, FOL translation, the
judge, relation paths) decodes JSON and reads structured output.

A reply may wrap its JSON in a ```json fence and may carry ``<think>…</think>`` reasoning (Qwen3);
anything else around the JSON is an error, reported with where the parser stopped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

_FENCE = re.compile(r"^```[ \t]*(?:json|JSON)?[ \t]*\n(?P<body>.*?)\n?```$", re.DOTALL)
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)


def decode_json_reply(text: str) -> Any:
    """The JSON value of a reply; ``ValueError`` ("not JSON (… at line L column C)") otherwise."""
    body = _THINK.sub("", text).strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group("body").strip()
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def reply_text(message: Any) -> str:
    """The text of a chat model reply (``AIMessage.text``), or ``str`` of anything else; ``""`` for None."""
    if message is None:
        return ""
    text = getattr(message, "text", None)
    return str(text) if text is not None else str(message)


def shown(text: str, limit: int = 200) -> str:
    """The start of ``text`` on one line, quoted, for error messages."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[:limit] + "…")


def structured_runnable(model: Any, schema: type[BaseModel]) -> Any:
    """``model.with_structured_output(schema, include_raw=True)``, or None when the model has no such mode."""
    try:
        return model.with_structured_output(schema, include_raw=True)
    except NotImplementedError:
        return None


def read_reply(
    reply: Any, schema: type[M], parse_text: Callable[[str], T], convert: Callable[[M], T]
) -> tuple[T | None, str, str]:
    """``(value, problem, raw text)`` of one reply: the one place both LLM steps read what a model returned.

    ``reply`` is an exception (the call failed), a structured-output dict (``include_raw=True``) whose
    ``parsed`` is a ``schema`` instance or a dict valid as one, or a message whose text ``parse_text``
    turns into a value (raising ``ValueError`` with the problem). ``value`` is None when unusable.
    """
    if isinstance(reply, BaseException):
        return None, f"the model call failed ({type(reply).__name__}: {reply})", ""
    if isinstance(reply, dict) and "raw" in reply:
        raw = reply_text(reply.get("raw"))
        parsed = reply.get("parsed")
        if isinstance(parsed, schema):
            return convert(parsed), "", raw
        if reply.get("parsing_error") is None and isinstance(parsed, dict):
            try:
                return convert(schema.model_validate(parsed)), "", raw
            except ValidationError as exc:
                return None, str(exc).splitlines()[0], raw
        if raw.strip():  # no tool call: the model may have answered in text
            try:
                return parse_text(raw), "", raw
            except ValueError:
                pass
        return None, f"structured output did not parse ({reply.get('parsing_error')})", raw
    raw = reply_text(reply)
    try:
        return parse_text(raw), "", raw
    except ValueError as exc:
        return None, str(exc), raw
