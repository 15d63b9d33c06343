"""Frames (``verification.frames``) as first-order formulas, and the axioms that make values values.

A verbal frame is an event (Davidson 1967; Parsons 1990)::

    "Marie Curie won the Nobel Prize in Physics in 1903."
    exists e.(EvWin(e) & Agent(e, marie_curie) & Theme(e, nobel_prize) & RoleIn(e, physics) & When(e, v_1903))

A copular frame is a property of its subject (``AmericanMusician(allie_goertz)``), its
prepositional phrases relations of the complement (``HighlySolubleIn(x, water)``); an identity is
``=``. A negated frame is the negation of the whole formula.

Values (``verification.values``) are constants with a kind (``IsTime``/``IsNumber``), pairwise
distinct, and ordered by ground facts (``Before(v_1844, v_1989)``, ``-Before(v_1989, v_1844)``).
A premise frame that gives a value *fixes* it (``closure``): any event with the same predicate
and the same other roles has no other value of that kind in that role::

    all e.((EvBorn(e) & Theme(e, goertz)) -> all v.((When(e, v) & IsTime(v)) -> (v = v_1991_03_02 | v = v_1991)))

so a claim that gives the same event another date is *refuted*, not merely unproved. This is the
functional reading of a stated value ("born on", "founded in", "has a population of"); it is an
assumption of the method, stated here. A date premise also gives its year (``v_1991``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from graphproof.verification.frames import LOCATED, Arg, Frame
from graphproof.verification.symbols import SymbolTable
from graphproof.verification.values import LESS, Value, before, less, year_of

ROLE_NAMES = {"agent": "Agent", "theme": "Theme", "when": "When", "num": "Amount"}
TIME, NUMBER, BEFORE = "IsTime", "IsNumber", "Before"


def role_symbol(role: str) -> str:
    """``Agent``, ``Theme``, ``When``, ``Amount``, or ``RoleIn``/``RoleAfter`` … for a preposition."""
    return ROLE_NAMES.get(role) or "Role" + "".join(ch for ch in role.title() if ch.isalnum())


class FrameRenderer:
    """Renders frames with one check's ``SymbolTable``; remembers every value it wrote."""

    def __init__(self, symbols: SymbolTable) -> None:
        self.symbols = symbols
        self.values: dict[str, Value] = {}
        self.located = False  # whether a frame placed something somewhere (then ``containment`` applies)

    def arg(self, arg: Arg) -> str:
        if isinstance(arg, Value):
            self.values.setdefault(arg.symbol, arg)
            return arg.symbol
        return self.symbols.constant(arg)

    def _roles(self, frame: Frame, *, premise: bool) -> list[tuple[str, Arg]]:
        roles = list(frame.roles)
        if premise:  # a date premise also gives its year
            roles += [(role, y) for role, v in frame.values if (y := year_of(v)) is not None]
        return roles

    def body(self, frame: Frame, variable: str = "e", *, premise: bool = False) -> str:
        """The un-negated formula of ``frame`` (events existentially bound to ``variable``)."""
        if frame.kind == "identity":
            return f"({self.arg(frame.subject)} = {self.arg(frame.roles[0][1])})"
        if frame.kind == "copula":
            subject = self.arg(frame.subject)
            atoms = [f"{self.symbols.predicate(frame.predicate, 1, noun=True)}({subject})"]
            for role, arg in frame.roles:
                relation = self.symbols.predicate(f"{frame.predicate} {role}", 2)
                atoms.append(f"{relation}({subject}, {self.arg(arg)})")
            return atoms[0] if len(atoms) == 1 else "(" + " & ".join(atoms) + ")"
        return f"exists {variable}.(" + " & ".join(self.event_atoms(frame, variable, premise=premise)) + ")"

    def event_atoms(self, frame: Frame, variable: str, *, premise: bool = False) -> list[str]:
        """A verbal frame's atoms about the event ``variable`` (``EvWin(e)``, ``Agent(e, marie_curie)`` …)."""
        atoms = [f"{self.symbols.event(frame.predicate)}({variable})"]
        atoms += [f"{role_symbol(r)}({variable}, {self.arg(a)})" for r, a in self._roles(frame, premise=premise)]
        self.located = self.located or frame.predicate == LOCATED
        return list(dict.fromkeys(atoms))

    def containment(self) -> str:
        """Being located in a place is transitive: what is in Istanbul, which is in Turkey, is in Turkey."""
        event, theme, inside = self.symbols.event(LOCATED), role_symbol("theme"), role_symbol("in")

        def placed(e: str, what: str, where: str) -> str:
            return f"{event}({e}) & {theme}({e}, {what}) & {inside}({e}, {where})"

        return (
            f"all x y z.((exists e1.({placed('e1', 'x', 'y')}) & exists e2.({placed('e2', 'y', 'z')})) "
            f"-> exists e3.({placed('e3', 'x', 'z')}))"
        )

    def formula(self, frame: Frame, *, premise: bool = False) -> str:
        body = self.body(frame, premise=premise)
        return f"-{body}" if frame.negated else body

    def conjunction(self, frames: Sequence[Frame]) -> str:
        """A claim's frames as one goal; an indefinite subject ("A research university moved …") is
        existentially bound: ``exists x1.(ResearchUniversity(x1) & exists e.(EvMove(e) & Agent(e, x1) …))``.
        (A premise keeps the subject's constant, a Skolem constant for the same formula.)"""
        parts = [self.formula(f) for f in frames]
        goal = parts[0] if len(parts) == 1 else "(" + " & ".join(parts) + ")"
        bound = list(dict.fromkeys(self.arg(f.subject) for f in frames if f.indefinite))
        for k, constant in enumerate(bound, start=1):
            goal = f"exists x{k}.(" + re.sub(rf"\b{re.escape(constant)}\b", f"x{k}", goal) + ")"
        return goal

    def closure(self, frame: Frame) -> list[str]:
        """The value-fixing axioms of a premise frame (module docstring); none for a negated or copular frame."""
        if frame.kind != "verbal" or frame.negated or not frame.values:
            return []
        event = self.symbols.event(frame.predicate)
        roles = self._roles(frame, premise=True)
        core = [f"{event}(e)"] + [f"{role_symbol(r)}(e, {self.arg(a)})" for r, a in roles if not isinstance(a, Value)]
        groups: dict[tuple[str, str], list[str]] = {}
        for role, arg in roles:
            if isinstance(arg, Value):
                kind = TIME if arg.is_time else NUMBER
                groups.setdefault((role, kind), []).append(self.arg(arg))
        out = []
        condition = " & ".join(dict.fromkeys(core))
        for (role, kind), symbols in groups.items():
            allowed = " | ".join(f"v = {s}" for s in dict.fromkeys(symbols))
            out.append(f"all e.(({condition}) -> all v.(({role_symbol(role)}(e, v) & {kind}(v)) -> ({allowed})))")
        return out

    def value_axioms(self, *, order: bool, focus: set[str] | None = None) -> list[str]:
        """Kinds and pairwise distinctness of every value written; with ``order`` the ``Before``/``Less`` facts.

        With ``focus`` (the value symbols the claims' goals mention), distinctness only for the pairs with one of them:
        a claim is refuted by *its* value differing from a stated one, and two stated values that differ only make
        the premises say more about each other (a README with 57 numbers gives 1,596 pairs, and Prover9 its 2 s)."""
        values = sorted(self.values.values())
        out = [f"{TIME if v.is_time else NUMBER}({v.symbol})" for v in values]
        out += [
            f"({a.symbol} != {b.symbol})"
            for i, a in enumerate(values)
            for b in values[i + 1 :]
            if focus is None or a.symbol in focus or b.symbol in focus
        ]
        if order:
            for a in values:
                for b in values:
                    if a is b:
                        continue
                    if a.is_time and b.is_time:
                        out.append(f"{'' if before(a, b) else '-'}{BEFORE}({a.symbol}, {b.symbol})")
                    elif a.kind == "number" and b.kind == "number":
                        out.append(f"{'' if less(a, b) else '-'}{LESS}({a.symbol}, {b.symbol})")
        return out


