"""Rule-based English → first-order logic, for the offline method (no LLM).

A small pattern grammar for the sentences FOLIO-style premises are made of; anything else is
left to the event-frame reading (``verification.frames``). Sentence patterns, tried in order:

- ``If and only if A, B`` / ``A if and only if B`` → ``A ↔ B``;
- ``If/When A, (then) B`` → ``A → B``; ``B if A`` / ``B as long as A`` / ``B when A`` → ``A → B``;
- ``There is/are NP (who VP)`` and ``Some NPs exist`` → ``∃x (NP(x) ∧ VP(x))``;
- otherwise one clause.

Clause = subject + verb phrase (``verification.english_vp``). Subjects: ``All/Every/Each/Any NP
(who|that VP)`` → ``∀x (NP(x) ∧ VP₁(x) → VP(x))``; ``No NP …`` → ``∀x (… → ¬VP(x))``;
``Some/Many NP …`` → ``∃x``; generic words (``people``, ``everyone``, ``something``, ``a/an NP``,
bare plurals such as "Humans are mammals") → a variable, universally closed (in a conditional the
variable spans both sides and pronouns — they, he, she, it, "the/that NP" — refer back to it);
``A and B`` (names) → the clause for each; any other subject is a named individual ("Bonnie",
"The Legend of Zelda", "KO"). A sentence-initial capital is ignored when the word is written in
lower case elsewhere in the same texts ("Dried Thai chilies …" vs "… dried Thai chilies …").
Noun phrases become properties: "a student who attends the school" → ``Student(x) ∧
AttendSchool(x)``, "students working in the lab" → ``Student(x) ∧ WorkLab(x)``, "an ugly
person" → ``Ugly(x)``. Predicates stay English phrases here; ``verification.symbols``
canonicalises them.

It is deliberately shallow (no parser, no coreference beyond the rules above): measure it on
FOLIO with ``graphproof eval hallucination --format folio --method offline``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from graphproof.text.lexicon import (
    ARTICLES,
    AUX,
    COPULA,
    DEMONSTRATIVES,
    GENERIC_ALL,
    GENERIC_SOME,
    PREPOSITIONS,
    PRONOUNS,
    QUANTIFIERS,
    RELATIVE,
    SOME_DETS,
)
from graphproof.verification.english_ir import Cond, Name, Node, Not, Quant, Term, Var, conj, disj
from graphproof.verification.english_vp import VerbPhraseReader, noun_list
from graphproof.verification.english_words import (
    clean,
    is_participle,
    is_past_tense,
    learn_vocabulary,
    tokens_of,
    words,
)

# lower-case words a title may hold between two capitalised words ("First for Women", "Lord of the Rings")
TITLE_LINKS = frozenset(("of", "the", "for", "in", "on", "to", "at", "de", "du", "la", "le", "von", "van", "del"))
_IFF_FIRST = re.compile(r"^if and only if (.+?),\s*(?:then\s+)?(.+)$", re.I)
_IFF_LAST = re.compile(r"^(.+?),? if and only if (.+)$", re.I)
_IF_FIRST = re.compile(r"^(?:if|when|whenever) (.+?)(?:,\s*then\s+|,\s*|\s+then\s+)(.+)$", re.I)
# "when"/"if" before a bare -ing word modifies the verb before it ("can jump when shooting"): no clause follows
_IF_LAST = re.compile(r"^(.+?),? (?:if|as long as|when|whenever) (?!\w+ing\b)(.+)$", re.I)
# A verbless premise "Either female players or male players.": every thing the story is about is one of the kinds
_KINDS = re.compile(r"^either\s+(?P<first>[^,]+?)\s+or\s+(?P<second>[^,]+?)$", re.I)
# "Bonnie either both attends X and is Y, or she neither attends X nor is Y": (P & Q) | (-P & -Q)
_BOTH_OR_NEITHER = re.compile(
    r"^(?P<subject>[A-Z][\w'’.\- ]*?)\s+(?:(?P<copula>is|are|was|were)\s+)?either\s+(?:both\s+)?(?P<both>.+?),?\s+or\s+"
    r"(?:(?:he|she|they|it)\s+)?(?:(?:is|are|was|were)\s+)?neither\s+(?P<first>.+?)\s+nor\s+(?P<second>.+)$"
)
# "A list of residential colleges at Yale: Benjamin Franklin College, Berkeley College, and Trumbull College."
_LIST_OF = re.compile(
    r"^(?:an?|the)\s+(?:full\s+|complete\s+)?list\s+of\s+(?P<kind>[^:]+?)\s*:\s*(?P<items>[^:]+)$", re.I
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
# "Only X is P" also says that nothing else is P; no reading keeps that, so such a claim is not read
FOCUS_WORDS = frozenset(("only", "just", "solely"))
_THERE = re.compile(r"^there (?:is|are|was|were|exists?) (?:at least one |some |a |an )?(.+)$", re.I)
_EXIST = re.compile(r"^some (.+?) exists?$", re.I)


# a classification names the kinds something falls into, one of them each: "ML algorithms can be categorized as
# supervised, unsupervised, and reinforcement learning" does not make every algorithm all three
_CLASSIFIED = re.compile(
    r"\b(?:categori[sz]ed|classified|divided|grouped|split|sorted|subdivided)\s+(?:as|into)\b", re.IGNORECASE
)


def _stray_nor(text: str) -> bool:
    """Whether ``text`` has a "nor" with no negation before it ("… or he is a foodie … nor belongs to …")."""
    lower = [w.lower() for w in re.findall(r"[\w']+", text)]
    if "nor" not in lower:
        return False
    before = lower[: lower.index("nor")]
    return not any(w in ("neither", "not", "no", "never", "nothing", "none") or w.endswith("n't") for w in before)


def _tail_with_commas(tokens: list[str], count: int) -> list[str]:
    """The end of ``tokens`` that holds its last ``count`` words, with the commas between them."""
    seen = 0
    for at in range(len(tokens) - 1, -1, -1):
        seen += tokens[at] != ","
        if seen == count:
            return tokens[at:]
    return tokens


@dataclass
class _Scope:
    """What pronouns and generic noun phrases of one sentence refer to."""

    variables: list[Var] = field(default_factory=list)
    heads: dict[str, Var] = field(default_factory=dict)
    target: Term | None = None
    top_existential: bool = False
    claim: bool = False  # a claim to prove keeps every noun as a condition (``translate``)

    def new_var(self, head: str = "") -> Var:
        count = len(self.variables)
        var = Var("xyzwvu"[count] if count < 6 else f"x{count}")
        self.variables.append(var)
        if head:
            self.heads[head] = var
        return var


class EnglishTranslator(VerbPhraseReader):
    """Translates one sentence at a time (``translate``); ``None`` when no pattern applies."""

    def __init__(self, verbs: frozenset[str] = frozenset(), common: frozenset[str] = frozenset()) -> None:
        super().__init__(verbs)
        self.common = common

    @classmethod
    def for_texts(cls, texts: Sequence[str]) -> EnglishTranslator:
        """A translator that knows the verbs and common nouns of ``texts`` (a check's chunks and answer)."""
        verbs, common = learn_vocabulary(texts)
        return cls(verbs, common)

    # sentences ----------------------------------------------------------------------------------
    def translate(self, sentence: str, *, claim: bool = False) -> Node | None:
        """``sentence`` as a formula, or ``None``. A premise's generic subject noun in a rule names the domain
        the sentence talks about ("If a cartoon character is funny, …": FOLIO's reading); a ``claim`` keeps it
        as a condition ("A design by Max is evocative" → all x.(DesignByMax(x) -> Evocative(x)), never
        all x.Evocative(x)), so no reading of a claim drops a word of it."""
        text = clean(sentence)
        if not text:
            return None
        if claim and text.split()[0].lower() in FOCUS_WORDS:
            return None  # "Only X is P" also says nothing else is P: no reading here keeps that, so none is made
        if _stray_nor(text):
            return None  # "A or B nor C": no negation for "nor" to continue, so what is denied is not said
        if _CLASSIFIED.search(text):
            return None  # "… can be categorized as A, B, and C": kinds to choose from, not properties of each
        scope = _Scope(claim=claim)
        node = self._sentence(text, scope)
        if node is None:
            return None
        for var in reversed(scope.variables):
            node = Quant("exists" if scope.top_existential else "all", var, node)
        return node

    def _sentence(self, text: str, scope: _Scope) -> Node | None:
        for pattern, antecedent_first in ((_IFF_FIRST, True), (_IFF_LAST, False)):
            match = pattern.match(text)
            if match:
                return self._conditional(match.group(1), match.group(2), scope, True, antecedent_first)
        match = _IF_FIRST.match(text)
        if match:
            return self._conditional(match.group(1), match.group(2), scope, False, True)
        match = _IF_LAST.match(text)
        if match and not text.lower().startswith(("if ", "when")):
            return self._conditional(match.group(1), match.group(2), scope, False, False)
        match = _KINDS.match(text)
        if match and not scope.claim:
            kinds = self._kinds(match, scope)
            if kinds is not None:
                return kinds
        match = _BOTH_OR_NEITHER.match(text)
        if match:
            both = self._both_or_neither(match, scope)
            if both is not None:
                return both
        match = _LIST_OF.match(text)
        if match and not scope.claim:
            listed = self._listed(match, scope)
            if listed is not None:
                return listed
        match = _THERE.match(text) or _EXIST.match(text)
        if match:
            var = scope.new_var()
            restrictor = self.noun_property(words(tokens_of(match.group(1))), var, scope)
            scope.top_existential = restrictor is not None
            return restrictor
        return self._clause(self._sentence_start(tokens_of(text)), scope)

    def _kinds(self, match: re.Match[str], scope: _Scope) -> Node | None:
        """A verbless premise "Either A or B." (FOLIO's way of saying what its story's things are): all x.(A(x) |
        B(x)), each kind a noun phrase with no verb of its own; never a claim (its noun would be the domain)."""
        parts = [tokens_of(match.group(g)) for g in ("first", "second")]
        if any(not p or self._is_clause(p) for p in parts):
            return None
        var = scope.new_var()
        read = [self.noun_property(p, var, scope) for p in parts]
        if any(r is None for r in read):
            return None
        return disj(*(r for r in read if r is not None))

    def _listed(self, match: re.Match[str], scope: _Scope) -> Node | None:
        """"A list of K: A, B, and C." as K(A) & K(B) & K(C), each item a name (capitalised words); anything
        else in the list (a clause, a lower-case phrase) leaves the sentence to the other readings."""
        items = [i.strip() for i in _LIST_SPLIT.split(match.group("items").strip()) if i.strip()]
        kind = tokens_of(match.group("kind"))
        if len(items) < 2 or not kind or not all(w[:1].isupper() for i in items for w in i.split()):
            return None
        read = [self.noun_property(list(kind), Name(item), scope) for item in items]
        if any(r is None for r in read):
            return None
        return conj(*(r for r in read if r is not None))

    def _is_clause(self, tokens: list[str]) -> bool:
        """Whether ``tokens`` have a subject and verb: an auxiliary, a pronoun first, or a name (not a possessive)
        followed by what starts a verb phrase ("Tom runs", not "Zaha Hadid's design style")."""
        lower = [t.lower() for t in tokens]
        if any(t in AUX for t in lower) or lower[0] in PRONOUNS:
            return True
        if not tokens[0][:1].isupper():
            return False
        end = self._name_end(tokens, lower)
        return end < len(tokens) and not lower[end - 1].endswith(("'s", "’s")) and self._starts_verb_phrase(lower, end)

    def _both_or_neither(self, match: re.Match[str], scope: _Scope) -> Node | None:
        """"S either both P and Q, or neither P nor Q" as (P(S) & Q(S)) | (-P(S) & -Q(S)), when the "both" side is
        the two "neither" parts joined by "and" (so where to split it is known); each part is a verb phrase, or a
        complement after the sentence's copula ("is either a manager and …")."""
        copula = match.group("copula") or "is"
        first, second = (tokens_of(match.group(g)) for g in ("first", "second"))

        def bare(part: list[str]) -> list[str]:
            return part[1:] if part and part[0].lower() in COPULA else part

        both = [t.lower() for t in tokens_of(match.group("both"))]
        joined = ([t.lower() for t in [*a, "and", *b]] for a in (first, bare(first)) for b in (second, bare(second)))
        if both not in joined:
            return None
        subject = Name(match.group("subject").strip())
        scope.target = subject
        parts = []
        for part in (first, second):
            lower = [t.lower() for t in part]
            phrase = part if lower and self._starts_verb_phrase(lower, 0) else [copula, *part]
            read = self._verb_phrase(phrase, subject, scope)
            if read is None:
                return None
            parts.append(read)
        return disj(conj(*parts), conj(*(Not(p) for p in parts)))

    def _sentence_start(self, tokens: list[str]) -> list[str]:
        """The first word in lower case when it is a common word of these texts, not a name."""
        if tokens and tokens[0][:1].isupper() and tokens[0].lower() in self.common and not tokens[0].isupper():
            return [tokens[0].lower(), *tokens[1:]]
        return tokens

    def _conditional(self, first: str, second: str, scope: _Scope, iff: bool, antecedent_first: bool) -> Node | None:
        """``first``/``second`` as written; the antecedent is read first so pronouns can refer back."""
        antecedent, consequent = (first, second) if antecedent_first else (second, first)
        order = [antecedent, consequent] if antecedent_first else [consequent, antecedent]
        read = {text: self._clause(self._sentence_start(tokens_of(text)), scope, in_rule=True) for text in order}
        left, right = read[antecedent], read[consequent]
        if left is None or right is None:
            return None
        return Cond(left, right, iff)

    # clauses ------------------------------------------------------------------------------------
    def _clause(self, tokens: list[str], scope: _Scope, in_rule: bool = False) -> Node | None:  # type: ignore[override]
        raw, tokens = tokens, words(tokens)
        lower = [t.lower() for t in tokens]
        if lower[:3] == ["it", "is", "true"] or lower[:3] == ["it", "is", "either"]:
            tokens = tokens[3:] if lower[2] == "true" else tokens[2:]
            if tokens and tokens[0].lower() == "that":
                tokens = tokens[1:]
        if not tokens or tokens[0].lower() in ("either", "neither", "both"):  # a verbless "Either A or B."
            return None
        split = self._verb_index(tokens)
        if split is None or split == 0:
            return None
        vp = tokens[split:]
        if len(raw) > len(tokens) and vp[0].lower() in COPULA:
            with_commas = _tail_with_commas(raw, len(vp))
            if noun_list(with_commas[1:]) is not None:  # "is a director, actor, and writer": the commas make the list
                vp = with_commas
        return self._with_subject(tokens[:split], vp, scope, in_rule)

    def _with_subject(self, subject: list[str], vp: list[str], scope: _Scope, in_rule: bool) -> Node | None:
        lower = [t.lower() for t in subject]
        head = lower[0]
        if head in QUANTIFIERS:
            rest = subject[2:] if len(subject) > 2 and lower[1] == "of" else subject[1:]
            if head == "no" and rest and rest[0].lower() in ("one", "body"):
                rest = rest[1:]
            var = scope.new_var(self._head_key(rest))
            restrictor = self.noun_property(rest, var, scope) if rest else None
            body = self._verb_phrase(vp, var, scope)
            scope.variables.remove(var)
            if body is None:
                return None
            if head in SOME_DETS:
                return Quant("exists", var, conj(restrictor, body) if restrictor else body)
            body = Not(body) if head == "no" else body
            return Quant("all", var, Cond(restrictor, body) if restrictor else body)
        if head in PRONOUNS and len(subject) == 1:
            return self._verb_phrase(vp, scope.target, scope) if scope.target is not None else None
        if self._coordinated(subject):
            parts = [self._verb_phrase(vp, Name(n.strip()), scope) for n in " ".join(subject).split(" and ")]
            return conj(*(p for p in parts if p is not None)) if all(p is not None for p in parts) else None
        term, restrictor = self._subject_term(subject, vp, scope, in_rule)
        scope.target = term
        body = self._verb_phrase(vp, term, scope)
        if body is None:
            return None
        if restrictor is None:
            return body
        existential = scope.top_existential and scope.variables[:1] == [term]
        # "Some N VP" / "A N VPed" says there is an N that VPs: N(x) & VP(x), never exists x.(N(x) -> VP(x))
        return conj(restrictor, body) if in_rule or existential else Cond(restrictor, body)

    def _subject_term(
        self, subject: list[str], vp: list[str], scope: _Scope, in_rule: bool
    ) -> tuple[Term, Node | None]:
        lower = [t.lower() for t in subject]
        key = self._head_key(subject)
        if lower[0] in ARTICLES | DEMONSTRATIVES and key in scope.heads:
            return scope.heads[key], None
        generic = lower[0] in ("a", "an") or lower[0] in GENERIC_ALL | GENERIC_SOME
        if not generic and lower[0] not in ARTICLES and self._is_bare_plural(subject, vp):
            generic = True
        if not generic:
            return Name(" ".join(subject)), None
        if key in scope.heads:
            return scope.heads[key], None
        if (
            not in_rule
            and not scope.variables
            and (lower[0] in GENERIC_SOME or (lower[0] in ("a", "an") and is_past_tense(vp[0].lower())))
        ):
            scope.top_existential = True
        var = scope.new_var(key)
        disjunctive = bool({"either", "or"} & {t.lower() for t in vp})
        if (
            not scope.claim
            and (
                (lower[0] in ("a", "an") and (in_rule or disjunctive))
                or (in_rule and lower[0] not in GENERIC_ALL | GENERIC_SOME)
            )
            and not self._names_a_kind_of_its_own(subject)
        ):
            # "An animal is either …", "If a cartoon character is funny …", "If animals are loved …": the noun
            # names the domain the sentence talks about, not a condition (FOLIO's reading); only a relative
            # clause or participle after it ("a person who …") is a condition. A plain "A rabbit is an animal."
            # keeps its noun: all x.(Rabbit(x) -> Animal(x)), never "everything is an animal".
            return var, self.noun_property(subject[1:] if lower[0] in ("a", "an") else subject, var, scope, domain=True)
        return var, self.noun_property(subject, var, scope)

    @staticmethod
    def _names_a_kind_of_its_own(subject: list[str]) -> bool:
        """A generic noun phrase with a name or a preposition in it ("a design by Max", "dried Thai chilies",
        "a game in the Top 10 list"): it says which things, so it stays a condition even in a premise."""
        return any(t[:1].isupper() or t.lower() in PREPOSITIONS for t in subject[1:])

    @staticmethod
    def _coordinated(subject: list[str]) -> bool:
        """Names joined by "and" ("Jane and Vogue", "Jane and First for Women": a title's lower-case function word
        between two capitalised words is part of it)."""
        lower = [t.lower() for t in subject]
        if "and" not in lower[1:-1]:
            return False
        for i, token in enumerate(subject):
            if token[:1].isupper() or token[:1].isdigit() or lower[i] == "and":
                continue
            after = i + 1
            while after < len(subject) and lower[after] in TITLE_LINKS:
                after += 1
            inside = i > 0 and lower[i - 1] != "and" and after < len(subject) and lower[after] != "and"
            if not (inside and lower[i] in TITLE_LINKS and subject[after][:1].isupper()):
                return False
        return True

    def _is_bare_plural(self, subject: list[str], vp: list[str]) -> bool:
        """A subject without article read generically: "Humans are mammals", "Plungers suck"."""
        verb = vp[0].lower()
        plural_verb = verb in ("are", "were", "have", "do") or (
            verb in self.verbs and not verb.endswith("s") and not is_past_tense(verb)
        )
        head = self._head_words(subject)
        if subject[0][:1].islower():
            return True
        if len(head) > 1:
            return plural_verb and head[-1].lower().endswith("s") and not any(t[:1].isupper() for t in head[1:])
        word = head[0].lower() if head else ""
        return word in self.common or (plural_verb and word.endswith("s"))

    @staticmethod
    def _head_words(tokens: Sequence[str]) -> list[str]:
        """The noun phrase before any relative clause, preposition or participle."""
        out = [t for t in tokens if t.lower() not in ARTICLES]
        while out and out[0].lower() in DEMONSTRATIVES:
            out = out[1:]
        for i, word in enumerate(out):
            if word.lower() in RELATIVE | PREPOSITIONS or (i and is_participle(word)):
                return out[:i]
        return out

    @classmethod
    def _head_key(cls, tokens: Sequence[str]) -> str:
        head = cls._head_words(tokens)
        return head[-1].lower().rstrip("s") if head else ""
