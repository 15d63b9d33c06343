"""Premises for ``graphproof verify``: a chunks file, or the chunks a retrieval returns for the question.

A chunks file is either JSONL, one ``{"id": …, "text": …}`` object per line (``.jsonl``/``.json``,
or any file whose first non-blank character is ``{``), or plain text whose paragraphs (separated
by blank lines) are the chunks, numbered ``c1``, ``c2`` … . Problems raise ``ChunksFileError`` naming
the file and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from graphproof.graph.model import Chunk
from graphproof.verification.grounding import Passage
from graphproof.verification.grounding_errors import ChunksFileError
from pydantic import BaseModel, ConfigDict, Field, ValidationError

Retrieve = Callable[[str, int], Sequence[Chunk]]
_PARAGRAPHS = re.compile(r"\n\s*\n")


class _ChunkRecord(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)

    id: str = Field(min_length=1)
    text: str


def read_passages(path: Path) -> list[Passage]:
    """The chunks of ``path`` (see the module docstring); at least one, ids unique."""
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ChunksFileError(f"cannot read the chunks file {path}: {exc}") from exc
    if path.suffix.lower() in (".jsonl", ".json") or content.lstrip().startswith("{"):
        passages = _jsonl(path, content)
    else:
        parts = [p.strip() for p in _PARAGRAPHS.split(content) if p.strip()]
        passages = [Passage(f"c{i}", text) for i, text in enumerate(parts, start=1)]
    if not passages:
        raise ChunksFileError(f'{path}: no chunks found; expected JSONL {{"id", "text"}} lines or text paragraphs')
    return passages


def _jsonl(path: Path, content: str) -> list[Passage]:
    passages: list[Passage] = []
    seen: set[str] = set()
    for number, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = _ChunkRecord.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ChunksFileError(f'{path}:{number}: not JSON ({exc.msg}); expected {{"id": …, "text": …}}') from exc
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'record'}: {e['msg']}" for e in exc.errors())
            raise ChunksFileError(f'{path}:{number}: expected {{"id": str, "text": str}} ({problems})') from exc
        if record.id in seen:
            raise ChunksFileError(f"{path}:{number}: the chunk id {record.id!r} is used twice")
        seen.add(record.id)
        passages.append(Passage(record.id, record.text))
    return passages


def retrieved_passages(question: str, k: int, retrieve: Retrieve) -> list[Passage]:
    """The chunks ``retrieve(question, k)`` returns, as passages with their store ids and text."""
    return [Passage(chunk.id, chunk.text) for chunk in retrieve(question, k)]
