"""Chat transcripts: the messages of a ``Handle: message`` chat text.

A chat chunk is a ``Time: …`` line and then one line per message, ``Handle: message`` (the handles are
the chat's ``speakers`` metadata); a line that starts with no known handle continues the message
before it. Used by the rule extractor (one unit per message) and by the extractive answer (which
quotes whole messages, with who said them and when).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

TIME_LINE = re.compile(r"^\s*Time:\s*\d")


@dataclass(frozen=True, slots=True)
class Message:
    handle: str | None  # the speaker's handle as written ("AdamSmith"); None before the first handle line
    body: str


def speaker_handles(value: str) -> list[str]:
    """The handles of a ``speakers`` metadata value (comma-separated)."""
    return [h.strip() for h in value.split(",") if h.strip()]


def chat_messages(text: str, handles: Sequence[str]) -> list[Message]:
    """The messages of ``text`` in order: ``Handle: message`` lines (``:`` or ``：``), blank and ``Time:``
    lines skipped, other lines joined to the message before them (with a newline)."""
    names = sorted({h.strip() for h in handles if h.strip()}, key=len, reverse=True)
    prefix = re.compile(rf"^\s*({'|'.join(re.escape(n) for n in names)})[ \t]*[:：]\s*(.*)$") if names else None
    raw: list[tuple[str | None, list[str]]] = []
    for line in text.splitlines():
        if not line.strip() or TIME_LINE.match(line):
            continue
        match = prefix.match(line) if prefix else None
        if match:
            raw.append((match.group(1), [match.group(2)]))
        elif raw:
            raw[-1][1].append(line)
        else:
            raw.append((None, [line]))
    messages = [Message(handle, "\n".join(lines).strip()) for handle, lines in raw]
    return [m for m in messages if m.body]
