"""The evaluation data sets of the grounding check, read with pydantic validation.

- HaluEval QA (``qa_dev.jsonl``: ``knowledge``, ``question``, ``right_answer``,
  ``hallucinated_answer``): each item gives two cases with the same context, the right answer
  (grounded) and the hallucinated one.
- FOLIO (``folio_dev.jsonl``: ``premises``, ``premises-FOL``, ``conclusion``, ``conclusion-FOL``,
  ``label`` True/False/Uncertain), read two ways: as prover items (the gold FOL) and as grounding
  cases — the natural-language premises are the chunks (one passage each, ids ``p1``…), the
  conclusion is the answer, and it is grounded exactly when the label is True.

A malformed line raises ``DatasetError`` naming the file, the line and the problem; nothing is
skipped silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from graphproof.evaluation.errors import DatasetError
from graphproof.verification.grounding import Passage
from pydantic import BaseModel, ConfigDict, Field, ValidationError

FolioLabel = Literal["True", "False", "Uncertain"]
FORMATS: tuple[str, ...] = ("halueval", "folio")
M = TypeVar("M", bound=BaseModel)


class HaluEvalItem(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)

    knowledge: str
    question: str = Field(min_length=1)
    right_answer: str = Field(min_length=1)
    hallucinated_answer: str = Field(min_length=1)


class FolioItem(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, populate_by_name=True)

    premises: list[str] = Field(min_length=1)
    premises_fol: list[str] = Field(alias="premises-FOL", min_length=1)
    conclusion: str = Field(min_length=1)
    conclusion_fol: str = Field(alias="conclusion-FOL", min_length=1)
    label: FolioLabel


@dataclass(frozen=True, slots=True)
class GroundingCase:
    """One (question, passages, answer) to check, and whether the answer is hallucinated."""

    id: str
    question: str
    passages: tuple[Passage, ...]
    answer: str
    hallucinated: bool


def jsonl_records(path: Path, model: type[M]) -> Iterator[tuple[int, M]]:
    """``(line number, record)`` for every non-blank line; ``DatasetError`` naming the file and line otherwise."""
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise DatasetError(f"cannot read {path}: {exc.strerror or exc}") from exc
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield number, model.model_validate(json.loads(line))
            except json.JSONDecodeError as exc:
                raise DatasetError(f"{path}:{number}: not JSON ({exc.msg}); expected one JSON object per line") from exc
            except ValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in e['loc']) or 'record'}: {e['msg']}" for e in exc.errors()[:3]
                )
                raise DatasetError(f"{path}:{number}: expected a {model.__name__} record ({problems})") from exc


def load_halueval(path: Path) -> list[GroundingCase]:
    """Two cases per HaluEval item: ``halueval-<line>-right`` (grounded) and ``-hallucinated``."""
    cases: list[GroundingCase] = []
    for number, item in jsonl_records(path, HaluEvalItem):
        passages = (Passage(f"knowledge-{number}", item.knowledge),)
        cases.append(GroundingCase(f"halueval-{number}-right", item.question, passages, item.right_answer, False))
        cases.append(
            GroundingCase(f"halueval-{number}-hallucinated", item.question, passages, item.hallucinated_answer, True)
        )
    if not cases:
        raise DatasetError(f"{path}: no HaluEval items found")
    return cases


def load_folio_items(path: Path) -> list[tuple[int, FolioItem]]:
    """The FOLIO items with their line numbers."""
    items = list(jsonl_records(path, FolioItem))
    if not items:
        raise DatasetError(f"{path}: no FOLIO items found")
    return items


def load_folio_cases(path: Path) -> list[GroundingCase]:
    """FOLIO as grounding data: premises are the chunks, the conclusion is the answer (grounded iff True)."""
    return [
        GroundingCase(
            id=f"folio-{number}",
            question="",
            passages=tuple(Passage(f"p{i}", text) for i, text in enumerate(item.premises, start=1)),
            answer=item.conclusion,
            hallucinated=item.label != "True",
        )
        for number, item in load_folio_items(path)
    ]


def load_cases(path: Path, fmt: str) -> list[GroundingCase]:
    """``load_halueval`` or ``load_folio_cases`` by ``fmt`` (``halueval`` or ``folio``)."""
    if fmt == "halueval":
        return load_halueval(path)
    if fmt == "folio":
        return load_folio_cases(path)
    raise DatasetError(f"unknown data format {fmt!r}; expected one of {', '.join(FORMATS)}")


def detect_data_format(path: Path) -> str:
    """``folio`` when the first record has ``premises``, else ``halueval``."""
    try:
        with path.open(encoding="utf-8") as handle:
            first = next((line for line in handle if line.strip()), "")
    except OSError as exc:
        raise DatasetError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return "folio" if '"premises"' in first else "halueval"
