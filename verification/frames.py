"""Event frames: a simple English clause read so that *all* of its content is kept (no lossy reading).

The offline method's reading of sentences without logical structure ("Marie Curie won the Nobel
Prize in Physics in 1903."). It follows neo-Davidsonian event semantics (Parsons 1990, as in the
logic-based RTE systems of Mineshima et al. 2015): a verb is a predicate of an event, its
participants are roles of that event. A claim is proved only when one event has *every* role the
claim gives it, so "… won the Nobel Prize in Chemistry in 1911" does not follow from "… won the Nobel
Prize in Physics in 1903" (different ``In`` role and time), while "Marie Curie won the Nobel Prize"
does.

A clause is read into one ``Frame`` (or one per coordinated subject, and one more per reduced
relative clause: "a magazine *published by Bauer*"):

- *verbal*: ``predicate`` (the main verb's normalised key), ``roles`` — ``agent`` (active subject,
  or the passive's ``by`` phrase), ``theme`` (the object, or the passive subject), one role per
  preposition (``in``, ``for`` …) — and values (``verification.values``): every year or date has
  the role ``when``, whatever its preposition; a number keeps its preposition's role (``num``
  without one);
- *copular*: "X is (not) (a) C (PP)" — ``copula`` with the complement phrase ``C`` as a property of
  the subject, each prepositional phrase as a relation of the complement ("the capital *of
  France*" → ``capital of``), or ``identity`` when the complement is a name ("The capital of
  France is Paris" → ``paris = capital_of_france``).

"X is one of the Ns …" reads as "X is an N …". A place written with its region ("Istanbul, Turkey") is located in it,
and the offline method makes being located transitive (``frames_fol.FrameRenderer.containment``).
A second name for a named subject set off by commas ("Lee Jun-fan, known professionally as Bruce Lee, was …") is
an ``identity`` frame beside the clause read without it. A fronted phrase with no comma is moved to the clause's end
when its end is plain ("In 1990 the band released …", "In the series Kato was portrayed by …").
A verb phrase joined by "and"/"but" after a verbal clause is another clause about the same subject ("the Jazz
signed A, and acquired B" → the Jazz acquired B); a common noun before coordinated names is said of each ("signed
free agents A and B" → "free agents A", "free agents B", whichever order the names come in).
Coordinated names or noun phrases in one phrase are read distributively, one frame per member
("hosted the Summer and Winter Olympics" → hosted Summer Olympics, hosted Winter Olympics; a comma list
closed by "and" is such a coordination), so a claim naming one member, or several, needs each proved;
coordinated values stay in one frame ("held in 1990 and 1994"), so their closure allows both and refutes
a third. An indefinite subject ("A private research university moved …") is marked ``indefinite``:
the claim is existential (``frames_fol.FrameRenderer.conjunction``), a premise's constant is a Skolem
constant.

A claim's subject that describes an individual instead of naming it ("the company that purchased Aixam is based in
Roseau") is *some* individual of whom the relative clause and the rest of the claim both hold, bound existentially
like an indefinite subject (``FrameReader._described``). A premise may say less than its sentence, never more
(``FrameReader.read_premise``): a trailing participle or adverb phrase after a comma is left out, an apposition to a
name ("Dessau, the capital of Anhalt") is a clause of its own, a subject's birth name between commas is left out,
and of coordinated complements the ones that read are kept. A list of bare nouns inside a phrase ("a journal about
biology, physics, and chemistry") stays in it, a relative clause after a name inside a phrase ("the brother of Bob
Hope, who founded …") is not read (whose clause is it?), and a hedged clause ("allegedly", "probably") is not read.

``negated`` marks "not"/"never"/"no longer". A frame whose clause cannot be read completely —
no verb found, words left over — is not returned: such a claim is *unknown*, never proved by a
reading that leaves content out. Parentheticals after a name are read as frames when they are a
birth/death date or a year range ("Arthur's Magazine (1844–1846)": started 1844, ended 1846);
other parentheticals are dropped from premises and make a claim unreadable.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from graphproof.text.lexicon import (
    ARTICLES,
    AUX,
    COPULA,
    DEMONSTRATIVES,
    HAVE,
    IRREGULAR_PARTICIPLES,
    PARTICLES,
    PREPOSITIONS,
    PRONOUNS,
    RELATIVE,
)
from graphproof.text.wordnet_files import PROPER_ADJECTIVE_ENDINGS
from graphproof.verification.english import FOCUS_WORDS, EnglishTranslator
from graphproof.verification.english_words import clean, inside_phrase, tokens_of
from graphproof.verification.templates import lemma
from graphproof.verification.values import Value, find_values

Arg = str | Value


@dataclass(frozen=True, slots=True)
class Coordination:
    """Names or noun phrases joined by "and" in one phrase ("hosted *the 2008 Summer Olympics and the 2008
    Summer Paralympics*"): read distributively, one frame per member (``_distributed``)."""

    members: tuple[str, ...]


_Chunk = tuple[str, "Arg | Coordination"]
MAX_DISTRIBUTED = 8  # frames one clause may distribute into; a longer product is left as one argument
FrameKind = Literal["verbal", "copula", "identity"]
NEGATORS = frozenset(("not", "never", "n't"))
ADVERBS = frozenset(("both", "also", "still", "later", "then", "now", "currently", "originally", "formerly", "already"))
IGNORED = ARTICLES | frozenset(("both", "its", "their", "his", "her"))
MORE_PREPOSITIONS = PREPOSITIONS | frozenset(
    ("under", "after", "before", "since", "until", "between", "across", "through", "near", "against", "without")
)
FRONTED_MAX = 6  # words of a prepositional phrase before a clause's subject ("In the summer of 2007, …")
TIME_PREPOSITIONS = frozenset(("in", "on", "at", "during", "since", "from", "by"))
_PLACEHOLDER = re.compile(r"^VALUE(\d+)$")
# "Lee Jun-fan, known professionally as Bruce Lee, was …": a second name for the subject, between commas
_ALIAS_APPOSITION = re.compile(
    r"^\s*(?:The\s+)?(?P<name>[A-Z][^,]*?),\s+(?:also\s+|more\s+|better\s+|commonly\s+|popularly\s+)?"
    r"(?:known|called|nicknamed)\s+(?:professionally\s+|simply\s+|popularly\s+|commonly\s+)?as\s+"
    r"(?P<alias>[A-Z][^,]*?),\s+(?P<rest>[a-z].*)$"
)
# a comma before a participle, a relative pronoun or an article: a modifier after the clause (``read_premise``)
_TRAILING_MODIFIER = re.compile(r",\s+(?=(?:[a-z]+ing|[a-z]{2,}ed|[a-z]+ly|which|who|whose|a|an|the|best|most|born)\b)")
_WORD_AFTER_COMMA = re.compile(r",\s+([a-z]+)(?:\s+([a-z]+))?")
# a participle phrase between commas after a subject's name: its second or birth name ("Joseph Roth, born Moses Joseph
# Roth, was …") or something said of it ("Tom Hanks, born in 1956, is …")
_NAME_ASIDE = re.compile(
    r"^(?P<name>[A-Z][^,]*?),\s+(?P<aside>(?:born|also\s+known|known|called|nicknamed|[a-z]{2,}ed)\b[^,]*),\s+"
    r"(?=[a-z])"
)
_BIRTH_NAME = re.compile(r"^born\s+[A-Z]")
_ALIAS_WORDS = re.compile(r"^(?:also\s+)?(?:known|called|nicknamed)\b")  # left to ``_ALIAS_APPOSITION``
_APPOSED = re.compile(r",\s+(?:a|an|the)\s")  # "… in Dessau, the capital of Anhalt"
_APPOSITION = re.compile(
    r"(?P<name>(?<![\w'’])[A-Z][\w'’.\-]*(?:\s+(?:of\s+)?[A-Z][\w'’.\-]*)*),\s+(?P<what>(?:a|an|the)\s[^,;:]+?)"
    r"\s*(?P<end>[,;:]|\.?$)"
)
_PAREN = re.compile(r"\s*\(([^()]*)\)")
_RANGE = re.compile(r"^\s*VALUE(\d+)\s*[–—-]+\s*(?:VALUE(\d+)|present)\s*$")
_BORN_DIED = re.compile(r"^\s*(?:;\s*)?(born|died|founded|established)\s+(?:(?:on|in)\s+)?VALUE(\d+)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Frame:
    """One clause, fully read (see the module docstring)."""

    kind: FrameKind
    predicate: str
    subject: Arg
    roles: tuple[tuple[str, Arg], ...] = ()
    negated: bool = False
    text: str = ""
    indefinite: bool = False  # the subject is "a/an/some N": existential in a claim, a fresh constant in a premise

    @property
    def values(self) -> list[tuple[str, Value]]:
        return [(role, arg) for role, arg in self.roles if isinstance(arg, Value)]


@dataclass
class _Tokens:
    """A clause's words with its values replaced by ``VALUE<i>`` placeholders."""

    words: list[str]
    values: list[Value] = field(default_factory=list)

    def arg(self, tokens: Sequence[str]) -> Arg | None:
        """The argument a noun phrase names: a value (when it is one) or its text without leading articles."""
        kept = [t for t in tokens if t.lower() not in IGNORED and t != ","]
        while kept and kept[0].lower() in DEMONSTRATIVES:
            kept = kept[1:]
        if len(kept) == 1 and (m := _PLACEHOLDER.match(kept[0])):
            return self.values[int(m.group(1))]
        if not kept:
            return None
        return " ".join(self.values[int(m.group(1))].text if (m := _PLACEHOLDER.match(t)) else t for t in kept)


def _with_placeholders(text: str) -> tuple[str, list[Value]]:
    values: list[Value] = []
    out: list[str] = []
    last = 0
    for found in find_values(text):
        out.append(text[last : found.start])
        out.append(f" VALUE{len(values)} ")
        values.append(found.value)
        last = found.end
    out.append(text[last:])
    return "".join(out), values


# irregular participles a question asks with ("Where was The Messenger shot?") beyond the extractor's shared list
_MORE_PARTICIPLES = frozenset(("shot", "struck", "sung", "hung", "spun", "swept", "dealt", "fled"))


def is_participle(word: str) -> bool:
    """A lowercase past participle: an irregular one ("born", "known", "shot") or an "-ed" form."""
    lower = word.lower()
    irregular = lower in IRREGULAR_PARTICIPLES or lower in _MORE_PARTICIPLES
    return word.islower() and (irregular or (lower.endswith("ed") and len(lower) > 3))


def _is_name(tokens: Sequence[str]) -> bool:
    kept = [t for t in tokens if t.lower() not in ARTICLES]
    return bool(kept) and all(t[:1].isupper() or t[:1].isdigit() or t.lower() in ("of", "for", "and") for t in kept)


TITLE_LINKS = frozenset(("in", "on", "of", "the", "a", "an", "and", "for", "to", "with", "at", "from", "by"))


def _title(tokens: Sequence[str]) -> bool:
    """A title as a subject: capitalised words, the first and the last, with only small linking words between ("A
    Place in the Sun", "Gone with the Wind"), not a name and a place ("Paris in 1900")."""
    words = [t for t in tokens if t != ","]
    capitals = [t for t in words if t[:1].isupper()]
    return (
        len(capitals) >= 2
        and words[0][:1].isupper()
        and words[-1][:1].isupper()
        and not any(_PLACEHOLDER.match(t) for t in words)
        and all(t[:1].isupper() or t.lower() in TITLE_LINKS for t in words)
        and any(t.lower() in TITLE_LINKS - {"of", "and", "the", "a", "an"} for t in words)  # else a plain name
    )


# A sentence that opens with one of these is a subordinate clause and its main clause (a rule, a condition, a
# cause), never one simple clause: the frame reading leaves it to the logic reading.
SUBORDINATORS = frozenset(
    ("if", "when", "whenever", "unless", "although", "though", "because", "since", "while", "whether", "once", "until")
)


class FrameReader:
    """Reads sentences into frames; ``translator`` supplies the verb finder and the texts' vocabulary."""

    def __init__(self, translator: EnglishTranslator) -> None:
        self.translator = translator
        self._premise = False  # reading a premise (``read_premise``: it may say less than its sentence), else a claim

    def read(self, sentence: str, *, previous_subject: Arg | None = None) -> list[Frame] | None:
        """The frames of ``sentence``, or ``None`` when it cannot be read completely."""
        text, extra = self._parentheticals(sentence)
        if text is None:
            return None
        frames = self._aliased_clause(text, previous_subject)
        if frames is None:
            return None
        return frames + extra

    def read_premise(self, sentence: str, *, previous_subject: Arg | None = None) -> list[Frame]:
        """Like ``read``, but a premise keeps what it can: its parenthetical frames even when the clause fails, and
        the clause without a trailing modifier set off by a comma when only the whole is unreadable ("Kurt Weill
        was a German composer, active from the 1920s …", "… is a journal published by Elsevier, encompassing
        biology …"). A premise that says less is still true, so leaving such a modifier out is sound; the
        comma must open a participle, a relative clause or an apposition (``_TRAILING_MODIFIER``), never a
        contrast ("…, but …") that could take back what the clause says. A participle phrase ("…, encompassing
        biology, physics, and clinical science") is left out even when the whole reads: the clause reader drops
        commas, and its list would be read as more things the subject is. So is an apposition to a name ("Peter
        Asher, a British guitarist, produced …", "… born in Dessau, the capital of Anhalt"), which is read as a
        clause of its own (``_apposed``)."""
        text, extra = self._parentheticals(sentence, lenient=True)
        if not text:
            return extra
        self._premise = True
        try:
            return self._premise_clause(text, previous_subject) + extra
        finally:
            self._premise = False

    def _premise_clause(self, text: str, previous_subject: Arg | None) -> list[Frame]:
        """The frames of a premise's clause (``read_premise``): the clause without an apposition between commas,
        else without its first trailing participle or apposition, else whole, else cut at a later trailing modifier;
        plus what its apposition says."""
        text, aside = _without_name_aside(text)  # "Joseph Roth, born Moses Joseph Roth, was …"
        said: list[Frame] = []
        if aside is not None and not _BIRTH_NAME.match(aside.group("aside")):  # "Tom Hanks, born in 1956, is …"
            said = self._aliased_clause(f"{aside.group('name')} was {aside.group('aside')}", None) or []
        cuts = [m.start() for m in _TRAILING_MODIFIER.finditer(text)]
        first = [text[:k] for k in cuts if modifier_after_comma(text, k) or _apposed_to_name(text, k)][:1]
        found = _APPOSITION.search(text)
        between = found is not None and found.group("end") == ","
        inner = [text[: found.end("name")] + " " + text[found.end() :].lstrip()] if found and between else []
        apposed = self._apposed(text, found)
        for candidate in (*inner, *first, text, *(text[:k] for k in reversed(cuts))):
            frames = self._aliased_clause(candidate, previous_subject)
            if frames is not None:
                return frames + said + self._participle_of_subject(text, len(candidate), frames) + apposed
        return said + apposed

    def _participle_of_subject(self, text: str, cut: int, frames: list[Frame]) -> list[Frame]:
        """What a past participle phrase cut from a copular clause says of its subject: "Tom Hanks is an actor, born
        in Concord" → "Tom Hanks was born in Concord" (the participle modifies the complement, which is the subject);
        up to the next comma. After a verbal clause the phrase may be about the object, and an "-ing" phrase may run
        into a list, so neither is read."""
        if cut >= len(text) or not frames or frames[0].kind not in ("copula", "identity"):
            return []
        found = _WORD_AFTER_COMMA.match(text, cut)
        if found is None or found.group(1).endswith("ing") or not modifier_after_comma(text, cut):
            return []
        phrase = text[found.start(1) :].split(",")[0].strip().rstrip(".")
        subject = frames[0].subject
        if not isinstance(subject, str) or not phrase:
            return []
        return self._aliased_clause(f"{subject} was {phrase}", None) or []

    def _apposed(self, text: str, found: re.Match[str] | None) -> list[Frame]:
        """What an apposition after a name says of it: "… born in Dessau, the capital of Anhalt" → "Dessau is the
        capital of Anhalt" (``found``: the first such apposition in ``text``, up to the next comma; nothing when that
        clause is not read)."""
        fronted = found is not None and (
            text[: found.start()].strip().lower() in MORE_PREPOSITIONS
            or found.group("name").split()[0].lower() in MORE_PREPOSITIONS
        )
        if found is None or fronted:
            return []  # "In Paris, the band played …": the comma closes a fronted phrase, no apposition
        frames = self._aliased_clause(f"{found.group('name')} is {found.group('what')}", None)
        return frames or []

    def _aliased_clause(self, text: str, previous_subject: Arg | None) -> list[Frame] | None:
        """A clause whose named subject has another name set off by commas ("Lee Jun-fan, known professionally as
        Bruce Lee, was an actor"): the clause without it, and the two names as one (an ``identity`` frame)."""
        found = _ALIAS_APPOSITION.match(text)
        if found is None or not _is_name(found.group("name").split()) or not _is_name(found.group("alias").split()):
            return self._clause(text, previous_subject)
        frames = self._clause(f"{found.group('name')} {found.group('rest')}", previous_subject)
        if frames is None:
            return None
        name, alias = (_Tokens(words).arg(words) for words in map(tokens_of, found.group("name", "alias")))
        if name is None or alias is None:
            return None
        return [*frames, Frame("identity", "=", name, (("value", alias),), False, text)]

    # parentheticals -----------------------------------------------------------------------------
    def _parentheticals(self, sentence: str, *, lenient: bool = False) -> tuple[str | None, list[Frame]]:
        frames: list[Frame] = []
        unread = False

        def take(match: re.Match[str]) -> str:
            nonlocal unread
            before = sentence[: match.start()].replace('"', "").replace("“", "").replace("”", "")
            owner = re.findall(r"((?:[A-Z][\w'’.\-]*\s+)*[A-Z][\w'’.\-]*)\s*$", before)
            inner, values = _with_placeholders(match.group(1))
            parts = [p for p in re.split(r"\s*;\s*", inner) if any(ch.isalnum() for ch in p)]
            inner = "; ".join(parts)  # "(] ; born …)": a part with no word in it (a stripped IPA bracket) says nothing
            made = self._paren_frames(inner, values, owner[0] if owner else None)
            if made is None and lenient and len(parts) > 1:  # a premise keeps the parts it can read
                read = [self._paren_frames(p, values, owner[0] if owner else None) for p in parts]
                made = [f for r in read if r is not None for f in r] or None
            if made is None:
                unread = True
            else:
                frames.extend(made)
            return ""

        text = _PAREN.sub(take, sentence)
        if unread and not lenient:
            return None, []
        return text, frames

    @staticmethod
    def _paren_frames(inner: str, values: list[Value], owner: str | None) -> list[Frame] | None:
        if owner is None:
            return None
        owner = re.sub(r"^(?:The|A|An)\s+", "", owner).strip()
        found = _RANGE.match(inner)
        if found:
            start = values[int(found.group(1))]
            out = [Frame("verbal", "start", owner, (("theme", owner), ("when", start)), text=inner)]
            if found.group(2) is not None:
                end = values[int(found.group(2))]
                out.append(Frame("verbal", "end", owner, (("theme", owner), ("when", end)), text=inner))
                if start.kind == end.kind == "date":  # "Odysseas Elytis (2 November 1911 – 18 March 1996)": a life
                    out.append(Frame("verbal", "born", owner, (("theme", owner), ("when", start)), text=inner))
                    out.append(Frame("verbal", "died", owner, (("agent", owner), ("when", end)), text=inner))
            return out
        out = []
        for part in re.split(r"\s*[;,]\s*(?=born|died)", inner):
            found = _BORN_DIED.match(part)
            if not found:
                return None  # a parenthetical is read whole or not at all
            verb = found.group(1).lower()
            when = values[int(found.group(2))]
            role = "theme" if verb in ("born", "founded", "established") else "agent"
            out.append(Frame("verbal", verb, owner, ((role, owner), ("when", when)), text=part))
        return out

    # clauses ------------------------------------------------------------------------------------
    def _clause(self, text: str, previous_subject: Arg | None) -> list[Frame] | None:
        replaced, values = _with_placeholders(text)
        if HEDGES & {w.lower() for w in tokens_of(replaced)}:
            return None  # "was allegedly born in Boston" does not say where he was born
        tokens = _places_joined(self._fronted_phrase_last(tokens_of(clean(replaced))))
        tokens = [t for k, t in enumerate(_listed(tokens)) if t != "," and not _along(tokens, k)]
        if not tokens or tokens[0].lower() in SUBORDINATORS | FOCUS_WORDS:  # "Only X is P" says more (FOCUS_WORDS)
            return None  # "If Yuri is not …, then …" is a rule, not a clause about "If Yuri": the logic reading's
        toks = _Tokens(tokens, values)
        index = self.translator._verb_index(tokens)
        if index is None or index == 0:
            return None
        subject_tokens, rest = tokens[:index], tokens[index:]
        if len(subject_tokens) == 1 and subject_tokens[0].lower() in PRONOUNS:
            if previous_subject is None:
                return None
            subjects: list[Arg] = [previous_subject]
        else:
            subjects = self._subjects(subject_tokens, toks)
            if not subjects and not self._premise:  # a claim's described subject (never a premise's)
                return self._described(subject_tokens, rest, toks, text)
            if not subjects:
                return None
        frames: list[Frame] = []
        for subject in subjects:
            read = self._verb_phrase(rest, subject, toks, text)
            if read is None:
                return None
            frames.extend(read)
        kind = _indefinite(subject_tokens)
        if kind is not None and len(subjects) == 1:
            # "A private research university moved to New Haven": someone who is a C did it — the subject's
            # kind is a frame of its own, and every frame about the subject is marked for the renderer
            mark = [replace(f, indefinite=True) if f.subject == subjects[0] else f for f in frames]
            return [Frame("copula", kind, subjects[0], (), False, text, indefinite=True), *mark]
        return frames

    def _described(
        self, subject_tokens: list[str], rest: list[str], toks: _Tokens, text: str
    ) -> list[Frame] | None:
        """A claim about an individual the question describes instead of naming ("the company that purchased
        Aixam is based in Roseau"): some ``DESCRIBED`` individual of whom the relative clause and the verb phrase
        both hold, read as frames marked ``indefinite`` so the goal binds it existentially (``FrameRenderer.
        conjunction``): ``exists x1.(exists e.(EvPurchase(e) & Agent(e, x1) & Theme(e, aixam)) & exists e.(EvBase(e)
        & Theme(e, x1) & RoleIn(e, roseau)))``. The relative clause's gap is its subject ("the company *that
        purchased* Aixam") or, when the clause has a subject of its own, its last argument ("the country *that
        Koularo lies in*"). A head noun with modifiers is claimed as the individual's kind ("the *American rock band*
        that …"), as ``verification.question_claims`` claims a modified kind asked for; a bare head noun ("the
        company") is the question's presupposition. Only "the"/"this" descriptions whose head is lower-case words
        before "that"/"who"/"which"; a premise never reads a subject so (its description is not a claim)."""
        lower = [t.lower() for t in subject_tokens]
        at = next((k for k, t in enumerate(lower) if t in DESCRIBING), None)
        if at is None or at < 2 or lower[0] not in ("the", "this"):
            return None
        head, body = subject_tokens[1:at], subject_tokens[at + 1 :]
        if not body or not head[-1].isalpha() or not head[-1].islower() or any(
            t.lower() in MORE_PREPOSITIONS | RELATIVE | AUX or is_participle(t) or _PLACEHOLDER.match(t) for t in head
        ):
            return None
        index = self.translator._verb_index([DESCRIBED, *body])
        if index == 1:  # the gap is the relative clause's subject
            relative = self._verb_phrase(body, DESCRIBED, toks, text)
        else:  # the clause has a subject of its own, and the gap is its last argument
            inner = self.translator._verb_index(body) if len(body) > 1 else None
            if inner is None or inner == 0:
                return None
            subjects = self._subjects(body[:inner], toks)
            if len(subjects) != 1:
                return None
            relative = self._verb_phrase([*body[inner:], DESCRIBED], subjects[0], toks, text)
        main = self._verb_phrase(rest, DESCRIBED, toks, text)
        if relative is None or main is None:
            return None
        kind = [Frame("copula", " ".join(head), DESCRIBED, (), False, text)] if len(head) > 1 else []
        return [replace(f, indefinite=True) if f.subject == DESCRIBED else f for f in [*kind, *relative, *main]]

    def _fronted_phrase_last(self, tokens: list[str]) -> list[str]:
        """A clause that opens with a prepositional phrase and a comma ("In 2007, he was inducted into …", "On
        VALUE0, Polaris announced …") with the phrase moved to the clause's end, where it is one more role of
        the event ("he was inducted into … in 2007"); a phrase with a verb in it ("After leaving X, …") stays."""
        if not tokens or tokens[0].lower() not in MORE_PREPOSITIONS:
            return tokens
        if "," not in tokens[: FRONTED_MAX + 1]:
            return self._unmarked_fronted_phrase_last(tokens)
        comma = tokens.index(",")
        front, rest = tokens[:comma], tokens[comma + 1 :]
        if len(front) < 2 or self.translator._verb_index(front) is not None or any(t.endswith("ing") for t in front):
            return tokens
        return [*rest, *[t.lower() if i == 0 else t for i, t in enumerate(front)]]

    def _unmarked_fronted_phrase_last(self, tokens: list[str]) -> list[str]:
        """A fronted phrase with no comma after it, where its end is plain: a value ("In VALUE0 the band released
        …") or lower-case words before a name ("In the series Kato was portrayed by …"); moved to the clause's end
        as ``_fronted_phrase_last`` does. Any other opening is left as written."""
        if len(tokens) > 2 and _PLACEHOLDER.match(tokens[1]):
            end = 2
        else:
            end = next((k for k in range(1, min(len(tokens), FRONTED_MAX + 1)) if not tokens[k].islower()), 0)
            if end < 3 or tokens[1].lower() not in ARTICLES or not tokens[end][:1].isupper():
                return tokens
        front, rest = tokens[:end], tokens[end:]
        if self.translator._verb_index(rest) is None:
            return tokens
        return [*rest, tokens[0].lower(), *front[1:]]

    def _subjects(self, tokens: list[str], toks: _Tokens) -> list[Arg]:
        lower = [t.lower() for t in tokens]
        if "and" in lower and _is_name(tokens):
            args = [toks.arg(p) for p in _split_at_and(tokens)]
            return [a for a in args if a is not None] if all(a is not None for a in args) else []
        if any(t in RELATIVE for t in lower[1:]):
            return []  # a subject with a relative clause: not read
        if _title(tokens):
            arg = toks.arg(tokens)
            return [arg] if arg is not None else []
        if any(t in MORE_PREPOSITIONS for t in lower[1:]) and not _is_name(tokens) and not _description(tokens):
            return []  # a subject with a prepositional phrase other than "the N of X": not read
        arg = toks.arg(tokens)
        return [arg] if arg is not None else []

    def _verb_phrase(self, tokens: list[str], subject: Arg, toks: _Tokens, text: str) -> list[Frame] | None:
        lower = [t.lower() for t in tokens]
        i = 0
        negated = copula = have = False
        while i < len(tokens) and (lower[i] in AUX or lower[i] in NEGATORS or lower[i] in ADVERBS or lower[i] == "no"):
            if lower[i] in NEGATORS or (lower[i] == "no" and i + 1 < len(tokens) and lower[i + 1] == "longer"):
                negated = True
                i += 2 if lower[i] == "no" else 1
                continue
            if lower[i] == "no":
                break
            copula = copula or lower[i] in COPULA
            have = lower[i] in HAVE and not (
                i + 1 < len(tokens) and (lower[i + 1] in AUX or is_participle(tokens[i + 1]))
            )
            if have:
                break
            i += 1
        if i >= len(tokens):
            return None
        if have:
            return self._verbal("have", False, tokens[i + 1 :], subject, negated, toks, text)
        word = tokens[i]
        if lower[i] in ("both", "either", "neither"):
            return None
        if copula and not is_participle(word):
            return self._copular(tokens[i:], subject, negated, toks, text)
        if not word.isalpha() or not word.islower():
            return None
        passive = copula and is_participle(word)
        predicate = lower[i]
        j = i + 1
        if j < len(tokens) and lower[j] in PARTICLES:
            predicate += " " + lower[j]
            j += 1
        return self._verbal(predicate, passive, tokens[j:], subject, negated, toks, text)

    def _verbal(
        self, predicate: str, passive: bool, tokens: list[str], subject: Arg, negated: bool, toks: _Tokens, text: str
    ) -> list[Frame] | None:
        chunks, trailing = self._phrases(tokens, toks, verbs=True)
        if chunks is None:
            return None
        heads: list[Frame] = []
        for variant in _distributed(chunks):
            roles: list[tuple[str, Arg]] = [("theme" if passive else "agent", subject)]
            for role, arg in variant:
                if role == "":
                    if passive:
                        return None  # "was given a prize": a second object is not read
                    roles.append(("theme", arg))
                elif role == "by" and passive and not isinstance(arg, Value):
                    roles.append(("agent", arg))
                else:
                    roles.append(_value_role(role, arg))
            heads.append(Frame("verbal", predicate, subject, tuple(roles), negated, text))
        if predicate in CAST_VERBS and not passive:
            heads.extend(_cast_converse(heads, negated, text))
        frames: list[Frame] = []
        if trailing is not None:
            last = heads[-1].roles
            anchor = last[-1][1] if len(last) > 1 else subject
            if trailing[:1] == [COORDINATED]:  # "… and starring C" / "… and written by B": about the same subject
                active = _active_participle(trailing[1]) or (not passive and _active_past(trailing[1:]))
                anchor, trailing = subject, trailing[1:] if active else ["is", *trailing[1:]]
            elif trailing[:1] == [COORDINATED_VERB]:  # "X signed A, and acquired B": X acquired B
                anchor, trailing = subject, trailing[1:]
            elif passive and ("agent", anchor) in last and _passive_by(trailing):
                anchor = subject  # "directed by A, written by B": B wrote what A directed, not A
            elif len(last) > 1 and last[-1][0] not in ("theme", "agent"):
                return None  # "wrote a book about Paris that sold …": the book or Paris? Not read
            more = self._verb_phrase(trailing, anchor, toks, text)
            if more is None:
                return None
            frames.extend(more)
        return [*heads, *frames]

    def _copular(self, tokens: list[str], subject: Arg, negated: bool, toks: _Tokens, text: str) -> list[Frame] | None:
        parts = _coordinated(tokens, toks)
        if len(parts) > 1:
            read = [self._copular(part, subject, negated, toks, text) for part in parts]
            if any(r is None for r in read) and not (self._premise and not negated and any(read)):
                return None  # a premise keeps the complements it reads: saying less of the subject is still true
            return [f for r in read if r is not None for f in r]
        if _description(tokens):
            arg = toks.arg(tokens)
            return None if arg is None else [Frame("identity", "=", subject, (("value", arg),), negated, text)]
        lower = [t.lower() for t in tokens]
        one = (m := _PLACEHOLDER.match(tokens[0])) is not None and toks.values[int(m.group(1))].text.lower() == "one"
        if one and lower[1:2] == ["of"] and len(tokens) > 3 and lower[2] in ("the", "its", "their", "his", "her"):
            return self._copular(_one_of(tokens[3:]), subject, negated, toks, text)  # "one of the Ns": an N
        if lower[0] == "in" and len(tokens) > 1 and tokens[1][:1].isupper():  # "X is in Paris": X is located there
            chunks, trailing = self._phrases(tokens, toks)
            if chunks is None or trailing is not None:
                return None
            return [
                Frame("verbal", LOCATED, subject, (("theme", subject), *(_value_role(r, a) for r, a in variant)),
                      negated, text)
                for variant in _distributed(chunks)
            ]  # fmt: skip
        cut = next(
            (k for k, t in enumerate(lower) if t in MORE_PREPOSITIONS or t in RELATIVE or is_participle(tokens[k])),
            len(tokens),
        )
        complement = [t for t in tokens[:cut] if t.lower() not in IGNORED]
        if not complement:
            return None
        rest = tokens[cut:]
        adjective = len(complement) == 1 and complement[0].lower().endswith(PROPER_ADJECTIVE_ENDINGS)
        if (_is_name(complement) and not adjective) or (len(complement) == 1 and _PLACEHOLDER.match(complement[0])):
            arg = toks.arg(complement)
            if arg is None or rest:
                return None
            return [Frame("identity", "=", subject, (("value", arg),), negated, text)]
        phrase = " ".join(t for t in complement)
        frames = [Frame("copula", phrase, subject, (), negated, text)]
        if not rest:
            return frames
        if rest[0].lower() in RELATIVE:
            more = self._verb_phrase(rest[1:], subject, toks, text)
            return None if more is None else frames + more
        if is_participle(rest[0]):
            more = self._verb_phrase(["is", *rest], subject, toks, text)
            return None if more is None else frames + more
        chunks, trailing = self._phrases(rest, toks)
        if chunks is None:
            return None
        frames = [
            Frame("copula", phrase, subject, tuple(_value_role(role, arg) for role, arg in variant), negated, text)
            for variant in _distributed(chunks)
        ]
        if trailing is not None:
            if trailing[:1] != ["is"] and trailing[:1] != [COORDINATED]:
                return None  # "the brother of Bob Hope, who founded …": who founded it, the brother or Bob Hope?
            more = self._verb_phrase(trailing, subject, toks, text)
            return None if more is None else frames + more
        return frames

    def _phrases(
        self, tokens: list[str], toks: _Tokens, *, verbs: bool = False
    ) -> tuple[list[_Chunk] | None, list[str] | None]:
        """``tokens`` after the verb as ``(preposition or "", argument)`` pairs, and what follows a participle,
        relative pronoun or coordinated verb (read as another clause about the last argument; with ``verbs``, a verb
        phrase after "and"/"but" is marked ``COORDINATED_VERB``, another clause about the subject). A phrase that
        coordinates names or noun phrases with "and" is one ``Coordination`` (``_distributed``); one that
        coordinates values gives one pair per value."""
        out: list[_Chunk] = []
        role = ""
        current: list[str] = []
        lower = [t.lower() for t in tokens]

        def close() -> bool:
            if not current:
                return role == ""
            parts = _conjuncts(current)
            args = [toks.arg(part) for part in parts]
            if len(args) > 1 and all(a is not None for a in args):
                if all(isinstance(a, Value) for a in args):  # "in 1990 and 1994": one event, both values
                    out.extend((role, a) for a in args if a is not None)
                    return True
                if not any(isinstance(a, Value) for a in args):  # "hosted A and B": one event per member
                    out.append((role, Coordination(tuple(a for a in args if isinstance(a, str)))))
                    return True
            arg = toks.arg(current)
            if arg is None:
                return False
            out.append((role, arg))
            return True

        for k, token in enumerate(tokens):
            word = lower[k]
            if word in RELATIVE or (current and is_participle(token) and word not in MORE_PREPOSITIONS):
                if not close():
                    return None, None
                return out, (tokens[k + 1 :] if word in RELATIVE else ["is", *tokens[k:]])
            if (
                word == "and"
                and current
                and k + 1 < len(tokens)
                and (is_participle(tokens[k + 1]) or _active_participle(tokens[k + 1]))
            ):  # "directed by A, written by B and starring C": one more participle about what the first is about
                if not close():
                    return None, None
                return out, [COORDINATED, *tokens[k + 1 :]]
            if (
                word in ("and", "but")
                and k + 1 < len(tokens)
                and (lower[k + 1] in AUX or self.translator._verb_like(lower, k + 1))
            ):
                if not verbs or not close():
                    return None, None  # a second verb phrase after a copula: not read here
                return out, [COORDINATED_VERB, *tokens[k + 1 :]]
            if word in MORE_PREPOSITIONS:
                if not close():
                    return None, None
                role, current = word, []
                continue
            if token in CONTRASTS:  # "older than Ann Lee but younger than Bob Hope": no part of a name, not read
                return None, None
            current.append(token)
        if not close():
            return None, None
        return out, None


CONTRASTS = frozenset(("but", "yet", "whereas", "although", "though", "while", "unlike", "except"))
CAST_VERBS = frozenset(("starring", "featuring", "stars", "features", "starred", "featured"))


def modifier_after_comma(text: str, comma: int) -> bool:
    """Whether the comma at ``comma`` opens a phrase that only modifies what comes before it: a participle ("…,
    encompassing biology", "…, born in 1950", "…, known for …") or an adverb before one or before a preposition
    ("…, best known for …", "…, most notably of …"); never a contrast or another clause ("…, but …")."""
    found = _WORD_AFTER_COMMA.match(text, comma)
    if found is None:
        return False
    word, nxt = found.group(1), found.group(2) or ""
    if word.endswith("ing") or is_participle(word) or word == "born":
        return True
    adverb = word.endswith("ly") or word in ("best", "most", "well", "widely", "also")
    return adverb and (is_participle(nxt) or nxt in MORE_PREPOSITIONS or nxt.endswith("ly"))


def _without_name_aside(text: str) -> tuple[str, re.Match[str] | None]:
    """``text`` without a participle aside between commas after its subject's name ("Joseph Roth, born Moses Joseph
    Roth, was …" → "Joseph Roth was …"), and the aside's match; a second name "known as" is left to
    ``_ALIAS_APPOSITION``, which makes the two names one individual."""
    aside = _NAME_ASIDE.match(text)
    if aside is None or _ALIAS_WORDS.match(aside.group("aside")):
        return text, None
    return f"{aside.group('name')} {text[aside.end() :]}", aside


def _apposed_to_name(text: str, comma: int) -> bool:
    """Whether the comma at ``comma`` opens an apposition ("a/an/the …") to the capitalised word before it."""
    before = text[:comma].split()
    return bool(before) and before[-1][:1].isupper() and _APPOSED.match(text, comma) is not None


def _cast_converse(heads: Sequence[Frame], negated: bool, text: str) -> list[Frame]:
    """ "A film … starring C" says also that C starred in the film: for each theme of an active "starring" /
    "featuring" frame, the frame ``starred(agent C, in the film)`` — how a claim says it ("C starred in A")."""
    out: list[Frame] = []
    for head in heads:
        themes = [arg for role, arg in head.roles if role == "theme"]
        for theme in themes:
            members = theme.members if isinstance(theme, Coordination) else (theme,)
            for member in members:
                if isinstance(member, str):
                    roles = (("agent", member), ("in", head.subject))
                    out.append(Frame("verbal", "starred", member, roles, negated, text))
    return out


COORDINATED = "\x00and"  # marks a participle phrase coordinated with the one before it (``_phrases``)
COORDINATED_VERB = "\x00and-verb"  # marks a verb phrase coordinated with the clause's own (``_phrases``)


def _active_past(tokens: Sequence[str]) -> bool:
    """A past form with an object after it ("acquired Donyell Marshall"), not a passive participle with its
    preposition ("written by B")."""
    return len(tokens) > 1 and tokens[1][:1].isalnum() and tokens[1].lower() not in MORE_PREPOSITIONS


def _active_participle(word: str) -> bool:
    """A lowercase "-ing" form of four letters or more before it ("starring", "featuring"; not "king", "thing")."""
    return word.isalpha() and word.islower() and word.endswith("ing") and len(word) >= 7


def _passive_by(tokens: Sequence[str]) -> bool:
    """``["is", participle, "by", …]``: a trailing passive participle with its agent."""
    return len(tokens) > 3 and tokens[0] == "is" and is_participle(tokens[1]) and tokens[2].lower() == "by"


INDEFINITES = frozenset(("a", "an", "some"))
# words that take back what a clause asserts: a clause with one is not read as a plain statement (``_clause``)
HEDGES = frozenset(
    ("allegedly", "reportedly", "supposedly", "purportedly", "possibly", "probably", "perhaps", "maybe", "presumably",
     "apparently", "seemingly", "arguably", "rumored", "rumoured", "likely", "unlikely", "unconfirmed", "almost",
     "nearly")
)  # fmt: skip
DESCRIBED = "Described1"  # the name a claim's described individual is read with (``FrameReader._described``)
DESCRIBING = frozenset(("that", "who", "which"))


def _indefinite(tokens: Sequence[str]) -> str | None:
    """The kind an indefinite subject names ("A private Ivy League research university" → "private Ivy League
    research university"), or ``None`` for any other subject; its head (last word) must be a common noun."""
    if len(tokens) < 2 or tokens[0].lower() not in INDEFINITES or not tokens[-1].isalpha() or not tokens[-1].islower():
        return None
    kept = [t for t in tokens[1:] if t.lower() not in IGNORED]
    return " ".join(kept) if kept else None


def _along(tokens: Sequence[str], k: int) -> bool:
    """ "along"/"together" before "with" ("hosted A, along with B"): the phrase is read as its "with"."""
    return tokens[k].lower() in ("along", "together") and k + 1 < len(tokens) and tokens[k + 1].lower() == "with"


def _listed(tokens: list[str]) -> list[str]:
    """A list of names written with commas read as joined by "and" ("the cities of Butte , Helena , and Missoula"
    → "Butte and Helena and Missoula"), so that ``_conjuncts`` sees each member; only a run of capitalised
    words or values, separated by commas and closed by "and" before its last member, is a list."""

    def is_value(k: int) -> bool:
        return _PLACEHOLDER.match(tokens[k]) is not None

    def name_run(k: int, value: bool) -> int:  # the end of the run of capitalised words (or of values) from k
        while k < len(tokens) and is_value(k) == value and (value or tokens[k][:1].isupper()):
            k += 1
        return k

    out = list(tokens)
    k = 0
    while k < len(tokens):
        value = is_value(k)
        end = name_run(k, value)
        if end == k:
            k += 1
            continue
        commas: list[int] = []
        while end < len(tokens) and tokens[end] == ",":
            after = end + 1
            if after < len(tokens) and tokens[after].lower() == "and":
                commas.append(end)
                break
            nxt = name_run(after, value)
            if nxt == after:
                break
            commas.append(end)
            end = nxt
        closing = commas[-1] + 1 if commas and commas[-1] == end else end
        last = closing + 1
        if commas and last < len(tokens) and tokens[closing].lower() == "and" and name_run(last, value) > last:
            for comma in commas:
                out[comma] = "and" if tokens[comma + 1].lower() != "and" else ","
        k = end + 1
    return out


def _split_at_and(tokens: Sequence[str]) -> list[list[str]]:
    """``tokens`` cut at each "and" (an empty part where "and" is first, last or doubled)."""
    parts: list[list[str]] = [[]]
    for token in tokens:
        if token.lower() == "and":
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _conjuncts(tokens: Sequence[str]) -> list[list[str]]:
    """A noun phrase cut at each "and" ("the 2008 Summer Olympics and 2008 Summer Paralympics Games"); a shared
    head is given back to a bare first member after an article that the last member lacks ("the Summer and
    Winter Olympics" → "Summer Olympics", "Winter Olympics"). One part when there is no "and" or a part is
    empty ("and" first or last)."""
    parts = _split_at_and(tokens)
    if len(parts) < 2 or not all(p for p in parts):
        return [list(tokens)]
    last = parts[-1]
    first = parts[0]
    kind = next((k for k, t in enumerate(first) if t[:1].isupper()), 0)
    named_members = all(p[0][:1].isupper() for p in parts[1:])
    if 0 < kind < len(first) - 1 and all(t.islower() for t in first[:kind]) and named_members:
        for part in parts[1:]:  # "free agents John Starks and Danny Manning": both are free agents
            part[:0] = first[:kind]
    if last[0].lower() not in ARTICLES and len(last) >= 2 and last[0][:1].isupper():
        for part in parts[:-1]:
            bare = [t for t in part if t.lower() != "both"]
            if len(bare) == 2 and bare[0].lower() in ARTICLES and bare[1][:1].isupper():
                part.extend(last[1:])
    return parts


def _distributed(chunks: Sequence[_Chunk]) -> list[list[tuple[str, Arg]]]:
    """The role lists a clause's phrases stand for: one per member of each ``Coordination`` (their product);
    a product above ``MAX_DISTRIBUTED`` keeps each coordination as one argument, its members joined."""
    variants: list[list[tuple[str, Arg]]] = [[]]
    size = 1
    for _, arg in chunks:
        if isinstance(arg, Coordination):
            size *= len(arg.members)
    for role, arg in chunks:
        if not isinstance(arg, Coordination):
            variants = [[*v, (role, arg)] for v in variants]
        elif size > MAX_DISTRIBUTED:
            variants = [[*v, (role, " and ".join(arg.members))] for v in variants]
        else:
            variants = [[*v, (role, member)] for v in variants for member in arg.members]
    return variants


def _description(tokens: Sequence[str]) -> bool:
    """ "the capital of France": a definite description naming one thing (read as an identity)."""
    lower = [t.lower() for t in tokens]
    if len(tokens) < 4 or lower[0] != "the" or "of" not in lower[2:]:
        return False
    at = lower.index("of", 2)
    return all(t.isalpha() and t.islower() for t in tokens[1:at]) and _is_name(tokens[at + 1 :])


def _coordinated(tokens: list[str], toks: _Tokens) -> list[list[str]]:
    """A complement cut at each "and" that is followed by a lower-case word ("highly soluble in water and slightly
    soluble in alcohol") or by "one of" ("an American singer and one of country music's best-known artists"); names
    ("Bauer and Sons") and a lone pair of adjectives before a noun are kept, and so is a list of bare nouns inside
    the phrase before it (``english_words.inside_phrase``)."""
    parts: list[list[str]] = [[]]
    for k, token in enumerate(tokens):
        nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
        one_of = (m := _PLACEHOLDER.match(nxt)) is not None and toks.values[int(m.group(1))].text.lower() == "one"
        if token.lower() == "and" and parts[-1] and one_of and tokens[k + 2 : k + 3] == ["of"]:
            parts.append([])
            continue
        if (
            token.lower() == "and"
            and parts[-1]
            and nxt[:1].islower()
            and any(t.lower() in MORE_PREPOSITIONS for t in parts[-1])
            and not _article_name(tokens[k + 1 :])
            and not (is_participle(nxt) or _active_participle(nxt))
        ):  # "directed by A, written by B and starring C": participles about the same subject (``_phrases``)
            parts.append([])
            continue
        parts[-1].append(token)
    merged: list[list[str]] = []
    for part in parts:  # a bare noun list inside the phrase before it stays in that phrase
        if merged and inside_phrase([merged[-1], part]):
            merged[-1] = [*merged[-1], "and", *part]
        else:
            merged.append(part)
    return merged if len(merged) > 1 and all(merged) else [tokens]


def _article_name(tokens: Sequence[str]) -> bool:
    """ "the Nazi Reichstag": an article and capitalised words only — another object of the phrase before "and"
    ("a member of the Prussian State Parliament and the Nazi Reichstag"), not a new complement."""
    return len(tokens) >= 2 and tokens[0].lower() in ARTICLES and all(t[:1].isupper() for t in tokens[1:])


PLACE_PREPOSITIONS = frozenset(("in", "at", "from", "near", "to", "of", "outside", "into"))


def _places_joined(tokens: list[str]) -> list[str]:
    """Tokens with a place written with its region after a place preposition ("in London , England", "in Roseau ,
    Minnesota , USA") joined into one token ("London,England"): the comma says the second holds the first, so
    the constant keeps it and is never an alias of "England" (``symbols._adds_only_names``). A list of names
    ("met Tom , Ann and Bob") is left alone: the chain must not go on with "and"/"or"."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        out.append(tokens[i])
        i += 1
        if out[-1] != "," or len(out) < 2 or i >= len(tokens) or not tokens[i][:1].isupper():
            continue
        start = len(out) - 2  # the name before the comma, back to the preposition
        while start > 0 and out[start - 1][:1].isupper():
            start -= 1
        end = i  # the capitalised run after the comma
        while end < len(tokens) and tokens[end][:1].isupper():
            end += 1
        listed = end < len(tokens) and (
            tokens[end].lower() in ("and", "or")
            or (tokens[end] == "," and end + 1 < len(tokens) and tokens[end + 1].lower() in ("and", "or"))
        )
        if start == 0 or out[start - 1].lower() not in PLACE_PREPOSITIONS or not out[-2][:1].isupper() or listed:
            continue
        before = " ".join(out[start:-1])
        out[start:] = [before + "," + " ".join(tokens[i:end])]
        i = end
    return out


LOCATED = "located"  # the predicate of a frame that places its theme "in" somewhere
CONTAINING_ROLES = frozenset(("in", "from"))  # "in/from A, B": A lies in B, so the place is in each


def place_parts(frame: Frame) -> list[Frame]:
    """The frames a premise frame entails by containment: a place written with its region ("lived in London,
    England", joined by ``_places_joined``) after "in" or "from" gives the same frame with each part
    ("lived in London", "lived in England"), one role at a time. None for a negated frame: "not in Paris, Texas"
    says nothing of Texas. The parts are never aliases of the whole (``symbols._adds_only_names``): only the
    frame that places something in them is added."""
    if frame.negated:
        return []
    out: list[Frame] = []
    for k, (role, arg) in enumerate(frame.roles):
        if role not in CONTAINING_ROLES or not isinstance(arg, str) or "," not in arg:
            continue
        parts = [p.strip() for p in arg.split(",")]
        if not all(p[:1].isupper() for p in parts):
            continue
        for part in parts:
            roles = (*frame.roles[:k], (role, part), *frame.roles[k + 1 :])
            out.append(replace(frame, roles=roles))
        for inner, outer in itertools.pairwise(parts):  # "Istanbul, Turkey": Istanbul is in Turkey
            out.append(Frame("verbal", LOCATED, inner, (("theme", inner), ("in", outer)), False, frame.text))
    return out


# "in the (affluent) village of Chestnut Hill": a kind of place named by its "of" phrase is that place
PLACE_KINDS = frozenset((
    "village", "town", "city", "state", "county", "province", "region", "district", "island", "borough", "parish",
    "municipality", "commune", "hamlet", "suburb", "neighborhood", "neighbourhood", "country", "republic", "kingdom",
    "prefecture", "canton", "township", "emirate", "principality",
))  # fmt: skip


def named_places(frame: Frame) -> list[Frame]:
    """The frame a premise frame states with its place named: "located in the affluent village of Chestnut Hill,
    Massachusetts" (roles ``in`` "affluent village", ``of`` "Chestnut Hill, Massachusetts") also says "located in
    Chestnut Hill, Massachusetts" when the ``in`` phrase ends in a kind of place (``PLACE_KINDS``) and the ``of``
    phrase follows it and is a name; its parts (``place_parts``) come with it. None for a negated frame."""
    if frame.negated:
        return []
    out: list[Frame] = []
    for k, ((role, arg), (after, named)) in enumerate(itertools.pairwise(frame.roles)):
        if role not in CONTAINING_ROLES or after != "of" or not isinstance(arg, str) or not isinstance(named, str):
            continue
        words = arg.split()
        if not words or words[-1].casefold() not in PLACE_KINDS or not named[:1].isupper():
            continue
        placed = replace(frame, roles=(*frame.roles[:k], (role, named), *frame.roles[k + 2 :]))
        out += [placed, *place_parts(placed)]
    return out


# kinds of thing that stand somewhere: "X is the largest private hospital in Washington" places X there
SITE_KINDS = PLACE_KINDS | frozenset((
    "hospital", "university", "college", "school", "museum", "airport", "stadium", "arena", "park", "church",
    "cathedral", "temple", "mosque", "station", "library", "theatre", "theater", "hotel", "building", "skyscraper",
    "tower", "bridge", "castle", "palace", "zoo", "prison", "lake", "river", "mountain", "mall", "venue", "campus",
    "lyceum", "academy", "seminary", "observatory", "laboratory", "monument", "memorial", "square", "street",
))  # fmt: skip


def sited_frames(frame: Frame) -> list[Frame]:
    """The location a premise's copula states of a kind of site: "MedStar is the largest private hospital in
    Washington, D.C." also says "MedStar is located in Washington, D.C." (and in each part, ``place_parts``) when the
    complement's last word is a kind of site (``SITE_KINDS``: a hospital, a university, a village …) and its ``in``
    phrase a name. "Bart is a character in The Simpsons" places nothing: a character is no site. None for a negated
    frame."""
    if frame.negated or frame.kind != "copula" or not isinstance(frame.subject, str):
        return []
    words = frame.predicate.split()
    if not words or words[-1].casefold() not in SITE_KINDS:
        return []
    out: list[Frame] = []
    for role, arg in frame.roles:
        if role == "in" and isinstance(arg, str) and arg[:1].isupper():
            roles = (("theme", frame.subject), ("in", arg))
            placed = Frame("verbal", LOCATED, frame.subject, roles, False, frame.text)
            out += [placed, *place_parts(placed)]
    return out


def _one_of(tokens: Sequence[str]) -> list[str]:
    """ "(one of the) remaining open Greek schools in Istanbul" as "a remaining open Greek school in Istanbul": the
    plural head before the first preposition or relative pronoun made singular (``templates.lemma``)."""
    lower = [t.lower() for t in tokens]
    end = next((k for k, t in enumerate(lower) if t in MORE_PREPOSITIONS or t in RELATIVE), len(tokens))
    words = list(tokens)
    if end > 0 and words[end - 1].islower():
        words[end - 1] = lemma(words[end - 1])
    return ["a", *words]


def _value_role(role: str, arg: Arg) -> tuple[str, Arg]:
    if isinstance(arg, Value):
        if arg.is_time and (role in TIME_PREPOSITIONS or role == ""):
            return "when", arg
        return role or "num", arg
    return role or "theme", arg


def without_asides(sentence: str) -> str:
    """``sentence`` without its parentheticals: "Simon Wincer (born 1943 in Sydney) is …" → "Simon Wincer is …",
    and without a participle phrase after a comma ("… published by Elsevier, encompassing biology, physics, and
    clinical science" would make the journal clinical science). For a premise's logic reading, which would otherwise
    take the aside into the subject's name (``simon_wincer_born_1943_in_sydney``); leaving an aside out of a premise
    only says less."""
    text, _ = _without_name_aside(" ".join(_PAREN.sub("", sentence).split()))
    cut = next((m.start() for m in _TRAILING_MODIFIER.finditer(text) if modifier_after_comma(text, m.start())), None)
    return text[:cut] + "." if cut is not None else text


def with_subject(frame: Frame, subject: Arg) -> Frame:
    """``frame`` about another subject (the comparison claims' alternatives)."""
    roles = tuple((role, subject if arg == frame.subject else arg) for role, arg in frame.roles)
    return replace(frame, subject=subject, roles=roles)
