"""Chat logs in the LiHua-World format: one conversation a file.

::

    Time: 20260924_20:00
    JenniferMoore: Hey Li Hua! Are you ready ...
    LiHua: I feel pretty strong lately ...

The first non-empty line must be ``Time: YYYYMMDD_HH:MM`` (a real date and time). Every other line is
``Speaker: message`` (a full-width ``：`` also works); messages may contain colons, emoji and curly
quotes. A line that is not a message (a list item, a recipe step, "For snacks, how about:")
continues the previous message. Blank lines and an ``<END>`` marker line are ignored.

What counts as a speaker: up to four words with no sentence punctuation, starting with a letter;
a name of several words must have every word capitalised ("Li Hua", "Tirion Fordring") unless it
already spoke in this conversation. The first message after the header accepts any such name.

The document text is the header line and one ``Speaker: message`` line per message (continuation
lines kept inside their message), so BM25 can match the time and the speakers. Metadata:
``time`` (as in the header), ``date`` (ISO ``YYYY-MM-DD``) and ``speakers`` (comma-separated,
first-seen order).
"""

from __future__ import annotations

import re
from datetime import datetime

from graphproof.loaders.sources.decode import decode_text
from graphproof.loaders.sources.errors import InvalidSource
from graphproof.loaders.types import ChatMessage, SourceDocument

CHAT_HEADER = re.compile(r"Time: \d{8}_\d{2}:\d{2}")
"""What format detection looks for at the start of a ``.txt`` file's first non-empty line."""

_HEADER = re.compile(r"^Time:\s*(?P<time>\d{8}_\d{2}:\d{2})\s*$")
_MESSAGE = re.compile(r"^(?P<speaker>[^\s:：][^:：]{0,47}?)[ \t]*(?::[ \t]+|：[ \t]*)(?P<text>\S.*)$")
_NOT_IN_NAME = frozenset(",;!?\"“”‘’*#()[]{}<>|/\\=+`~@$%^&")
END_MARKER = "<END>"
MAX_SPEAKER_WORDS = 4


def _speaker_like(name: str) -> bool:
    return name[0].isalpha() and not _NOT_IN_NAME.intersection(name) and len(name.split()) <= MAX_SPEAKER_WORDS


def _is_speaker(name: str, known: set[str]) -> bool:
    if name in known:
        return True
    if not known:  # the first message: any name-like speaker
        return _speaker_like(name)
    words = name.split()
    return _speaker_like(name) and (len(words) == 1 or all(not word[0].islower() for word in words))


def chat_time(header_time: str, source: str) -> datetime:
    """Parse a header's ``YYYYMMDD_HH:MM``; ``InvalidSource`` when it is not a real date and time."""
    try:
        return datetime.strptime(header_time, "%Y%m%d_%H:%M")
    except ValueError as exc:
        expected = "expected a real date and time, YYYYMMDD_HH:MM"
        raise InvalidSource(source, f"invalid time {header_time!r} in the 'Time:' header ({expected})") from exc


def parse_chat(text: str, *, id: str, source: str) -> SourceDocument:
    """One conversation as a ``SourceDocument`` with its ``messages``; ``InvalidSource`` when malformed."""
    lines = text.lstrip("\ufeff").split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None:
        raise InvalidSource(source, "empty chat log")
    header = _HEADER.match(lines[start].strip())
    if header is None:
        got = lines[start].strip()[:60]
        raise InvalidSource(source, f"expected a first line 'Time: YYYYMMDD_HH:MM', got {got!r}")
    time = header.group("time")
    when = chat_time(time, source)

    speakers: list[str] = []
    messages: list[tuple[str, list[str]]] = []
    for line in lines[start + 1 :]:
        line = line.rstrip()
        if not line.strip() or line.strip() == END_MARKER:
            continue
        match = _MESSAGE.match(line)
        if match and _is_speaker(match.group("speaker"), set(speakers)):
            speaker = match.group("speaker")
            if speaker not in speakers:
                speakers.append(speaker)
            messages.append((speaker, [match.group("text").strip()]))
        elif messages:
            messages[-1][1].append(line.strip())
        else:
            got = line.strip()[:60]
            raise InvalidSource(source, f"expected 'Speaker: message' after the 'Time:' header, got {got!r}")
    if not messages:
        raise InvalidSource(source, "no 'Speaker: message' lines after the 'Time:' header")

    chat = tuple(ChatMessage(speaker=speaker, text="\n".join(parts)) for speaker, parts in messages)
    body = "\n".join(f"{message.speaker}: {message.text}" for message in chat)
    names = ", ".join(speakers)
    return SourceDocument(
        id=id,
        source=source,
        title=f"Chat {when:%Y-%m-%d %H:%M} ({names})",
        text=f"Time: {time}\n{body}",
        format="chat",
        metadata={"time": time, "speakers": names, "date": f"{when:%Y-%m-%d}"},
        messages=chat,
    )


def chat_document(data: bytes, *, id: str, source: str) -> SourceDocument:
    """A chat-log file (UTF-8) as one conversation; see ``parse_chat``."""
    return parse_chat(decode_text(data, source), id=id, source=source)
