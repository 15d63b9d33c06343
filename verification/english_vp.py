"""Verb phrases and complements for the rule-based English → FOL translation (``verification.english``).

``VerbPhraseReader`` finds where a clause's verb phrase starts and reads it as a property of the
subject: ``either … or`` (∨; exclusive, ⊕, when the subject is a named individual, as FOLIO reads
it), ``both … and`` (∧), ``neither … nor`` (¬ ∧ ¬), ``and``/``or`` before a verb, ``is/are (not)
(a) NP (who VP)``, ``does not``/``cannot``/``no longer``/``has no`` (¬), and otherwise one property
named by the phrase's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from graphproof.text.lexicon import (
    ARTICLES,
    AUX,
    COPULA,
    DO,
    GENERIC_ALL,
    HAVE,
    MODALS,
    NAME_LINKS,
    NOT_VERBS,
    PARTICLES,
    PREPOSITIONS,
    PRONOUNS,
    QUANTIFIERS,
    RELATIVE,
    VACUOUS,
    VERBS,
    VP_OPENERS,
)
from graphproof.verification.english_ir import Name, Node, Not, Pred, Term, Var, conj, disj
from graphproof.verification.english_words import inside_phrase, is_participle, words
from graphproof.verification.symbols import PRIVATIVE

KEPT_MODALS = frozenset(("can", "could", "may", "might", "must"))
OBJECT_PRONOUNS = frozenset(("it", "them", "him", "her"))


class _Scope(Protocol):
    target: Term | None
    variables: list[Var]


class VerbPhraseReader:
    """The verb-phrase half of ``EnglishTranslator`` (the clause half supplies ``_clause``)."""

    def __init__(self, verbs: frozenset[str]) -> None:
        self.verbs = frozenset(VERBS) | verbs

    def _clause(self, tokens: list[str], scope: _Scope, in_rule: bool = False) -> Node | None:
        raise NotImplementedError  # supplied by EnglishTranslator

    # where the verb phrase starts ---------------------------------------------------------------
    def _verb_index(self, tokens: list[str]) -> int | None:
        """Where the main verb phrase starts (after the subject and any relative clause).

        Scanning left to right: the first verb of a relative clause belongs to it; an auxiliary
        (is, can, does …) or "either"/"neither" starts the verb phrase; any other verb is taken only
        when no auxiliary follows ("All X are Y" is far more common than a verb inside the subject).
        """
        lower = [t.lower() for t in tokens]
        if lower[0] in PRONOUNS:
            return 1
        start = 1
        if tokens[0][:1].isupper() or tokens[0][:1].isdigit():
            end = self._name_end(tokens, lower)
            if end < len(tokens) and lower[0] not in QUANTIFIERS and self._starts_verb_phrase(lower, end):
                return end
            start = max(1, end)
        if lower[0] in QUANTIFIERS:
            start = max(start, 2)
        in_relative = relative_verb_seen = False
        fallback: int | None = None
        for i in range(start, len(lower)):
            word = lower[i]
            if word in RELATIVE:
                in_relative, relative_verb_seen = True, False
                continue
            if tokens[i][:1].isupper() and tokens[i - 1][:1].isupper():
                continue  # a capitalised word after another is part of a title ("Love *Has* Come for You")
            is_aux = word in AUX and lower[i - 1] != "to"
            if in_relative and not relative_verb_seen and _relative_verb(tokens, lower, i):
                relative_verb_seen = True  # "the company that *purchased* Aixam is …": a verb the lists lack
                continue
            if not (is_aux or word in ("either", "neither") or self._verb_like(lower, i)):
                continue
            if in_relative and not relative_verb_seen:
                relative_verb_seen = True
                continue
            if is_aux or word in ("either", "neither"):
                return i
            if fallback is None and not (not in_relative and i > start and is_participle(word)
                                         and not self._past_after_name(tokens, lower, i)):
                fallback = i
        if fallback is not None:
            return fallback
        past = (i for i in range(start, len(lower)) if lower[i].endswith("ed") and lower[i] not in NOT_VERBS)
        named = next((i for i in past if not RELATIVE & set(lower[:i]) and self._past_after_name(tokens, lower, i)),
                     None)  # fmt: skip
        return named if named is not None else self._guess_verb(lower, start)

    @staticmethod
    def _past_after_name(tokens: list[str], lower: list[str], i: int) -> bool:
        """A past form right after a name, with an object after it and no auxiliary later, is the verb ("the Jazz
        *signed* free agents …"), not a participle modifying the name ("the film *directed* by …")."""
        return (
            tokens[i - 1][:1].isupper()
            and i + 1 < len(lower)
            and lower[i + 1] not in PREPOSITIONS
            and lower[i + 1].isalpha()
            and not any(w in AUX for w in lower[i + 1 :])
        )

    @staticmethod
    def _guess_verb(lower: list[str], start: int) -> int | None:
        """Last resort for unknown verbs: the word after a plural head ("Books contain"), a word in -s after a
        singular one ("hardship refers"), or a past form."""

        def candidate(i: int) -> bool:
            return lower[i].isalpha() and lower[i] not in NOT_VERBS and lower[i - 1] not in ARTICLES | PREPOSITIONS

        for i in range(max(1, start), len(lower)):
            previous = lower[i - 1]
            plural_before = previous in GENERIC_ALL or (previous.endswith("s") and not previous.endswith("ss"))
            if candidate(i) and (plural_before or (lower[i].endswith("s") and not lower[i].endswith("ss"))):
                return i
        return next((i for i in range(max(1, start), len(lower)) if candidate(i) and lower[i].endswith("ed")), None)

    def _starts_verb_phrase(self, lower: list[str], i: int) -> bool:
        """Right after a name: an auxiliary, "either", a known verb, or an -s/-ed word before no auxiliary."""
        word = lower[i]
        if word in AUX | VP_OPENERS or self._verb_like(lower, i):
            return True
        follows_aux = i + 1 < len(lower) and lower[i + 1] in AUX
        return word.endswith(("s", "ed")) and word.isalpha() and word not in NOT_VERBS and not follows_aux

    @staticmethod
    def _name_end(tokens: list[str], lower: list[str]) -> int:
        """The end of a leading run of capitalised words ("The Legend of Zelda", "French and Spanish")."""
        end = 1
        while end < len(tokens) and (
            tokens[end][:1].isupper()
            or tokens[end][:1].isdigit()
            or (lower[end] in NAME_LINKS | {"and"} and end + 1 < len(tokens) and tokens[end + 1][:1].isupper())
        ):
            end += 1
        return end

    def _verb_like(self, lower: list[str], i: int) -> bool:
        word = lower[i]
        if word in AUX:
            return True
        if word in NOT_VERBS or word.endswith("ing") or (i and lower[i - 1] in ARTICLES | PREPOSITIONS | {"to"}):
            return False
        return (
            word in self.verbs
            or (word.endswith("s") and word[:-1] in self.verbs)
            or (word.endswith("es") and word[:-2] in self.verbs)
        )

    # reading the verb phrase --------------------------------------------------------------------
    def _opened(self, tokens: list[str], subject: Term, scope: _Scope, part: Callable[..., Node | None]) -> Node | None:
        """``either A or B`` / ``both A and B`` / ``neither A nor B``, each part read by ``part``."""
        lower = [t.lower() for t in tokens]
        for opener, joiner in (("either", "or"), ("both", "and"), ("neither", "nor")):
            if lower and lower[0] == opener and joiner in lower[1:]:
                nodes = [part(p, subject, scope) for p in self._split(tokens[1:], joiner, nested=True)]
                if len(nodes) >= 2 and all(n is not None for n in nodes):
                    kept = [n for n in nodes if n is not None]
                    if opener == "either":
                        return exclusive(kept) if isinstance(subject, Name) else disj(*kept)
                    return conj(*(Not(n) for n in kept)) if opener == "neither" else conj(*kept)
        return None

    def _verb_phrase(self, tokens: list[str], subject: Term, scope: _Scope) -> Node | None:
        items = noun_list(tokens[1:]) if tokens and tokens[0].lower() in COPULA else None
        if items is not None:  # "is a French film director, actor, and screenwriter": one property per item
            nodes = [self.noun_property(item, subject, scope) for item in items]
            if all(n is not None for n in nodes):
                return conj(*[n for n in nodes if n is not None])
        tokens = words(tokens)
        skipped = ("also", "always", "then", "both")  # "X and Y both play chess": "both" is said of the subject
        while len(tokens) > 1 and (tokens[0].lower() in skipped or tokens[0].lower() in PRONOUNS):
            tokens = tokens[1:]
        if not tokens:
            return None
        opened = self._opened(tokens, subject, scope, self._verb_phrase)
        if opened is not None:
            return opened
        lower = [t.lower() for t in tokens]
        head = lower[0]
        for joiner in ("and", "or"):  # "does not X and does not Y": a new auxiliary starts a new verb phrase
            parts = self._split(tokens, joiner, before=AUX)
            if len(parts) > 1:
                nodes = [self._verb_phrase(p, subject, scope) for p in parts]
                if all(n is not None for n in nodes):
                    kept = [n for n in nodes if n is not None]
                    return conj(*kept) if joiner == "and" else disj(*kept)
        if head in COPULA:
            return self._after_copula(tokens[1:], subject, scope)
        if head in MODALS | DO and len(tokens) > 1:
            if lower[1] == "not":
                inner = self._verb_phrase(tokens[2:], subject, scope)
                return _negated(_with_modal(inner, head))
            return _with_modal(self._verb_phrase(tokens[1:], subject, scope), head)
        for joiner in ("or", "and", "nor"):
            parts = self._split(tokens, joiner, verb_only=True)
            if len(parts) > 1:
                nodes = [self._verb_phrase(p, subject, scope) for p in parts]
                if all(n is not None for n in nodes):
                    kept = [n for n in nodes if n is not None]
                    if joiner == "nor":
                        return conj(kept[0], *(Not(n) for n in kept[1:]))
                    return disj(*kept) if joiner == "or" else conj(*kept)
        if head in HAVE and len(tokens) > 1 and lower[1] in ("no", "not"):
            return Not(Pred(" ".join(["have", *tokens[2:]]), (subject,)))
        if lower[:2] == ["no", "longer"] or head in ("not", "never"):
            return _negated(self._verb_phrase(tokens[2 if head == "no" else 1 :], subject, scope))
        if len(tokens) > 1 and lower[-1] in OBJECT_PRONOUNS:  # "Jane does not like it": it = the rule's variable
            other = next((v for v in scope.variables if v != subject), None)
            if other is not None:
                return Pred(" ".join(tokens[:-1]), (subject, other))
        return Pred(" ".join(tokens), (subject,))

    def _after_copula(self, tokens: list[str], subject: Term, scope: _Scope) -> Node | None:
        while len(tokens) > 1 and tokens[0].lower() in ("also", "always", "both"):  # "X and Y are both Z"
            tokens = tokens[1:]
        lower = [t.lower() for t in tokens]
        if lower[:1] == ["not"] or lower[:2] == ["no", "longer"]:
            return _negated(self._complement(tokens[1 if lower[0] == "not" else 2 :], subject, scope))
        return self._complement(tokens, subject, scope)

    def _complement(self, tokens: list[str], subject: Term, scope: _Scope) -> Node | None:
        tokens = words(tokens) if "," not in tokens[1:-1] else tokens
        if not tokens:
            return None
        opened = self._opened(tokens, subject, scope, self._complement)
        if opened is not None:
            return opened
        if tokens[0].lower() in AUX | {"not"}:
            return self._verb_phrase(tokens, subject, scope)
        for joiner in ("or", "and"):
            parts = self._split(tokens, joiner)
            if len(parts) > 1 and joiner == "and" and _shares_wide_modifier(parts):
                break  # "a former footballer and manager": "former" may hold for both, so neither is said alone
            if len(parts) > 1 and joiner == "and" and inside_phrase(parts):
                break  # "a journal about biology, physics, and chemistry": the list is the phrase's
            if len(parts) > 1:
                nodes = [self._clause_part(p, scope) or self._complement(p, subject, scope) for p in parts]
                if not all(n is not None for n in nodes):
                    return None
                kept = [n for n in nodes if n is not None]
                return disj(*kept) if joiner == "or" else conj(*kept)
        return self.noun_property(words(tokens), subject, scope)

    def noun_property(self, tokens: list[str], subject: Term, scope: _Scope, *, domain: bool = False) -> Node | None:
        """``(a) NP (who VP | participle …)`` as properties of ``subject``: the noun (``kind="noun"``) ∧ the clause;
        "N with X" is read as "N that has X" ("mammals with no teeth": Mammal(x) & -Tooth(x)).

        A vacuous head ("ugly person", "evil people") leaves its modifiers; a lone vacuous noun
        ("people who …") adds nothing; with ``domain`` the noun only names the domain and adds nothing.
        """
        while tokens and tokens[0].lower() in ARTICLES | QUANTIFIERS - {"no"}:
            tokens = tokens[1:]
        lower = [t.lower() for t in tokens]
        cut = next((i for i, t in enumerate(lower) if t in RELATIVE), None)
        if cut and set(lower[1:cut]) & PREPOSITIONS:
            return None  # "the brother of Bob Hope, who founded …": who founded it, the brother or Bob Hope?
        skip = 1
        if cut is None:
            cut = next(
                (
                    i
                    for i in range(1, len(tokens) - 1)
                    if is_participle(tokens[i]) and lower[i + 1] in PREPOSITIONS | ARTICLES | PARTICLES
                ),
                None,
            )
            skip = 0
        noun, rest = (tokens, []) if cut is None else (tokens[:cut], tokens[cut + skip :])
        having: list[str] = []
        at = next((i for i in range(1, len(noun) - 1) if noun[i].lower() == "with" and noun[i + 1][:1].islower()), None)
        if at is not None:  # "mammals with no teeth" = mammals that have no teeth
            noun, having = noun[:at], ["have", *noun[at + 1 :]]
        while len(noun) > 1 and noun[-1].lower() in VACUOUS:
            noun = noun[:-1]
        while noun and noun[0].lower() in VACUOUS:
            noun = noun[1:]
        parts: list[Node] = []
        if noun and not domain:
            parts.append(Pred(" ".join(noun), (subject,), "noun"))
        if having:
            owned = self._verb_phrase(having, subject, scope)
            if owned is None:
                return None
            parts.append(owned)
        if rest:
            clause = self._verb_phrase(rest, subject, scope)
            if clause is None:
                return None
            parts.append(clause)
        return conj(*parts) if parts else None

    def _clause_part(self, tokens: list[str], scope: _Scope) -> Node | None:
        """A coordinated part with its own named subject ("… or Jerry is a manager"), else ``None``."""
        tokens = words(tokens)
        if len(tokens) < 3 or not tokens[0][:1].isupper() or tokens[0].lower() in ARTICLES:
            return None
        end = self._name_end(tokens, [t.lower() for t in tokens])
        if end < len(tokens) and tokens[end].lower() in AUX:
            return self._clause(tokens, scope)
        return None

    def _split(
        self,
        tokens: list[str],
        joiner: str,
        *,
        verb_only: bool = False,
        nested: bool = False,
        before: frozenset[str] | None = None,
    ) -> list[list[str]]:
        """``tokens`` cut at each top-level ``joiner``: where a comma precedes it if any does ("either A and
        B, or C"), never inside a relative clause unless ``nested``; with ``verb_only`` only before a verb."""
        lower = [t.lower() for t in tokens]
        marked = [i for i, t in enumerate(lower) if t == joiner and i and lower[i - 1] == ","]
        relative = next((i for i, t in enumerate(lower) if t in RELATIVE), len(lower))
        parts: list[list[str]] = [[]]
        for i, token in enumerate(tokens):
            nxt = i + 1
            cut = lower[i] == joiner and parts[-1] and nxt < len(tokens) and (i < relative or verb_only or nested)
            if cut and marked and i not in marked:
                cut = False
            if cut and before is not None:
                cut = lower[nxt] in before
            elif cut and verb_only:
                follows = lower[nxt]
                cut = follows in AUX | {"not", "either", "neither", "both"} or self._verb_like(lower, nxt)
            if cut:
                parts.append([])
                continue
            parts[-1].append(token)
        cleaned = [words(p) for p in parts]
        return cleaned if len(cleaned) > 1 and all(cleaned) else [words(tokens)]


# A first modifier that may hold for every item of a noun list and take away what each says ("a former footballer,
# coach and manager"): such a list is not split (``noun_list``).
LIST_WIDE_MODIFIERS = PRIVATIVE | frozenset(
    ("retired", "late", "future", "then", "previous", "past", "sometime", "one-time", "aspiring", "failed")
)


def _shares_wide_modifier(parts: list[list[str]]) -> bool:
    """Whether the first part opens with a list-wide modifier (after its article) that the later parts, having no
    article of their own, may share: "a former footballer and manager" (not "a former footballer and a manager")."""
    first = [t.lower() for t in parts[0] if t.lower() not in ARTICLES]
    shared = all(p and p[0].lower() not in ARTICLES for p in parts[1:])
    return bool(first) and first[0] in LIST_WIDE_MODIFIERS and shared


def noun_list(tokens: list[str]) -> list[list[str]] | None:
    """``a French film director, actor, comic strip writer, and screenwriter`` → its items, each a property of
    the subject; ``None`` unless it is such a list: one that opens with an article (predicate adjectives "red,
    white and blue" are not each true of the subject), with no negation, not a list of coordinate adjectives
    before one noun ("a large, heavy and slow animal": a one-word first item with a longer last one), nor one
    whose first modifier may hold for every item (``LIST_WIDE_MODIFIERS``), nor one whose first item has a
    preposition ("a member of A, B and C": B and C are not what the subject is), nor one with a name or a
    relative clause after the first item."""
    lower = [t.lower() for t in tokens]
    if not lower or lower[0] not in ARTICLES or "," not in lower or "and" not in lower or "or" in lower:
        return None  # "is red, white and blue" names no nouns: the flag is not red
    if any(t in ("not", "no", "never", "nor") for t in lower):
        return None
    joint = len(lower) - 1 - lower[::-1].index("and")
    if joint < lower.index(",") or joint == len(lower) - 1:
        return None
    items: list[list[str]] = [[]]
    for word in tokens[:joint]:
        if word == ",":
            items.append([])
        else:
            items[-1].append(word)
    items = [i for i in items if i] + [tokens[joint + 1 :]]
    first = [t for t in items[0] if t.lower() not in ARTICLES]
    if len(items) < 3 or not first or any(t.lower() in PREPOSITIONS | RELATIVE for t in first):
        return None
    if first[0].lower() in LIST_WIDE_MODIFIERS:  # "a former footballer, coach and manager": no longer a coach either
        return None
    if len(first) == 1 and len([t for t in items[-1] if t.lower() not in ARTICLES]) > 1:
        return None
    if any(not t[:1].islower() or t.lower() in RELATIVE for item in items[1:] for t in item):
        return None
    return [first, *items[1:]]


def exclusive(parts: list[Node]) -> Node:
    """Exactly one of ``parts`` (two parts: ``(A | B) & -(A & B)``)."""
    if len(parts) == 2:
        return conj(disj(*parts), Not(conj(*parts)))
    return conj(disj(*parts), *(Not(conj(a, b)) for i, a in enumerate(parts) for b in parts[i + 1 :]))


def _negated(node: Node | None) -> Node | None:
    return Not(node) if node is not None else None


def _with_modal(node: Node | None, modal: str) -> Node | None:
    """``can``/``could``/``may``/``might``/``must`` stay part of a simple property ("can compose" is not
    "will compose"); other auxiliaries (will, does …) add nothing."""
    if isinstance(node, Pred) and modal in KEPT_MODALS:
        return Pred(f"{modal} {node.phrase}", node.args, node.kind)
    return node


def _relative_verb(tokens: list[str], lower: list[str], i: int) -> bool:
    """Whether the word at ``i`` is a relative clause's verb that the verb lists lack: an "-ed" word right after
    the relative pronoun ("that *purchased* Aixam"), or an "-s"/"-ed" word right after a name ("that Koularo
    *lies* in")."""
    word = lower[i]
    if not word.isalpha() or len(word) < 4 or word in NOT_VERBS or not tokens[i].islower():
        return False
    if lower[i - 1] in RELATIVE:
        return word.endswith("ed")
    return tokens[i - 1][:1].isupper() and word.endswith(("s", "ed")) and not word.endswith("ss")
