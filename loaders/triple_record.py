"""The JSONL triple record: one JSON object a line, validated with pydantic.

Accepted keys: ``head``/``subject``, ``relation``/``predicate``, ``tail``/``object`` (required), and
optional ``keywords`` (a string or a list of strings), ``description``, ``head_type``,
``tail_type``, ``head_description``, ``tail_description`` and ``weight`` (a finite number >= 0).
Unknown keys are rejected, so a misspelt optional field is reported instead of silently dropped.
"""

from __future__ import annotations

from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

_ALIASES: dict[str, tuple[str, str]] = {
    "head": ("head", "subject"),
    "relation": ("relation", "predicate"),
    "tail": ("tail", "object"),
}


class TripleRecord(BaseModel):
    """One JSONL triple with its optional edge information and entity types."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    head: str = Field(min_length=1, validation_alias=AliasChoices(*_ALIASES["head"]))
    relation: str = Field(min_length=1, validation_alias=AliasChoices(*_ALIASES["relation"]))
    tail: str = Field(min_length=1, validation_alias=AliasChoices(*_ALIASES["tail"]))
    keywords: str = ""
    description: str = ""
    head_type: str = ""
    tail_type: str = ""
    head_description: str = ""
    tail_description: str = ""
    weight: float = Field(default=1.0, ge=0.0, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _one_name_per_field(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for field, names in _ALIASES.items():
                if all(name in data for name in names):
                    raise ValueError(f"give either {names[0]!r} or {names[1]!r} for the {field}, not both")
        return data

    @field_validator("keywords", mode="before")
    @classmethod
    def _keywords_as_text(cls, value: Any) -> Any:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return ", ".join(v.strip() for v in value if v.strip())
        return value


def describe_validation_error(exc: ValidationError) -> str:
    """A one-line summary of a record's validation errors: ``field: message; field: message``."""
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(part) for part in error["loc"]) or "record"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)
