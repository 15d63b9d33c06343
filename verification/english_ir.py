"""The intermediate form of the rule-based English → FOL translation (before symbols are named).

Predicates and constants are still English phrases here ("perform in school talent shows
often", "The Legend of Zelda"); ``verification.symbols`` turns phrases into canonical symbols,
clusters them and writes NLTK formulas.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Var:
    """A bound variable (``x``, ``y`` …)."""

    name: str


@dataclass(frozen=True, slots=True)
class Name:
    """A named individual, as written ("Bonnie", "The Legend of Zelda", "1984")."""

    text: str


Term = Var | Name


@dataclass(frozen=True, slots=True)
class Pred:
    """An atom: a predicate phrase applied to terms (one term: a property; two: a relation).

    ``kind`` says whether the phrase came from a noun phrase ("wild turkey") or a verb phrase;
    only noun phrases take part in head-noun subsumption (``verification.symbols``).
    """

    phrase: str
    args: tuple[Term, ...]
    kind: Literal["verb", "noun"] = "verb"


@dataclass(frozen=True, slots=True)
class Not:
    body: Node


@dataclass(frozen=True, slots=True)
class Junction:
    """``&`` or ``|`` of two or more parts."""

    op: Literal["&", "|"]
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Cond:
    """``left -> right`` (or ``left <-> right`` when ``iff``)."""

    left: Node
    right: Node
    iff: bool = False


@dataclass(frozen=True, slots=True)
class Quant:
    kind: Literal["all", "exists"]
    var: Var
    body: Node


Node = Pred | Not | Junction | Cond | Quant


def conj(*parts: Node) -> Node:
    """The conjunction of ``parts`` (one part is itself)."""
    return parts[0] if len(parts) == 1 else Junction("&", tuple(parts))


def disj(*parts: Node) -> Node:
    """The disjunction of ``parts`` (one part is itself)."""
    return parts[0] if len(parts) == 1 else Junction("|", tuple(parts))


def atoms(node: Node) -> Iterator[Pred]:
    """Every atom of ``node``, depth first."""
    if isinstance(node, Pred):
        yield node
    elif isinstance(node, Not):
        yield from atoms(node.body)
    elif isinstance(node, Junction):
        for part in node.parts:
            yield from atoms(part)
    elif isinstance(node, Cond):
        yield from atoms(node.left)
        yield from atoms(node.right)
    else:
        yield from atoms(node.body)


def names(node: Node) -> set[str]:
    """The texts of the named individuals in ``node``."""
    return {arg.text for atom in atoms(node) for arg in atom.args if isinstance(arg, Name)}


def is_logical(node: Node) -> bool:
    """True when ``node`` is more than a conjunction of positive atoms about named individuals."""
    if isinstance(node, Pred):
        return any(isinstance(arg, Var) for arg in node.args)
    if isinstance(node, Junction) and node.op == "&":
        return any(is_logical(part) for part in node.parts)
    return True
