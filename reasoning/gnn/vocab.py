"""The relation vocabulary of a model: predicates and their inverses, with the text the encoder reads.

Relation id ``i`` (``0 <= i < R``) is predicate ``i`` followed forwards (``s -[p]-> o`` read from
``s``); id ``i + R`` is the same predicate followed backwards (``p⁻¹``, read from ``o``).

A model reads a relation only through the encoder's embedding of its text, so at inference a vocabulary
can be *opened* to predicates the model never saw (``with_unseen``): they are appended after the trained
ones (ids ``R .. R + U - 1``, inverses after all forward ids) and read by their text like the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from graphproof.graph.model import predicate_words


@dataclass(frozen=True)
class RelationVocab:
    """Sorted, distinct predicates, then the ``unseen`` ones (sorted, distinct, none of them trained).

    ``len(vocab)`` is ``2R`` (each predicate and its inverse), ``R`` counting the unseen ones; a checkpoint
    keeps only ``predicates``.
    """

    predicates: tuple[str, ...]
    unseen: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if list(self.predicates) != sorted(set(self.predicates)):
            raise ValueError("RelationVocab.predicates must be sorted and distinct")
        if list(self.unseen) != sorted(set(self.unseen)) or set(self.unseen) & set(self.predicates):
            raise ValueError("RelationVocab.unseen must be sorted, distinct and not among the trained predicates")

    @classmethod
    def of(cls, predicates: Iterable[str]) -> RelationVocab:
        return cls(tuple(sorted(set(predicates))))

    def with_unseen(self, predicates: Iterable[str]) -> RelationVocab:
        """This vocabulary opened to those of ``predicates`` it lacks (module docstring)."""
        return RelationVocab(self.predicates, tuple(sorted(set(self.unseen) | set(self.unknown(list(predicates))))))

    @property
    def every(self) -> tuple[str, ...]:
        """The trained predicates, then the unseen ones: predicate ``i`` has relation id ``i``."""
        return self.predicates + self.unseen

    @cached_property
    def index(self) -> dict[str, int]:
        return {p: i for i, p in enumerate(self.every)}

    @property
    def size(self) -> int:
        """R: the number of predicates (relation ids run from 0 to 2R - 1)."""
        return len(self.predicates) + len(self.unseen)

    def __len__(self) -> int:
        return 2 * self.size

    def inverse(self, relation_id: int) -> int:
        return (relation_id + self.size) % (2 * self.size)

    def texts(self) -> list[str]:
        """The text of every relation id: ``"directed by"`` and ``"inverse of directed by"``."""
        words = [predicate_words(p) or p for p in self.every]
        return words + [f"inverse of {w}" for w in words]

    def name(self, relation_id: int) -> str:
        """``directed_by`` or ``directed_by⁻¹``."""
        base = self.every[relation_id % self.size]
        return base if relation_id < self.size else f"{base}⁻¹"

    def unknown(self, predicates: Sequence[str]) -> list[str]:
        return sorted({p for p in predicates if p not in self.index})
