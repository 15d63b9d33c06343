"""Chat transcripts: the messages of a ``Handle: message`` chat text.

A chat chunk is a ``Time: …`` line and then one line per message, ``Handle: message`` (the handles are
the chat's ``speakers`` metadata); a line that starts with no known handle continues the message
before it. Used by the rule extractor (one unit per message), by the extractive answer (which
quotes whole messages, with who said them and when, and prefers the participant a question names:
``named_speaker``) and by the analyzer (a handle is also indexed as the words people write: ``humanise``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

TIME_LINE = re.compile(r"^\s*Time:\s*\d")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NOT_WORD = re.compile(r"[^\w\s-]")
_SOURCE_BEFORE = (" according to",)  # the words before a name that make it the source of what is asked
_AGENT_BEFORE = (" by",)  # the word before a name that makes it an agent
# the auxiliaries a question's subject follows: "What does Li Hua agree to bring …"
_SUBJECT_AFTER = (
    " do", " does", " did", " is", " was", " are", " were", " will", " would", " can", " could", " should", " has",
    " have", " had",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Message:
    handle: str | None  # the speaker's handle as written ("AdamSmith"); None before the first handle line
    body: str


def speaker_handles(value: str) -> list[str]:
    """The handles of a ``speakers`` metadata value (comma-separated)."""
    return [h.strip() for h in value.split(",") if h.strip()]


def is_chat(metadata: Mapping[str, object]) -> bool:
    """Whether a chunk with this metadata is a conversation: it names its ``speakers``."""
    return bool(str(metadata.get("speakers", "") or ""))


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


def humanise(handle: str) -> str:
    """A chat handle as words: ``"AdamSmith"`` → ``"Adam Smith"``, ``"ChaeSong-hwa"`` → ``"Chae Song-hwa"``.

    Lower-to-upper case changes become spaces (except after a leading "Mc": "McDonald"),
    underscores become spaces.
    """
    words = []
    for word in handle.replace("_", " ").split():
        if word.startswith("Mc") and len(word) > 2:
            words.append("Mc" + _CAMEL.sub(" ", word[2:]))
        else:
            words.append(_CAMEL.sub(" ", word))
    return " ".join(words)


def split_joined_words(text: str) -> str:
    """``text`` with every lower-to-upper case change spaced, as ``humanise`` does for one handle: "LiHua said" →
    "Li Hua said". Applied to both sides of a comparison, it makes a name written as a handle and as words the
    same words ("iPhone" becomes "i Phone" on both sides alike)."""
    return _CAMEL.sub(" ", text)


def name_forms(handle: str, first_word: bool = True) -> list[str]:
    """How a participant's ``handle`` is written, longest first: the handle ("JakeWatson"), its words ("Jake
    Watson") and, with ``first_word``, the first of them ("Jake")."""
    words = humanise(handle)
    forms = {handle, words}
    if first_word and len(words.split()) > 1:
        forms.add(words.split()[0])
    return sorted(forms, key=len, reverse=True)


def _role(before: str) -> int:
    """How a name is used, by the words ``before`` it: 0 the source ("according to X"), 1 the subject ("does X
    …"), 2 an agent ("by X"), 3 any other mention."""
    for role, words in enumerate((_SOURCE_BEFORE, _SUBJECT_AFTER, _AGENT_BEFORE)):
        if before.endswith(words):
            return role
    return 3


def named_speaker(text: str, handles: Sequence[str]) -> str | None:
    """The handle of the chat participant ``text`` names first, or None.

    A participant is named by the handle ("JakeWatson", "jakewatson"), the handle as words ("Jake Watson", "Li
    Hua" for "LiHua"), or the first of those words when no other participant shares it ("Jake"); a possessive
    "'s" is allowed ("Jake's go-to snacks"). Matching is on whole words, case-insensitive. A participant named
    as the source ("according to Jennifer"), then one named as the subject, right after an auxiliary ("What does
    Li Hua agree to bring to the party hosted by Chae?" names Li Hua), then one named as an agent ("What was
    recommended to Li Hua by Jennifer?" names Jennifer) come before one named earlier (``_role``).
    """
    folded = " " + " ".join(_NOT_WORD.sub(" ", text).split()).casefold() + " "
    names = {handle: humanise(handle) for handle in dict.fromkeys(h.strip() for h in handles) if handle}
    firsts = [name.split()[0].casefold() for name in names.values() if len(name.split()) > 1]
    best: tuple[tuple[int, int], str] | None = None
    for handle, name in names.items():
        forms = {form.casefold() for form in name_forms(handle, firsts.count(name.split()[0].casefold()) == 1)}
        found = [at for form in forms if (at := folded.find(f" {form} ")) >= 0]
        if not found:
            continue
        rank = (min(_role(folded[:at]) for at in found), min(found))
        if best is None or rank < best[0]:
            best = (rank, handle)
    return best[1] if best else None
