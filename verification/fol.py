"""First-order formulas: NLTK's logic parser, extended to FOLIO's symbols, plus a documented normaliser.

Accepted syntax is NLTK's (``all x.(P(x) -> Q(x))``, ``exists``, ``-``, ``&``, ``|``, ``->``,
``<->``, ``=``, ``!=``) and FOLIO's Unicode symbols: ``∀ ∃ ¬ ∧ ∨ → ↔ ≠`` are rewritten to NLTK's
tokens, and ``⊕`` (exclusive or) is a binary operator of our parser subclass that builds
``-(A <-> B)``. Precedence, tightest first: ``¬``, ``=``, quantifiers (a quantifier scopes over the
next atom or parenthesised group, as in FOLIO), ``∧``, ``∨``/``⊕``, ``→``, ``↔``; binary operators
group to the left. ``∀x`` is written ``all x.`` so that ``∀x Animal(x)`` (no parentheses) parses.

NLTK's naming rules decide what a symbol is: a single lower-case letter other than ``e``, optionally
followed by digits (``x``, ``y2``) is an individual variable; every other lower-case name is a
constant (``bonnie``); a name applied to arguments is a predicate or function (``TalentShows(x)``).

The normaliser (``lenient=True``, the default) repairs these known quirks of FOLIO's gold
annotations and reports each repair in ``Formula.fixes``; the data itself is never edited:

- ``unbalanced-parens``: an unmatched ``)`` is dropped, a missing ``)`` is appended at the end
  (``A ⊕ B → C ∧ D)`` reads ``(A ⊕ B) → (C ∧ D)``);
- ``decimal-in-name``: a decimal point inside a name becomes ``_`` (``y42.3billion``), since ``.``
  is NLTK's quantifier dot;
- ``free-constant``: a free variable written like a variable but with digits (``y2003``, meant as
  the year) is read as a constant. A free single letter (``P(x)`` with no quantifier) stays a
  variable and is universally closed, as Prover9 does.

Arity clashes (``Created(x)`` and ``Created(x, y)``) are legal here; ``verification.p9syntax``
gives each arity its own Prover9 symbol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from graphproof.verification.grounding_errors import FormulaError
from nltk.sem.logic import (
    ConstantExpression,
    Expression,
    IffExpression,
    LogicalExpressionException,
    LogicParser,
    NegatedExpression,
    Tokens,
    Variable,
)

XOR = "⊕"
_UNICODE = (("¬", " -"), ("∧", " & "), ("∨", " | "), ("→", " -> "), ("↔", " <-> "), ("≠", " != "), ("⇒", " -> "))
_QUANTIFIER = re.compile(r"([∀∃])\s*([A-Za-z]\w*)\s*\.?")
_DECIMAL_IN_NAME = re.compile(r"(?<=\d)\.(?=\d)")
_DIGIT_VARIABLE = re.compile(r"^[a-df-z]\d+$|^e\d+$")


def _xor(first: Expression, second: Expression) -> Expression:
    return NegatedExpression(IffExpression(first, second))


class FolParser(LogicParser):  # type: ignore[misc]  # NLTK is untyped
    """NLTK's ``LogicParser`` with ``⊕`` as a binary operator (``A ⊕ B`` → ``-(A <-> B)``), at ``∨``'s precedence."""

    def __init__(self) -> None:
        super().__init__(type_check=False)
        self.operator_precedence[XOR] = self.operator_precedence[Tokens.OR]

    def get_all_symbols(self) -> list[str]:
        return [*Tokens.SYMBOLS, XOR]

    def isvariable(self, tok: str) -> bool:
        return tok != XOR and bool(super().isvariable(tok))

    def get_BooleanExpression_factory(self, tok: str) -> Any:  # noqa: N802 - NLTK's hook name
        if tok == XOR:
            return _xor
        return super().get_BooleanExpression_factory(tok)


@dataclass(frozen=True, slots=True)
class Formula:
    """A parsed formula: the text as given, the NLTK expression, and the normaliser's repairs (if any)."""

    source: str
    expression: Expression
    fixes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.expression)


def to_nltk_syntax(text: str) -> str:
    """FOLIO's Unicode symbols rewritten to NLTK's tokens (``⊕`` is kept: our parser reads it)."""
    out = _QUANTIFIER.sub(lambda m: f" {'all' if m.group(1) == '∀' else 'exists'} {m.group(2)}.", text)
    for symbol, token in _UNICODE:
        out = out.replace(symbol, token)
    return out.replace(XOR, f" {XOR} ")


def balance_parentheses(text: str) -> str:
    """Drop every ``)`` that closes nothing and append the ``)`` still missing at the end."""
    depth = 0
    kept: list[str] = []
    for char in text:
        if char == ")":
            if depth == 0:
                continue
            depth -= 1
        elif char == "(":
            depth += 1
        kept.append(char)
    return "".join(kept) + ")" * depth


def normalise(text: str) -> tuple[str, tuple[str, ...]]:
    """The text-level repairs of the module docstring: ``(repaired text, names of the repairs made)``."""
    fixes: list[str] = []
    repaired = _DECIMAL_IN_NAME.sub("_", text)
    if repaired != text:
        fixes.append("decimal-in-name")
    balanced = balance_parentheses(repaired)
    if balanced != repaired:
        fixes.append("unbalanced-parens")
    return balanced, tuple(fixes)


@lru_cache(maxsize=1)
def _parser() -> FolParser:
    return FolParser()


def _constants_for_digit_variables(expression: Expression) -> tuple[Expression, tuple[str, ...]]:
    fixes: list[str] = []
    for variable in sorted(expression.free(), key=lambda v: v.name):
        if _DIGIT_VARIABLE.match(variable.name):
            expression = expression.replace(variable, ConstantExpression(Variable(variable.name)))
            fixes.append(f"free-constant:{variable.name}")
    return expression, tuple(fixes)


def parse_formula(text: str, *, lenient: bool = True) -> Formula:
    """Parse one formula (NLTK or FOLIO syntax); ``lenient`` applies the documented normaliser.

    Raises ``FormulaError`` naming the formula, the position NLTK stopped at and what it expected.
    """
    if not isinstance(text, str) or not text.strip():
        raise FormulaError(str(text), "expected a non-empty formula string")
    source = text
    fixes: tuple[str, ...] = ()
    if lenient:
        text, fixes = normalise(text)
    nltk_text = " ".join(to_nltk_syntax(text).split())
    if "∀" in nltk_text or "∃" in nltk_text:
        raise FormulaError(source, "a quantifier (∀ or ∃) must be followed by a variable, e.g. ∀x (P(x))")
    try:
        expression = _parser().parse(nltk_text)
    except LogicalExpressionException as exc:
        detail = " ".join(str(exc).split("\n")[:1]) or "syntax error"
        raise FormulaError(source, f"{detail} (read as NLTK syntax: {nltk_text!r})") from exc
    except (RecursionError, IndexError, AttributeError) as exc:
        raise FormulaError(source, f"{type(exc).__name__} while parsing (read as {nltk_text!r})") from exc
    if lenient:
        expression, more = _constants_for_digit_variables(expression)
        fixes += more
    return Formula(source=source, expression=expression, fixes=fixes)


def parse_formulas(texts: list[str] | tuple[str, ...], *, lenient: bool = True) -> list[Formula]:
    """``parse_formula`` for each text (the first failure raises)."""
    return [parse_formula(text, lenient=lenient) for text in texts]
