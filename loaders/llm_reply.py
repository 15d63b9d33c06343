"""Reading a chat model's text reply as JSON, strictly: the one place both LLM steps decode replies.

A reply may wrap its JSON in a ```json fence and may carry ``<think>…</think>`` reasoning (Qwen3);
anything else around the JSON is an error, reported with where the parser stopped.
"""

from __future__ import annotations

import json
import re
from typing import Any

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
