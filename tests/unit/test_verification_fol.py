"""FOL parsing (NLTK + FOLIO symbols + the normaliser) and the NLTK → Prover9 conversion."""

from __future__ import annotations

import re

import pytest
from graphproof.verification.fol import balance_parentheses, parse_formula, to_nltk_syntax
from graphproof.verification.grounding_errors import FormulaError
from graphproof.verification.p9syntax import to_prover9
from nltk.sem.logic import AllExpression, IffExpression, NegatedExpression


def p9(premises: list[str], goal: str) -> tuple[tuple[str, ...], str, dict[str, str]]:
    problem = to_prover9([parse_formula(p).expression for p in premises], parse_formula(goal).expression)
    return problem.assumptions, problem.goal, dict(problem.renamed)


def test_folio_symbols_become_nltk_syntax() -> None:
    parsed = parse_formula("∀x (TalentShows(x) → Engaged(x) ∧ ¬Inactive(x))")
    assert isinstance(parsed.expression, AllExpression)
    assert str(parsed.expression) == "all x.(TalentShows(x) -> (Engaged(x) & -Inactive(x)))"
    assert parsed.fixes == ()


def test_quantifier_without_parentheses_and_nltk_input_parse() -> None:
    assert str(parse_formula("∀x Animal(x)").expression) == "all x.Animal(x)"
    assert str(parse_formula("all x.(man(x) -> mortal(x))").expression) == "all x.(man(x) -> mortal(x))"
    assert to_nltk_syntax("∀x ∀y (R(x, y))").split() == ["all", "x.", "all", "y.(R(x,", "y))"]


def test_xor_is_the_negated_biconditional_at_or_precedence() -> None:
    parsed = parse_formula("Manager(james) ⊕ Appear(james) → Busy(james)").expression
    implication_left = parsed.first
    assert isinstance(implication_left, NegatedExpression)
    assert isinstance(implication_left.term, IffExpression)


def test_normaliser_repairs_folio_quirks_and_says_so() -> None:
    unbalanced = parse_formula("Chaperone(bonnie) ⊕ TalentShows(bonnie) → Inactive(bonnie))")
    assert "unbalanced-parens" in unbalanced.fixes
    decimal = parse_formula("ValuedAt(yalesendowment, y42.3billion)")
    assert "decimal-in-name" in decimal.fixes
    year = parse_formula("WrittenIn(familyhistory, y2003)")
    assert year.fixes == ("free-constant:y2003",)
    assert not year.expression.free()  # y2003 is a constant now, not a variable
    assert balance_parentheses("(a))") == "(a)" and balance_parentheses("((a)") == "((a))"


def test_strict_parsing_refuses_what_the_normaliser_repairs() -> None:
    with pytest.raises(FormulaError, match="ValuedAt"):
        parse_formula("ValuedAt(yale, y42.3billion)", lenient=False)


@pytest.mark.parametrize("text", ["", "   ", "P(x) Q(x)", "∀ (P(x))", "P(x) ∧ ∧ Q(x)", "P(f(x))"])
def test_bad_formulas_raise_a_clear_error(text: str) -> None:
    with pytest.raises(FormulaError, match="cannot parse the formula"):
        parse_formula(text)


def test_constants_starting_u_to_z_are_not_prover9_variables() -> None:
    assumptions, goal, renamed = p9(["Rich(yale)", "∀x (Rich(x) → Happy(x))"], "Happy(yale)")
    assert assumptions[0] == "Rich(c_yale)" and goal == "Happy(c_yale)"
    assert renamed == {"c_yale": "yale"}


def test_symbols_used_with_two_arities_get_two_prover9_names() -> None:
    assumptions, goal, _ = p9(["Created(zelda)", "Created(nintendo, zelda)"], "Created(zelda)")
    assert assumptions == ("Created(c_zelda)", "Created_2(nintendo, c_zelda)")
    assert goal == "Created(c_zelda)"


def test_free_variables_are_closed_explicitly_and_non_ascii_names_are_numbered() -> None:
    assumptions, goal, renamed = p9(["含まれる(リモートアクセス, ワイヤレス)"], "Tired(x)")
    assert goal == "(all x Tired(x))"
    assert re.fullmatch(r"p_\d+\(c_\d+, c_\d+\)", assumptions[0])
    assert set(renamed.values()) >= {"含まれる", "リモートアクセス", "ワイヤレス"}
