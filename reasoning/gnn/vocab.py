"""The relation vocabulary of a model: predicates and their inverses, with the text the encoder reads.

Relation id ``i`` (``0 <= i < R``) is predicate ``i`` followed forwards (``s -[p]-> o`` read from
``s``); id ``i + R`` is the same predicate followed backwards (``p⁻¹``, read from ``o``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from graphproof.graph.model import predicate_words


@dataclass(frozen=True)
class RelationVocab:
    """Sorted, distinct predicates. ``len(vocab)`` is ``2R`` (each predicate and its inverse)."""

    predicates: tuple[str, ...]

    def __post_init__(self) -> None:
        if list(self.predicates) != sorted(set(self.predicates)):
            raise ValueError("RelationVocab.predicates must be sorted and distinct")

    @classmethod
    def of(cls, predicates: Iterable[str]) -> RelationVocab:
        return cls(tuple(sorted(set(predicates))))

    @cached_property
    def index(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.predicates)}

    @property
    def size(self) -> int:
        """R: the number of predicates (relation ids run from 0 to 2R - 1)."""
        return len(self.predicates)

    def __len__(self) -> int:
        return 2 * len(self.predicates)

    def inverse(self, relation_id: int) -> int:
        return (relation_id + self.size) % (2 * self.size)

    def texts(self) -> list[str]:
        """The text of every relation id: ``"directed by"`` and ``"inverse of directed by"``."""
        words = [predicate_words(p) or p for p in self.predicates]
        return words + [f"inverse of {w}" for w in words]

    def name(self, relation_id: int) -> str:
        """``directed_by`` or ``directed_by⁻¹``."""
        base = self.predicates[relation_id % self.size]
        return base if relation_id < self.size else f"{base}⁻¹"

    def unknown(self, predicates: Sequence[str]) -> list[str]:
        return sorted({p for p in predicates if p not in self.index})
