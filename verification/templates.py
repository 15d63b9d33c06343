"""The sentence-template reading: a whole sentence as one predicate over the values it states.

The frame reading (``verification.frames``) covers simple clauses; most encyclopaedic sentences
("Sooni Taraporevala (born 1957) is an Indian screenwriter, photographer and filmmaker who is best
known as …") are beyond it. The template reading keeps *all* of such a sentence's content without
parsing it:

- its values (dates, years, numbers: ``verification.values``) become the predicate's arguments, in
  the order written;
- every other word is part of the predicate: lemmatised (``simplemma``), articles and punctuation
  dropped, names (capitalised words after the first) compared exactly;
- a negation ("not", "n't", "never"; with its do-support, "did not become" → "become") is taken out
  and becomes the formula's negation, so a sentence and its denial read as ``T(v…)`` and ``-T(v…)``.

A claim's template is *aligned* with a chunk sentence's template (``align``): the word keys must
match in order, each value slot facing a slot of the same kind (time or number); a run of words may
differ only when no side holds a value or more than ``MAX_REPLACED`` words and the two runs (as lemmas
or as written) are WordNet synonyms (``verification.wordnet``: "made" ~ "created", "TV" ~ "television") or — when no
side holds a name — the embeddings of the two runs *in their sentence*, each with the ``CONTEXT_WORDS`` words either
side of it, have cosine ≥ the paraphrase threshold. A word alone is a poor vector: MiniLM puts "called" at 0.28 from
"known as" and "headquartered" at 0.60 from "based", while "older"/"younger" read 0.87. In a sentence the shared
words lift every pair: over HaluEval dev sentences (session 31) synonyms read 0.96-0.98 at the median, antonyms
and sister terms put in the same places 0.92 — apart on the whole, not pair by pair ("Touch is track by British girl"
reads 0.907 from the same with "song", with "album" 0.949). So the threshold trades proving paraphrases against
proving a changed word; ``benchmarks.verification --folds 2`` chooses it against both the ``paraphrase`` and the
``word_changed`` perturbations (``evaluation.perturb``). WordNet antonyms never align, nor runs that differ in
their function words ("before"/"after", ``comparable``): those move a sentence's vector least and its meaning most.
Without WordNet's antonyms nothing would stop "north" ~ "south" (0.92 in context), so then runs align only as
synonyms.
Nothing else may differ: a claim with a word, a name or a clause the sentence does not have is not aligned, so it
keeps no template reading. An alignment becomes the equivalence axiom ``all x.(C(x) <-> T(x))``.

A chunk sentence also *fixes* its values (``closure``): ``all x.(T(x, v2) -> x = v1)`` for each slot
— the sentence states one value there — so a claim that restates the sentence with another date or
number is refuted, not just unproved. A template written with different values by two sentences of
the context gets no closure (the sentence is not about one thing).

A number written with a bound ("below US $300", "more than 5": ``values.bound_before``) fills its slot
with a bounded variable instead of the number: the bound's words leave the template, so "It cost below
US $300 to take the test" aligns with "It costs US $205 to take the test", and the claim's goal is
``exists y1.(C(y1) & Less(y1, n_300))``, decided by the order facts of the numbers written. A premise
with a bound states ``exists y1.(T(y1) & …)``, and its template key gets no closure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

import numpy as np
from graphproof.text.lexicon import FUNCTION
from graphproof.verification.values import LESS, Value, bound_before, find_values
from numpy.typing import NDArray

SLOT = "#"
MAX_REPLACED = 2
CONTEXT_WORDS = 3  # words either side of a replaced run embedded with it (module docstring)
ARTICLES = frozenset(("a", "an", "the"))
NEGATION_WORDS = frozenset(("not", "never"))
DO_SUPPORT = frozenset(("do", "does", "did"))
_CONTRACTION = re.compile(r"\b(ca|wo|do|does|did|is|are|was|were|has|have|had|could|would|should)n['’]t\b", re.I)
_TOKEN = re.compile(rf"[^\W_]+(?:[-'’][^\W_]+)*|{SLOT}")
_UNIT = "tpl_unit"
EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]
SynonymFn = Callable[[str, str], bool]


@lru_cache(maxsize=100_000)
def lemma(word: str) -> str:
    import simplemma

    return str(simplemma.lemmatize(word, lang="en")).casefold()


@dataclass(frozen=True, slots=True)
class Token:
    """One word of a template: as written, its comparison key, and whether it is part of a name."""

    text: str
    key: str
    name: bool = False

    @property
    def slot(self) -> bool:
        return self.key == SLOT


@dataclass(frozen=True, slots=True)
class Template:
    """A sentence read as a template: its words (``#`` where a value was), the values, its polarity."""

    text: str
    tokens: tuple[Token, ...]
    values: tuple[Value, ...]
    negated: bool
    bounds: tuple[str, ...] = ()  # per value: "" when stated exactly, else "<", ">", "<=" or ">="

    def bound(self, i: int) -> str:
        return self.bounds[i] if i < len(self.bounds) else ""

    @property
    def key(self) -> str:
        return " ".join(t.key for t in self.tokens)


def _expand(text: str) -> str:
    def repl(match: re.Match[str]) -> str:
        base = match.group(1).casefold()
        return {"ca": "can", "wo": "will"}.get(base, match.group(1)) + " not"

    return _CONTRACTION.sub(repl, text)


def read_template(sentence: str) -> Template | None:
    """The template of ``sentence`` (module docstring); ``None`` when it has no word besides values."""
    found = find_values(sentence)
    parts: list[str] = []
    bounds: list[str] = []
    last = 0
    for f in found:
        before = sentence[last : f.start]
        bound = bound_before(before) if f.value.kind == "number" else None
        bounds.append(bound[0] if bound else "")
        parts += [before[: bound[1]] + before[bound[2] :] if bound else before, f" {SLOT} "]
        last = f.end
    parts.append(sentence[last:])
    words = _TOKEN.findall(_expand("".join(parts)))
    tokens: list[Token] = []
    negated = False
    for i, word in enumerate(words):
        lower = word.casefold()
        following = words[i + 1].casefold() if i + 1 < len(words) else ""
        if lower in NEGATION_WORDS and following != "only":
            negated = not negated
            if tokens and tokens[-1].text.casefold() in DO_SUPPORT:
                tokens.pop()
            continue
        if lower in ARTICLES:
            continue
        if word == SLOT:
            tokens.append(Token(word, SLOT))
            continue
        name = bool(tokens) and word[:1].isupper()
        tokens.append(Token(word, lower if name else lemma(lower), name))
    if not any(not t.slot for t in tokens):
        return None
    return Template(sentence, tuple(tokens), tuple(f.value for f in found), negated, tuple(bounds))


@dataclass(frozen=True, slots=True)
class Alignment:
    """A claim template aligned with a premise template: slot ``i`` of the claim faces slot ``order[i]``."""

    premise: Template
    order: tuple[int, ...]
    replaced: tuple[tuple[str, str], ...]


def _same_kind(a: Value, b: Value) -> bool:
    return a.is_time == b.is_time and (a.kind == "date") == (b.kind == "date")


def comparable(left: Sequence[Token], right: Sequence[Token]) -> bool:
    """Whether two replaced runs may be compared by their vectors: each holds a content word, and they hold the same
    function words or one holds none ("known as" ~ "called"). "before"/"after", "over"/"under", "with"/"without"
    and "is"/"was" change what a sentence says while the sentence's vector barely moves, so such runs align only as
    WordNet synonyms."""
    words = [{t.text.casefold() for t in run} for run in (left, right)]
    function = [run & FUNCTION for run in words]
    if any(not run - FUNCTION for run in words):
        return False
    return not function[0] or not function[1] or function[0] == function[1]


def _window(tokens: Sequence[Token], start: int, end: int) -> str:
    """The run ``tokens[start:end]`` with ``CONTEXT_WORDS`` words either side, as written."""
    return " ".join(t.text for t in tokens[max(0, start - CONTEXT_WORDS) : end + CONTEXT_WORDS])


def align(
    claim: Template,
    premise: Template,
    embed: EmbedFn,
    threshold: float,
    synonyms: SynonymFn | None = None,
    antonyms: SynonymFn | None = None,
) -> Alignment | None:
    """How ``claim`` restates ``premise`` (module docstring), or ``None`` when it says something else; a run
    holding a WordNet antonym of the other run ("north"/"south") never aligns, however close the vectors."""
    if len(claim.values) != len(premise.values):
        return None
    a = [t.key for t in claim.tokens]
    b = [t.key for t in premise.tokens]
    replaced: list[tuple[str, str]] = []
    unresolved: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op != "replace" or i2 - i1 > MAX_REPLACED or j2 - j1 > MAX_REPLACED:
            return None
        left, right = claim.tokens[i1:i2], premise.tokens[j1:j2]
        if any(t.slot for t in (*left, *right)):
            return None
        pair = (" ".join(t.text for t in left), " ".join(t.text for t in right))
        replaced.append(pair)
        lemmas = (" ".join(t.key for t in left), " ".join(t.key for t in right))
        if antonyms is not None and any(
            antonyms(x, y) for x in (*lemmas[0].split(), *pair[0].casefold().split())
            for y in (*lemmas[1].split(), *pair[1].casefold().split())
        ):
            return None
        if synonyms is not None and (synonyms(*lemmas) or synonyms(*(text.casefold() for text in pair))):
            continue  # as written too: the lemmatiser reads the adverb "later" as "late
        if any(t.name for t in (*left, *right)):  # a name is replaced by its WordNet synonym only ("TV")
            return None
        if antonyms is None or not comparable(left, right):  # no antonym veto, no vectors: "north" ~ "south"
            return None
        unresolved.append((_window(claim.tokens, i1, i2), _window(premise.tokens, j1, j2)))
    if unresolved:
        vectors = embed([text for pair in unresolved for text in pair])
        for k in range(len(unresolved)):
            if float(np.dot(vectors[2 * k], vectors[2 * k + 1])) < threshold:
                return None
    order = tuple(range(len(claim.values)))  # slots are only ever matched in order (equal blocks)
    if not all(_same_kind(claim.values[i], premise.values[j]) for i, j in enumerate(order)):
        return None
    return Alignment(premise, order, tuple(replaced))


class TemplateRenderer:
    """FOL for template readings: one predicate per distinct premise template key, one per claim.

    ``value_symbol`` registers a value with the check's value axioms (kinds, distinctness, order) and
    returns its constant. ``bounded`` says whether a bound was read (then the check needs the order facts),
    ``bounded_premise`` whether a premise has one (then it needs ``transitivity`` too).
    """

    def __init__(self, value_symbol: Callable[[Value], str]) -> None:
        self.value_symbol = value_symbol
        self._premise_symbols: dict[str, str] = {}
        self._values_by_key: dict[str, set[tuple[Value, ...]]] = {}
        self._bounded_keys: set[str] = set()
        self._claims = 0
        self.bounded = False
        self.bounded_premise = False

    def _args(self, values: Sequence[Value]) -> list[str]:
        return [self.value_symbol(v) for v in values] or [_UNIT]

    def _atom(self, symbol: str, template: Template, prefix: str) -> str:
        """``symbol`` over the template's values, each bounded slot a variable ``{prefix}{i}`` that the
        bound's condition constrains: ``exists y1.(T(y1, n_3) & Less(y1, n_300))``."""
        args = self._args(template.values)
        conditions, variables = [], []
        for i in range(len(template.values)):
            if not template.bound(i):
                continue
            self.bounded = True
            variable = f"{prefix}{i + 1}"
            variables.append(variable)
            conditions.append(_condition(template.bound(i), variable, args[i]))
            args[i] = variable
        atom = f"{symbol}({', '.join(args)})"
        if not variables:
            return atom
        return f"exists {' '.join(variables)}.({' & '.join([atom, *conditions])})"

    def premise_symbol(self, template: Template) -> str:
        return self._premise_symbols.setdefault(template.key, f"Tpl{len(self._premise_symbols) + 1}")

    def premise(self, template: Template) -> str:
        """The chunk sentence's atom, negated when the sentence is."""
        if any(template.bounds):
            self._bounded_keys.add(template.key)
            self.bounded_premise = True
        elif not template.negated:
            self._values_by_key.setdefault(template.key, set()).add(template.values)
        atom = self._atom(self.premise_symbol(template), template, "y")
        return _negated(atom) if template.negated else atom

    def closures(self, templates: Sequence[Template]) -> list[str]:
        """The value-fixing axioms (module docstring) of the affirmative premise templates whose key was
        written with one tuple of values only, and never with a bound."""
        out: list[str] = []
        for template in {t.key: t for t in templates if not t.negated and t.values}.values():
            if len(self._values_by_key.get(template.key, ())) != 1 or template.key in self._bounded_keys:
                continue
            symbol = self.premise_symbol(template)
            args = self._args(template.values)
            for i, fixed in enumerate(args):
                pattern = [*args[:i], "x", *args[i + 1 :]]
                out.append(f"all x.({symbol}({', '.join(pattern)}) -> (x = {fixed}))")
        return list(dict.fromkeys(out))

    def claim(self, template: Template, alignment: Alignment) -> tuple[str, str]:
        """The claim's goal (negated when the claim's sentence is; the caller adds the polarity of a "no"
        answer) and its alignment axiom."""
        self._claims += 1
        symbol = f"TplClaim{self._claims}"
        arity = max(len(template.values), 1)
        variables = [f"x{i + 1}" for i in range(arity)]
        premise_args = [variables[i] for i in alignment.order] if template.values else variables
        quantifier = " ".join(f"all {v}." for v in variables)
        axiom = (
            f"{quantifier}({symbol}({', '.join(variables)}) <-> "
            f"{self.premise_symbol(alignment.premise)}({', '.join(premise_args)}))"
        )
        goal = self._atom(symbol, template, "y")
        return (_negated(goal) if template.negated else goal), axiom

    @staticmethod
    def transitivity() -> str:
        """Number order is transitive: needed when a premise's bounded variable stands between two numbers."""
        return f"all x y z.(({LESS}(x, y) & {LESS}(y, z)) -> {LESS}(x, z))"


def _negated(formula: str) -> str:
    return f"-({formula})" if formula.startswith("exists") else f"-{formula}"


def _condition(bound: str, variable: str, number: str) -> str:
    """The FOL of ``variable`` standing in ``bound`` to the constant ``number``."""
    strict = f"{LESS}({variable}, {number})" if bound.startswith("<") else f"{LESS}({number}, {variable})"
    return f"({strict} | ({variable} = {number}))" if bound.endswith("=") else strict


def best_alignment(
    claim: Template,
    premises: Sequence[Template],
    embed: EmbedFn,
    threshold: float,
    synonyms: SynonymFn | None = None,
    antonyms: SynonymFn | None = None,
) -> Alignment | None:
    """The premise ``claim`` restates with the fewest replaced words (a premise with the same key first)."""
    for premise in premises:
        exact = align(claim, premise, embed, threshold, synonyms, antonyms) if premise.key == claim.key else None
        if exact is not None:
            return exact
    others = (align(claim, p, embed, threshold, synonyms, antonyms) for p in premises if p.key != claim.key)
    found = [a for a in others if a is not None]
    return min(found, key=lambda a: len(a.replaced)) if found else None
