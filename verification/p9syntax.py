"""NLTK expressions → Prover9 input syntax, with one symbol table per proof problem.

Prover9 differs from NLTK in ways that change meaning, so the conversion is explicit:

- Prover9 reads a free name starting with ``u``–``z`` as a *variable*: a constant ``yale`` would
  make ``P(yale)`` mean "everything is P". Constants that start with ``u``–``z`` (or with anything
  but a letter ``a``–``t``) are written ``c_<name>``.
- NLTK's variables (``x``, ``y2``, ``a``) are written ``x``, ``y2`` or ``v_a`` (always ``u``–``z``
  names), and every formula is universally closed over its free variables explicitly, so the
  negated goal of a refutation attempt is ``-(all x P(x))`` and not ``all x -P(x)``.
- Prover9 rejects a symbol used with two arities (``P/1`` and ``P/2``) or as both predicate and
  function: each (kind, name, arity) gets its own Prover9 name (``Created`` and ``Created_2``).
- Names that are not ASCII identifiers (``含まれる``, ``Companies’Stocks``) are sanitised
  (``Companies_Stocks``) or numbered (``p_1``); ``Problem.restore`` maps a proof back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from graphproof.verification.grounding_errors import FormulaError
from nltk.sem.logic import (
    AbstractVariableExpression,
    AllExpression,
    AndExpression,
    ApplicationExpression,
    ConstantExpression,
    EqualityExpression,
    ExistsExpression,
    Expression,
    FunctionVariableExpression,
    IffExpression,
    ImpExpression,
    IndividualVariableExpression,
    NegatedExpression,
    OrExpression,
)

_ASCII_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_VARIABLE_NAME = re.compile(r"^[u-z][0-9]*$")
_CONSTANT_START = re.compile(r"^[a-t]")
_UNSAFE = re.compile(r"[^A-Za-z0-9_]+")
_P9_WORD = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")
_BINARY: tuple[tuple[type, str], ...] = (
    (AndExpression, "&"),
    (OrExpression, "|"),
    (ImpExpression, "->"),
    (IffExpression, "<->"),
)


@dataclass
class SymbolTable:
    """Prover9 names of a problem's predicates, functions and constants (one namespace, as in Prover9)."""

    _names: dict[tuple[str, str, int], str] = field(default_factory=dict)
    _taken: dict[str, tuple[str, str, int]] = field(default_factory=dict)

    def name(self, kind: str, original: str, arity: int) -> str:
        """The Prover9 name of ``original`` used as ``kind`` (``"pred"`` or ``"func"``) with ``arity`` arguments."""
        key = (kind, original, arity)
        found = self._names.get(key)
        if found is not None:
            return found
        base = _UNSAFE.sub("_", original).strip("_")
        if not base:  # nothing ASCII in the name (e.g. Japanese): a numbered symbol
            base = "p" if kind == "pred" else "c"
        elif not base[0].isalpha():
            base = f"{'p' if kind == 'pred' else 'c'}_{base}"
        if kind == "func" and not _CONSTANT_START.match(base):
            base = f"c_{base}"
        candidate, counter = base, 1
        while candidate in self._taken or candidate in {"p", "c"}:
            counter += 1
            candidate = f"{base}_{counter}"
        self._names[key] = candidate
        self._taken[candidate] = key
        return candidate

    def originals(self) -> dict[str, str]:
        """Prover9 name → original name, for the names that were changed."""
        return {p9: key[1] for p9, key in self._taken.items() if p9 != key[1]}


def _variable(name: str) -> str:
    return name if _VARIABLE_NAME.match(name) else f"v_{_UNSAFE.sub('_', name)}"


class Converter:
    """Writes NLTK expressions as Prover9 formulas, sharing one ``SymbolTable``."""

    def __init__(self, symbols: SymbolTable | None = None) -> None:
        self.symbols = symbols or SymbolTable()

    def formula(self, expression: Expression, source: str = "") -> str:
        """``expression`` as a Prover9 formula, universally closed over its free individual variables."""
        body = self._formula(expression, source or str(expression))
        for variable in sorted(expression.free(), key=lambda v: v.name, reverse=True):
            body = f"(all {_variable(variable.name)} {body})"
        return body

    def _formula(self, e: Expression, source: str) -> str:
        if isinstance(e, NegatedExpression):
            return f"-{self._formula(e.term, source)}"
        for kind, operator in _BINARY:
            if isinstance(e, kind):
                return f"({self._formula(e.first, source)} {operator} {self._formula(e.second, source)})"
        if isinstance(e, AllExpression | ExistsExpression):
            quantifier = "all" if isinstance(e, AllExpression) else "exists"
            return f"({quantifier} {_variable(e.variable.name)} {self._formula(e.term, source)})"
        if isinstance(e, EqualityExpression):
            return f"({self._term(e.first, source)} = {self._term(e.second, source)})"
        if isinstance(e, ApplicationExpression):
            function, arguments = e.uncurry()
            if not isinstance(function, ConstantExpression | FunctionVariableExpression):
                raise FormulaError(source, f"{function} is applied to arguments but is not a predicate name")
            terms = ", ".join(self._term(argument, source) for argument in arguments)
            return f"{self.symbols.name('pred', function.variable.name, len(arguments))}({terms})"
        if isinstance(e, ConstantExpression | FunctionVariableExpression):
            return self.symbols.name("pred", e.variable.name, 0)
        if isinstance(e, IndividualVariableExpression):
            raise FormulaError(source, f"the variable {e} stands where a formula was expected")
        raise FormulaError(source, f"{type(e).__name__} ({e}) is not first-order logic")

    def _term(self, e: Expression, source: str) -> str:
        if isinstance(e, IndividualVariableExpression):
            return _variable(e.variable.name)
        if isinstance(e, AbstractVariableExpression):  # constants, and predicate names used as terms
            return self.symbols.name("func", e.variable.name, 0)
        if isinstance(e, ApplicationExpression):
            function, arguments = e.uncurry()
            if not isinstance(function, ConstantExpression | FunctionVariableExpression):
                raise FormulaError(source, f"{function} is applied to arguments but is not a function name")
            terms = ", ".join(self._term(argument, source) for argument in arguments)
            return f"{self.symbols.name('func', function.variable.name, len(arguments))}({terms})"
        raise FormulaError(source, f"{e} stands where a term (a constant, variable or function) was expected")


@dataclass(frozen=True, slots=True)
class Problem:
    """One Prover9 problem: assumptions, the goal, and the names changed on the way."""

    assumptions: tuple[str, ...]
    goal: str
    renamed: Mapping[str, str]

    def negated(self) -> Problem:
        """The same assumptions with the negated goal (the refutation attempt)."""
        return Problem(self.assumptions, f"-{self.goal}", self.renamed)

    def restore(self, text: str) -> str:
        """``text`` (e.g. a proof) with Prover9 names mapped back to the original symbols."""
        if not self.renamed:
            return text
        return _P9_WORD.sub(lambda m: self.renamed.get(m.group(), m.group()), text)


def to_prover9(premises: Sequence[Expression], goal: Expression, sources: Mapping[int, str] | None = None) -> Problem:
    """A ``Problem`` for proving ``goal`` from ``premises`` (one symbol table for all of them).

    ``sources`` (premise index → original text, ``-1`` for the goal) only improves error messages.
    """
    sources = sources or {}
    converter = Converter()
    assumptions = tuple(converter.formula(p, sources.get(i, "")) for i, p in enumerate(premises))
    goal_text = converter.formula(goal, sources.get(-1, ""))
    return Problem(assumptions, goal_text, converter.symbols.originals())
