"""JSONL document records: one JSON object a line, ``{"id", "text", "title"?, "source"?, "metadata"?}``.

Each valid record is one ``SourceDocument`` whose id is the record's ``id`` (a string, or an
integer turned into one). ``metadata`` is an optional object of scalar values (kept as strings).
Unknown keys are rejected so a misspelt field is reported rather than dropped. A malformed line
(invalid UTF-8 or JSON, not an object, failing validation, a repeated id) is a ``SourceFailure``
naming the file and line number; the file's other records still load. Blank lines are ignored.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from graphproof.loaders.sources.decode import reject_binary
from graphproof.loaders.sources.errors import InvalidSource
from graphproof.loaders.types import SourceDocument, SourceFailure
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class JsonlRecord(BaseModel):
    """One document record of a JSONL file."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    title: str = ""
    source: str = ""
    metadata: dict[str, str] = Field(default_factory=dict)

    @field_validator("id", mode="before")
    @classmethod
    def _integer_id(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("metadata", mode="before")
    @classmethod
    def _scalar_values(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {
                key: str(item) if isinstance(item, int | float) and not isinstance(item, bool) else item
                for key, item in value.items()
            }
        return value


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(part) for part in error["loc"]) or "record"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


def parse_record(line: str) -> JsonlRecord:
    """Validate one JSONL line; raises ``ValueError`` with a one-line reason when it is malformed."""
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    if not isinstance(value, dict):
        raise ValueError(f"expected a JSON object with 'id' and 'text', got {type(value).__name__}")
    try:
        return JsonlRecord.model_validate(value)
    except ValidationError as exc:
        raise ValueError(f"invalid record ({_describe(exc)})") from exc


def jsonl_documents(data: bytes, *, source: str) -> Iterator[SourceDocument | SourceFailure]:
    """The documents of a JSONL file, and a failure for each malformed line (``line N: reason``).

    Raises ``InvalidSource`` only when the file as a whole is empty or binary.
    """
    if not data.strip():
        raise InvalidSource(source, "empty file (expected one JSON object a line)")
    reject_binary(data, source)
    first_line: dict[str, int] = {}
    for line_no, raw in enumerate(data.split(b"\n"), start=1):
        try:
            line = raw.decode("utf-8").lstrip("\ufeff").strip()
        except UnicodeDecodeError as exc:
            yield SourceFailure(source, f"line {line_no}: invalid UTF-8 at byte {exc.start} of the line")
            continue
        if not line:
            continue
        try:
            record = parse_record(line)
        except ValueError as exc:
            yield SourceFailure(source, f"line {line_no}: {exc}")
            continue
        if record.id in first_line:
            yield SourceFailure(
                source, f"line {line_no}: duplicate id {record.id!r} (first used on line {first_line[record.id]})"
            )
            continue
        first_line[record.id] = line_no
        yield SourceDocument(
            id=record.id,
            source=record.source or source,
            title=record.title or record.id,
            text=record.text,
            format="jsonl",
            metadata=dict(record.metadata),
        )
