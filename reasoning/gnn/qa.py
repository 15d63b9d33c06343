"""Question/answer files in the MetaQA format, and deterministic splits.

One question a line: ``question<TAB>answer1|answer2|…``; the topic entity is written in square
brackets (``what movies did [Temuera Morrison] act in``). Blank lines are ignored. Questions without
brackets are allowed (their topic entities are linked by name, full-text or vector search).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graphproof.reasoning.gnn.errors import QAFormatError

_BRACKETS = re.compile(r"\[([^\[\]]+)\]")
_SHOWN = 5


@dataclass(frozen=True, slots=True)
class QAExample:
    """One question: its text (brackets kept), topic mentions (bracketed names) and gold answer names."""

    question: str
    answers: tuple[str, ...]
    line_no: int = 0

    @property
    def topics(self) -> tuple[str, ...]:
        """The bracketed names, in order (empty when the question has no brackets)."""
        return topic_mentions(self.question)

    @property
    def text(self) -> str:
        """The question without the brackets (what the encoder reads)."""
        return plain_question(self.question)


def topic_mentions(question: str) -> tuple[str, ...]:
    return tuple(m.strip() for m in _BRACKETS.findall(question) if m.strip())


def plain_question(question: str) -> str:
    return _BRACKETS.sub(lambda m: m.group(1), question).strip()


def parse_qa_line(line: str, line_no: int = 0, source: str = "<text>") -> QAExample:
    """One ``question<TAB>a1|a2`` line as a ``QAExample``; ``QAFormatError`` names the line otherwise."""
    question, sep, answers = line.rstrip("\r\n").partition("\t")
    where = f"{source}:{line_no}" if line_no else source
    if not sep:
        raise QAFormatError(f"{where}: expected 'question<TAB>answer1|answer2', found no tab in {line[:80]!r}")
    names = tuple(a.strip() for a in answers.split("|") if a.strip())
    if not question.strip():
        raise QAFormatError(f"{where}: the question before the tab is empty")
    if not names:
        raise QAFormatError(f"{where}: no answers after the tab (expected answer1|answer2)")
    return QAExample(question=question.strip(), answers=names, line_no=line_no)


def read_qa(path: str | Path, limit: int | None = None) -> list[QAExample]:
    """Every question of a QA file (at most ``limit``). Any malformed line rejects the file with all problems."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QAFormatError(f"cannot read question file {str(file)!r}: {exc}") from exc
    examples: list[QAExample] = []
    problems: list[str] = []
    for line_no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            examples.append(parse_qa_line(line, line_no, str(file)))
        except QAFormatError as exc:
            problems.append(str(exc))
        if limit is not None and len(examples) >= limit:
            break
    if problems:
        more = f" (and {len(problems) - _SHOWN} more)" if len(problems) > _SHOWN else ""
        raise QAFormatError(
            f"{len(problems)} malformed line(s) in {str(file)!r}: " + "; ".join(problems[:_SHOWN]) + more
        )
    if not examples:
        raise QAFormatError(f"question file {str(file)!r} holds no questions (expected question<TAB>a1|a2 lines)")
    return examples


def split_examples(
    examples: Sequence[QAExample], fraction: float, seed: int
) -> tuple[list[QAExample], list[QAExample]]:
    """A seeded shuffle cut into (first ``1 - fraction``, last ``fraction``); both keep file order."""
    if not 0.0 < fraction < 1.0:
        raise ValueError(f"split fraction must be between 0 and 1, got {fraction}")
    order = list(range(len(examples)))
    random.Random(seed).shuffle(order)  # noqa: S311 - a reproducible split, not security
    cut = len(order) - max(1, round(len(order) * fraction))
    first, second = sorted(order[:cut]), sorted(order[cut:])
    return [examples[i] for i in first], [examples[i] for i in second]