def comparison_formula(
    renderer: FrameRenderer, winner: Sequence[Frame], others: Iterable[Sequence[Frame]], relation: str
) -> str:
    """``winner``'s value in its ``when``/number role stands in ``relation`` (``Before``/``Less``, or their
    converse ``After``/``More``) to each of ``others``' values: ``exists e1 v1 e2 v2.(… & Before(v1, v2))``."""
    parts = []
    kind = TIME if relation in ("Before", "After") else NUMBER
    symbol = BEFORE if kind == TIME else LESS
    role = role_symbol("when" if kind == TIME else "num")
    first = _event_part(renderer, winner, "e1", "v1", role)
    for other in others:
        second = _event_part(renderer, other, "e2", "v2", role)
        ordered = f"{symbol}(v1, v2)" if relation in ("Before", "Less") else f"{symbol}(v2, v1)"
        parts.append(f"exists e1 v1 e2 v2.({first} & {second} & {kind}(v1) & {kind}(v2) & {ordered})")
    return parts[0] if len(parts) == 1 else "(" + " & ".join(parts) + ")"


def _event_part(renderer: FrameRenderer, frames: Sequence[Frame], event: str, value: str, role: str) -> str:
    return "(" + " & ".join([*renderer.event_atoms(frames[0], event), f"{role}({event}, {value})"]) + ")"
