"""What an answer claims *about its question*: bare answers combined with the question into statements.

An answer is checked as the claims it makes about the question, whatever its form:

- a sentence of the answer that is a clause (it has a subject and a verb) is a claim as written;
- a bare answer — a name, a number, a short phrase — fills the question's wh-slot:
  "Which magazine was started first, A or B?" + "A" → "A was started first";
  "Who founded the company?" + "John Smith" → "John Smith founded the company";
  "When was X born?" + "March 2, 1991" → "X was born in March 2, 1991";
  "What is the capital of France?" + "Paris" → "The capital of France is Paris";
  "…, who Matt Groening named after who?" + "Richard Nixon" → "Matt Groening named Milhouse after Richard Nixon";
- the kind of thing asked for is claimed of the answer too when the question says more than a bare noun
  (``_asked_kind``): "… the killing of which Irish-American hitman?" + "Vincent Coll" → "… the killing of Vincent
  Coll" and "Vincent Coll is an Irish-American hitman"; a bare noun ("which band") is the question's presupposition,
  and a time or place noun ("what year"), a kind of something ("what genre of music": the answer *is* the genre), a
  possessive ("what nation's military") and a choice between named alternatives add nothing;
- a copula with no verb after its subject keeps the whole subject: "Where is the base of one of the three main
  agencies?" → "the base of one of the three main agencies is in Cheltenham", never "the base is Cheltenham";
  "What genre of music is the artist that … a variant of?" → "the artist that … is a variant of synth-pop";
- "how many N", "how far north": the answer is the number ("… had 56,551 gross register tons", "19 mi north of");
- "yes"/"no" to a yes/no question is the question as a statement, negated for "no":
  "Are X and Y both American?" + "yes" → "X and Y are both American" ("Are both X and Y American?" too); an answer
  that says more after its yes/no ("No, X is Canadian.") claims both, the yes/no first, and one that only echoes it
  ("Yes, it is.") claims the yes/no alone. "No" before a noun ("No other band won") is no answer to a yes/no
  question: the sentence keeps it;
- a subject the question describes instead of naming ("Where is the company that purchased Aixam based?" + "Roseau"
  → "the company that purchased Aixam is based in Roseau") is kept whole, past the relative clause's own verb ("does
  the river that Koularo lies on flow"); the offline reading makes it some individual of whom both clauses hold
  (``verification.frames``).

A question that names its alternatives (``Choice``: "…, A or B", "… the A or the B", or "Was A or B released
first?") takes the answer as the subject in the wh-phrase's place when "is/was/has …" follows it and no preposition
is left at the end: "Which director is American, A or B?" + "A" → "A is American" ("Which city is Kent located in,
A or B?" keeps its object slot: "Kent is located in A").

A claim with a comparison word ("first", "second" of two, "earlier", "older", "more" …) and a question naming the
alternatives ("A or B"; "Between A and B, who …" is read as "who …, A or B") also carries a
``Comparison``: the statement without the comparison word, about the winner and about each other
alternative, so the prover can compare their values. A comparison that also says how much ("two years
younger", "much larger") gets none: that reading would drop the amount.
An answer sentence that is a question ("Is zlib thread-safe?", quoted from an FAQ) states nothing and makes no
claim. Only the answer's first sentence fills the slot; a later one that is no clause ("…; see LICENSE for
details") is a claim as written. A bare answer whose question has no slot this module can fill gives a claim with
``text=""`` and the reason: it cannot be represented, so it is *unknown*, never proved. The question itself
is never a premise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from graphproof.text.lexicon import AUX, COPULA, DO, HAVE, MONTHS_FULL, PREPOSITIONS, PRONOUNS, RELATIVE, VERBS
from graphproof.text.verb_forms import verb_forms
from graphproof.text.wordnet_files import proper_adjective
from graphproof.verification.claims import is_polarity_only, split_text
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.english_words import clean, tokens_of
from graphproof.verification.frames import MORE_PREPOSITIONS, is_participle
from graphproof.verification.templates import lemma

Relation = Literal["Before", "After", "Less", "More"]
# "second" of the two alternatives a comparison names is the later one
COMPARATIVES: dict[str, Relation] = {
    "first": "Before", "second": "After", "earlier": "Before", "earliest": "Before", "older": "Before",
    "oldest": "Before", "before": "Before", "last": "After", "later": "After", "latest": "After", "younger": "After",
    "youngest": "After", "newer": "After", "more": "More", "larger": "More", "largest": "More", "bigger": "More",
    "higher": "More", "most": "More", "fewer": "Less", "smaller": "Less", "less": "Less", "least": "Less",
}  # fmt: skip
BORN_COMPARATIVES = frozenset(("older", "oldest", "younger", "youngest"))
# how much: a comparison that says it ("two years younger", "much larger", "twice as many") is more than an order
MEASURES = frozenset(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "dozen",
     "hundred", "thousand", "million", "half", "twice", "thrice", "times", "much", "far", "slightly", "significantly",
     "considerably", "substantially", "somewhat", "bit", "lot", "little", "year", "years", "month", "months",
     "week", "weeks", "day", "days", "decade", "decades", "century", "centuries", "hour", "hours", "percent")
)  # fmt: skip
IN_NOUNS = frozenset(  # "what year …" / "which city …": the answer follows "in"
    ("year", "date", "day", "month", "century", "decade", "city", "country", "state", "town", "place", "county")
)
# "What nationality is the actress who …": the answer is said of the subject ("… is American"), it is not the subject
ATTRIBUTE_NOUNS = frozenset(
    ("nationality", "genre", "type", "kind", "sort", "form", "style", "colour", "color", "religion", "profession",
     "occupation", "language", "ethnicity", "gender", "size", "shape", "status", "rank", "title", "role", "format",
     "field", "industry", "sport", "position", "instrument")
)  # fmt: skip
_NOT_KIND = frozenset(("or", "this", "these", "those", "i", "me", "my", "you", "your", "we", "us", "our"))
ADVERBS_OF_DEGREE = frozenset(("best", "well", "widely", "most", "least", "better", "often", "also", "later", "once"))
KIND_NOUNS = frozenset(("kind", "type", "sort", "form", "genre", "style", "variety"))  # "what kind of track"
WH = frozenset(("who", "whom", "what", "which", "where", "when", "whose", "how"))
_CONTINUES = frozenset(("and", "or", "but"))
_YES = re.compile(r"^\W*(yes|true|correct)\b\W*", re.I)
_NO = re.compile(r"^\W*(no|false|incorrect)\b\W*", re.I)
_POLAR_LEAD = re.compile(r"^\W*(yes|no)\s*[,.;:!]", re.I)  # "No, …": a yes/no answer set off before more
_BETWEEN = re.compile(r"^Between\s+(.+?)\s+and\s+([^,]+?),\s+(\S.*)$", re.I)
_ALTERNATIVES = re.compile(r"^(.*?)[,:]?\s+(?:either\s+)?((?:[A-Z0-9\"“][^,]*?))\s+or\s+([^,]+?)\s*$")
_LEADING_DETERMINER = re.compile(r"^(?:the|a|an)\s+", re.I)
_TRAILING_DETERMINER = re.compile(r"[,:]?\s+(?:the|a|an)$", re.I)


DETERMINERS = frozenset(("the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their", "my", "our"))


@dataclass(frozen=True, slots=True)
class Comparison:
    relation: Relation
    winner: str
    others: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """One statement to check: ``text`` (empty when none could be built, ``why`` says why), how it was
    built (``answer`` or ``question+answer``), negated for a "no", and a comparison when it makes one."""

    text: str
    answer: str
    source: Literal["answer", "question+answer"] = "answer"
    negated: bool = False
    comparison: Comparison | None = None
    why: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """A question that names its alternatives: the question without them (``stem``, in a question's order) and
    the alternatives ("Which magazine was started first, A or B" → stem "Which magazine was started first";
    "Was A or B released first" → stem "Was released first", ``inner=True``: the alternatives are its subject)."""

    stem: str
    names: tuple[str, str]
    inner: bool = False


def _name(text: str) -> str:
    """An alternative as a name: quotes and a leading article left out ("the Octopus card" → "Octopus card")."""
    return _LEADING_DETERMINER.sub("", text.strip(' "“”')).strip(' "“”')


def _latin(text: str) -> bool:
    """Whether ``text`` is written in Latin script (the slot filling is English-only; other scripts pass as written)."""
    letters = [ch for ch in text if ch.isalpha()]
    return sum(ch.isascii() for ch in letters) >= 0.8 * len(letters)


def _polarity(sentence: str) -> tuple[bool | None, str]:
    """``(True/False, the rest)`` for an answer that opens with yes/no ("No, he was a journalist", "Yes it is"), or
    ``(None, sentence)``: "No other band won" opens with a determiner, not an answer, and keeps its "No"."""
    for pattern, value in ((_YES, True), (_NO, False)):
        match = pattern.match(sentence)
        if match:
            rest = sentence[match.end() :].strip()
            first = rest.split()[0].lower() if rest else ""
            if rest and not _POLAR_LEAD.match(sentence) and first not in _AFTER_POLARITY:
                return None, sentence
            return value, rest
    return None, sentence


_ELLIPSIS = re.compile(
    r"^(?:it|he|she|they|we|i|you|there|that|this)\s+(?:is|are|was|were|does|do|did|has|have|had|can|will)"
    r"(?:\s*n['’]t|\s+not)?\W*$",
    re.I,
)
_AFTER_POLARITY = frozenset(("it", "he", "she", "they", "we", "i", "you", "both", "neither", "there", "that", "this"))


# "A and B are both magazines, but which one is owned by Time Inc": what is asked is the clause after "but"
_BUT_WH = re.compile(
    r"^(?P<said>.+?),?\s+but\s+(?P<asked>(?:which|what|who|whom|whose|where|when)\b.+)$", re.IGNORECASE
)


# "A and B, is of which nationality": a nationality is said with the adjective itself ("A is English"), not "of" it
_OF_NATIONALITY = re.compile(r"\b(is|are|was|were)\s+of\s+(which|what)\s+(nationality|nationalities)\b", re.IGNORECASE)


# "…, Hole, the rock band that Courtney Love was a frontwoman of, or The Wolfhounds": a description in apposition to
# the first alternative is no part of the choice
_APPOSED_ALTERNATIVE = re.compile(r",\s+(?P<alt>[A-Z][^,]*?),\s+(?:the|a|an)\s+[^,]+?,\s+or\s+(?=[A-Z\"“])")


# "what's their best known song": the wh-word's contracted copula written out
_REPEATED_WORD = re.compile(r"\b(the|a|an|of|in|to)\s+\1\b", re.IGNORECASE)  # "the the German composer"
_WH_IS = re.compile(r"\b(what|who|where|which|how|when)['’]s\b", re.IGNORECASE)


def _statement_first(question: str) -> tuple[str, str]:
    """``(statements, question)``: sentences that come before the question's own sentence ("Pauline Henry was the
    vocalist of a cover song. Which album was this song from?") are set apart, so that only the question's sentence
    is filled; the claim keeps them in front, since the question refers back to them ("this song")."""
    sentences = split_text(question)
    if len(sentences) < 2 or sentences[-1].split()[0].lower() not in WH | AUX:
        return "", question
    at = question.rfind(sentences[-1])
    before = question[:at].rstrip()
    if not before.endswith((".", "!", "?")):  # "…; where should …": one sentence
        return "", question
    return before, question[at:]


def _asked_clause(question: str) -> str:
    """The question's wh-clause when a statement comes first and "but" joins them: the statement is what the asker
    takes as given, not what the answer claims ("A and B are both special interest publications, but which one is
    owned by Time Inc" + "B" → "B is owned by Time Inc"); "is of which nationality" is asked as "is which
    nationality" (+ "English" → "… is English"); a description in apposition to the first of two alternatives is
    left out ("…, Hole, the rock band that …, or The Wolfhounds" → "…, Hole or The Wolfhounds")."""
    question = _WH_IS.sub(r"\1 is", _REPEATED_WORD.sub(r"\1", question))
    found = _BUT_WH.match(question)
    asked = _OF_NATIONALITY.sub(r"\1 \2 \3", found.group("asked") if found else question)
    return _APPOSED_ALTERNATIVE.sub(r", \g<alt> or ", asked)


# "the name of the resident who directed … is Scott Derrickson": what is named is the resident
_NAME_OF = re.compile(
    r"^(?:the\s+)?(?:full\s+|real\s+|official\s+)?name\s+of\s+(?P<what>.+?)\s+(?P<is>is|was)\s+(?P<name>.+)$", re.I
)
_NATIONALITY_OF = re.compile(r"^(?:the\s+)?nationality\s+of\s+(?P<what>.+?)\s+(?P<is>is|was)\s+(?P<adj>[A-Z][\w-]*)$")


def _named(statement: str) -> str:
    """A statement about a name or a nationality said of what it names: "the name of the resident who directed … is
    Scott Derrickson" → "Scott Derrickson is the resident who directed …", "the nationality of the singer who wrote
    … is American" → "the singer who wrote … is American" (the name is the individual's, not a thing of its own)."""
    found = _NAME_OF.match(statement)
    if found is not None and found.group("name")[:1].isupper():
        return f"{found.group('name')} {found.group('is')} {found.group('what')}"
    found = _NATIONALITY_OF.match(statement)
    if found is not None:
        return f"{found.group('what')} {found.group('is')} {found.group('adj')}"
    return statement


def _bare_verb(word: str) -> bool:
    """Whether ``word`` is a verb's bare form (a WordNet verb form that is its own lemma: "read", "need", "put")."""
    return word.isalpha() and word in verb_forms() and lemma(word) == word


def _bare_verb_before_phrase(lower: list[str], k: int) -> bool:
    """Whether ``lower[k]`` reads as the bare verb of a do-support question with a phrase after it: a WordNet verb
    form without an inflection's ending, followed by a preposition or determiner ("did the player *defeat* in the
    2017 Open", "did the band *sign* with"). The caller rules out a noun's slot (after a determiner)."""
    word = lower[k]
    if not word.isalpha() or word.endswith(("s", "ed", "ing")) or word not in verb_forms():
        return False
    return k + 1 < len(lower) and lower[k + 1] in (PREPOSITIONS | DETERMINERS) - {"of"}  # "the LCS function of X"


PLACE_NOUNS = frozenset(
    ("country", "state", "city", "county", "region", "province", "territory", "continent", "town", "village", "island")
)
_CURRENCY = re.compile(r"[$€£¥]|\b(?:dollars?|euros?|pounds?|yen)\b", re.IGNORECASE)


DOUBLE_OBJECT = frozenset(("name", "call", "dub", "title", "give", "make", "consider", "elect", "appoint", "label"))
_AFTER_INFINITIVE = frozenset(("so", "first", "again", "now", "then", "when", "if", "because", "before", "after"))


def _object_slot(verb: str, rest: list[str]) -> int:
    """Where in ``rest`` (what follows a do-support question's verb) the asked object goes.

    Right after the verb ("Whom did Mary marry in 1990" → "Mary did marry John in 1990", "What file does tmux read
    at start" → "tmux does read tmux.conf at start", "Which option does gzip use to keep the input file" → "gzip
    does use -k to keep …"); after the verb's own preposition when another phrase follows it ("What does Ninja look
    for by default" → "Ninja does look for build.ninja by default"); after an infinitive that has no object of its
    own ("What do users need to run first" → "users do need to run setup.sh first", "What does the brewery have to
    limit in order to comply" → "… has to limit ingredients in order to …"); last after a verb of two objects ("What
    did Mary name her dog" → "Mary did name her dog Rex")."""
    lower = [w.lower() for w in rest]
    if not rest:
        return 0
    if lemma(verb.lower()) in DOUBLE_OBJECT:
        return len(rest)
    if lower[0] in MORE_PREPOSITIONS and lower[0] != "to":
        return 1 if len(rest) == 1 or lower[1] in PREPOSITIONS else 0
    if lower[0] == "to" and len(rest) > 1:
        k = 1
        while k < len(rest) and lower[k].endswith("ly"):
            k += 1  # "to permanently change"
        if k < len(rest) and _bare_verb(lower[k]):
            following = lower[k + 1] if k + 1 < len(rest) else ""
            if not following or following in PREPOSITIONS | _AFTER_INFINITIVE or following.endswith("ly"):
                return k + 1
    return 0


def _date_comma(tokens: list[str], k: int) -> bool:
    """Whether the comma of ``tokens[k]`` sits between a month's day and its year ("September 19, 1905")."""
    day, year = tokens[k][:-1], tokens[k + 1].strip(",") if k + 1 < len(tokens) else ""
    return k > 0 and tokens[k - 1] in MONTHS_FULL and day.isdigit() and year.isdigit()


def _priced(noun: str, answer: str) -> bool:
    """Whether "how much ``noun``" is answered by a sum that says its own unit ("money" + "$268 million")."""
    return noun.lower().strip(",") == "money" and bool(_CURRENCY.search(answer))


def _head_noun(words: list[str]) -> str:
    """The head of a noun phrase's lower-cased words: the word before its first preposition, else its last word."""
    return next((words[k - 1] for k in range(1, len(words)) if words[k] in PREPOSITIONS), words[-1] if words else "")


def _lower_run_end(tokens: list[str], start: int) -> int:
    """Where the run of lower-case words from ``start`` ends: at the first capitalised word, auxiliary or
    preposition."""
    end = start
    while end < len(tokens) and tokens[end][:1].islower() and tokens[end].lower() not in AUX | PREPOSITIONS:
        end += 1
    return end


def _complement_start(words: list[str]) -> int:
    """Where a copula's complement starts in ``words`` (a question's order after "is [subject]") when they end in a
    preposition: at an article among the last four words ("the artist that … *a variant of*"), else at the word
    before the preposition ("the species … *native to*"); at their end (no complement) otherwise."""
    if not words or words[-1].lower() not in PREPOSITIONS:
        return len(words)
    if len(words) == 1:
        return 0  # "is [this song] from": the complement is the preposition alone
    article = [k for k, w in enumerate(words) if w.lower() in ("a", "an", "the") and k >= len(words) - 4]
    return article[-1] if article else len(words) - 2


class ClaimBuilder:
    """Builds the claims of an answer to a question (module docstring); ``translator`` finds verbs."""

    def __init__(self, translator: EnglishTranslator) -> None:
        self.translator = translator

    def claims(self, question: str, answer: str) -> list[Claim]:
        given, question = _statement_first(" ".join(question.split()).rstrip(" ?.!"))
        question = _asked_clause(self._between(question))
        out: list[Claim] = []
        for sentence in split_text(answer) or [answer.strip()]:
            if sentence.endswith("?"):  # a question (an FAQ's, quoted by an extractive answer) states nothing
                continue
            polarity, rest = _polarity(sentence) if not out else (None, sentence)
            if is_polarity_only(sentence) or (polarity is not None and not rest):
                out.append(self._yes_no(question, sentence, polarity is not False))
                continue
            # "No, Joseph Roth was a journalist": the "no" is a claim too; "Yes, it is" says no more than "yes"
            if polarity is not None and question.split()[:1] and question.split()[0].lower() in AUX:
                out.append(self._yes_no(question, sentence, polarity))
                if _ELLIPSIS.match(rest):
                    continue
            rest = rest.strip(" .!")
            # no slot to fill, or not the answer's first sentence ("…; see LICENSE for details" adds to the
            # answer, it does not answer the question again): the text is the claim as written
            if not question or out or not _latin(rest) or self.is_clause(rest):
                out.append(self._with_comparison(Claim(rest, sentence), question))
            else:
                filled = self._fill(question, rest, sentence)
                if given and filled and filled[0].text:  # the statements the question refers back to come first
                    filled[0] = replace(filled[0], text=f"{given} {filled[0].text}")
                out.extend(filled)
        return [c for c in out if c.text or c.why]

    def _between(self, question: str) -> str:
        """``Between (two players) A and B, who is older`` → ``who is older, A or B``: the alternatives as this
        module reads them (a description before the first name is left out)."""
        found = _BETWEEN.match(question)
        if found is None:
            return question
        first = self._trailing_name(found.group(1).split())
        if not first or not found.group(2)[:1].isupper():
            return question
        return f"{found.group(3)}, {' '.join(first)} or {found.group(2)}"

    def is_clause(self, text: str) -> bool:
        """True when ``text`` has a subject and a finite verb ("A was started first"), not a bare phrase."""
        tokens = [t for t in tokens_of(clean(text)) if t != ","]
        if len(tokens) < 2:
            return False
        lower = [t.lower() for t in tokens]
        index = self.translator._verb_index(tokens)
        if index and len(tokens) > 2 and tokens[index].islower() and tokens[index].endswith(("s", "ed")):
            return True
        return any(  # a capitalised word is part of a name, not a verb: "Dennis Publishing", "My Own Worst Enemy"
            w in AUX or ((w in VERBS or w.endswith("ed")) and tokens[k].islower())
            for k, w in enumerate(lower)
            if k and lower[k - 1] not in ("the", "a", "an")
        )

    # yes/no -------------------------------------------------------------------------------------
    def _yes_no(self, question: str, answer: str, yes: bool) -> Claim:
        tokens = question.split()
        if not tokens or tokens[0].lower() not in AUX:
            return Claim(
                "", answer, "question+answer", why="a yes/no answer to a question that is not a yes/no question"
            )
        statement = self._declarative(tokens, yes_no=True)
        if statement is None:
            return Claim("", answer, "question+answer", why="the yes/no question could not be turned into a statement")
        return self._with_comparison(Claim(statement, answer, "question+answer", negated=not yes), question)

    def _declarative(self, tokens: list[str], yes_no: bool = False) -> str | None:
        """``aux subject rest`` (a question's order) as ``subject aux rest``, or ``None``. In a yes/no question with
        a copula, a run of capitalised words that would leave nothing after the subject ends one word early: the
        last is the complement ("Is Paris French?", "Are both A and B American?")."""
        aux, rest = tokens[0].lower(), tokens[1:]
        complement_last = yes_no and aux in COPULA
        if not rest:
            return None
        lower = [t.lower() for t in rest]
        if lower[0] == "both" and "and" in lower[2:]:  # "Are both A and B Z?" → "A and B are both Z"
            joint = lower.index("and", 2)
            second = rest[joint + 1 :]
            if not second:
                return None
            end = joint + 1 + (self.translator._name_end(second, lower[joint + 1 :]) if second[0][:1].isupper() else 1)
            if end >= len(rest) and complement_last and end - joint > 2:
                end -= 1
            elif end < len(rest) and end - joint > 2 and proper_adjective(rest[end - 1]) and rest[end][:1].islower():
                end -= 1  # "Are both A and Kings of Leon American rock bands": "American" is said of both
            if end >= len(rest):
                return None
            both = ["both"] if aux in COPULA else []  # "did both A and B direct …": "A and B did direct …"
            return " ".join([*rest[1:end], aux, *both, *rest[end:]])
        if "both" in lower[1:] and rest[0][:1].isupper() and "and" in lower[1 : lower.index("both")]:
            end = lower.index("both")  # "Are A and B both Z?": the subject ends at "both" ("First for Women both")
            return " ".join([*rest[:end], aux, *rest[end:]])
        possessive = rest[0].endswith(("'s", "’s")) and aux in DO  # "does [Zstd's training mode] produce"
        if possessive and (found := self._verb_after_subject(rest, aux)) is not None:
            end = found
        elif rest[0][:1].isupper():
            end = self.translator._name_end(rest, lower)
            if end >= len(rest) and complement_last and end > 1:
                end -= 1
        else:  # "the band release": a determiner and one noun, unless the verb is found further on
            end = self._verb_after_subject(rest, aux) or 1 + (lower[0] in DETERMINERS)
        if end >= len(rest):
            return None
        return " ".join([*rest[:end], aux, *rest[end:]])

    def _verb_after_subject(self, rest: list[str], aux: str) -> int | None:
        """Where the verb follows a longer subject in a question's order: with "is/was", a participle that only a
        preposition may follow ("was [the winner of the 2016 ePrix] born", "is [the company that purchased Aixam]
        based in"); with "do/did", a known verb, or the last word ("did [the form of music played by X]
        originate"), past a relative clause's own verb ("does [the river that Koularo lies on] flow"); ``None`` when
        there is none (the caller keeps a determiner and one noun)."""
        lower = [t.lower() for t in rest]
        if aux in COPULA:
            for k in range(len(rest) - 1, 1, -1):
                if all(w in PREPOSITIONS for w in lower[k + 1 :]) and len(lower) - k <= 2 and is_participle(lower[k]):
                    return k
            return None
        if aux in DO:
            if len(rest) > 1 and rest[0].islower() and lower[0] not in DETERMINERS and _bare_verb(lower[1]):
                return 1  # a lower-case name alone: "does [tmux] read", "did [glibc] drop", "do [users] need"
            relative = False  # inside a relative clause whose verb is still to come ("the river that X *lies* on")
            final = len(rest) - 1 - (lower[-1] in MORE_PREPOSITIONS and len(rest) > 3)  # "… flow [through]"
            for k in range(2, final + 1):
                before = lower[k - 1]
                if lower[k] in RELATIVE:
                    relative = True
                    continue
                last = k == final
                noun_slot = before in DETERMINERS | PREPOSITIONS or before.endswith(("'s", "’s"))
                noun_slot = noun_slot and not (relative and last and before in PREPOSITIONS)  # "lies on | flow"
                verb = self.translator._verb_like(lower, k) or last or _bare_verb_before_phrase(lower, k)
                if rest[k].islower() and not noun_slot and not is_participle(lower[k]) and verb:
                    if relative and not last:
                        relative = False
                        continue
                    return k
        return None

    def _finite_verb(self, tokens: list[str], lower: list[str], i: int) -> bool:
        """Whether the word at ``i`` (after a wh-word and a noun) is the question's verb: a known verb or a past
        form, not the wh-phrase's first word ("What male actor starred in …", "Which genus … contains …")."""
        word = tokens[i]
        if i < 2 or not word.isalpha() or not word.islower():
            return False
        return self.translator._verb_like(lower, i) or (word.endswith("ed") and lower[i - 1] not in PREPOSITIONS)

    # choices -----------------------------------------------------------------------------------
    def choice(self, question: str) -> Choice | None:
        """The alternatives a question names, at its end ("…, A or B") or as the subject of a yes/no-form question
        ("Was A or B released first"), or ``None``."""
        inner = self._inner_choice(question.split())
        if inner is not None:
            return inner
        found = _ALTERNATIVES.match(question)
        if found is not None:
            names = (_name(found.group(2)), _name(found.group(3)))
            return Choice(_TRAILING_DETERMINER.sub("", found.group(1)), names) if all(names) else None
        return None

    def _inner_choice(self, tokens: list[str]) -> Choice | None:
        if len(tokens) < 5 or tokens[0].lower() not in AUX or "or" not in tokens[2:-2]:
            return None
        joint = tokens.index("or", 2)
        first = tokens[1:joint]
        second = tokens[joint + 1 :]
        skip = 1 if second[0].lower() in DETERMINERS and len(second) > 1 else 0
        if not _name(" ".join(first))[:1].isupper() or not second[skip][:1].isupper():
            return None
        end = skip + self.translator._name_end(second[skip:], [t.lower() for t in second[skip:]])
        if end >= len(second) or second[end][:1].isupper():
            return None
        names = (_name(" ".join(first)), _name(" ".join(second[:end])))
        return Choice(" ".join([tokens[0].lower(), *second[end:]]), names, True)

    # wh-questions -------------------------------------------------------------------------------
    def _fill(self, question: str, answer: str, sentence: str) -> list[Claim]:
        tokens = question.split()
        lower = [t.lower().strip(",") for t in tokens]
        choice = self.choice(question)
        if choice is not None and choice.inner:  # "Was A or B released first" + "A" → "A was released first"
            if not any(_name(answer).casefold() == n.casefold() for n in choice.names):
                why = "the answer is neither of the question's alternatives"
                return [Claim("", sentence, "question+answer", why=why)]
            claim = Claim(" ".join([_name(answer), *choice.stem.split()]), sentence, "question+answer")
            return [self._with_comparison(claim, question)]
        if choice is not None and lower[0] in WH:
            tokens = choice.stem.split()
            lower = [t.lower().strip(",") for t in tokens]
        if len(lower) > 2 and lower[0] in PREPOSITIONS and lower[1] in ("which", "what", "whose"):
            # "In which stadium do the teams play" → "the teams play in Gillette Stadium"
            statement = self._front_wh(tokens[1:], lower[1:], answer, fronted=lower[0])
        elif lower[0] in WH:
            statement = self._front_wh(tokens, lower, answer, chosen=choice is not None)
        else:
            statement = self._inner_wh(tokens, lower, answer)
        if statement is None:
            return [Claim("", sentence, "question+answer", why="the question has no slot the answer could fill")]
        claims = [self._with_comparison(Claim(statement, sentence, "question+answer"), question)]
        kind = self._asked_kind(tokens, choice)
        if kind:  # "… the killing of which Irish-American hitman" + "Coll": Coll is an Irish-American hitman, too
            head = _head_noun(kind.lower().split())
            plural = " and " in f" {answer} " or answer.count(",") > 1 or (head.endswith("s") and lemma(head) != head)
            first = kind.split()[0]
            vowel = first[:1] in "aeioAEIO" or (first.isupper() and first[:1] in "FHLMNRSX")  # "an XML parser"
            article = "" if plural else ("an " if vowel else "a ")
            claims.append(Claim(f"{answer} {'are' if plural else 'is'} {article}{kind}", sentence, "question+answer"))
        return claims

    def _front_wh(
        self, tokens: list[str], lower: list[str], answer: str, fronted: str = "", *, chosen: bool = False
    ) -> str | None:
        """``chosen``: the question names its alternatives, so a wh-phrase before "is/was/has …" with no preposition
        left at the end is the subject: "Which director is American, A or B" → "A is American"."""
        wh = lower[0]
        i = 1
        if len(tokens) > 2 and lower[1] == "else":  # "Who else starred in …" + "Bob Hope" → "Bob Hope starred in …"
            tokens, lower = [tokens[0], *tokens[2:]], [wh, *lower[2:]]
        if wh == "how" and len(tokens) > 1 and lower[1] in ("many", "much"):
            noun_end = 2
            while noun_end < len(tokens) and lower[noun_end] not in AUX:
                noun_end += 1
            noun = tokens[2:noun_end]
            if lower[1] == "much" and len(noun) == 1 and _priced(noun[0], answer):
                noun = []  # "How much money did the film earn" + "$268 million" → "… earn $268 million"
            if noun_end + 1 < len(tokens) and lower[noun_end] in COPULA and lower[noun_end + 1] in PREPOSITIONS:
                # "How many stores are in the centre" → "there are 440 stores in the centre"
                return " ".join(["there", tokens[noun_end], answer, *noun, *tokens[noun_end + 1 :]])
            inner = self._subject_predicate(tokens[noun_end:])
            if inner is None:
                return None
            subject, verb, rest = inner
            return " ".join([*subject, *self._finite(verb), answer, *noun, *rest]).strip()
        if wh in ("which", "what", "whose"):
            i = self._front_noun_end(tokens, lower)
        if i >= len(tokens):
            return None
        noun = lower[1:i]
        if fronted and lower[i] in AUX and i + 1 < len(tokens):
            inner = self._subject_predicate(tokens[i:])
            if inner is None:
                return None
            subject, verb, rest = inner
            return " ".join([*subject, *self._finite(verb), *rest, fronted, answer])
        after_aux = lower[i + 1] if i + 1 < len(tokens) else ""
        if (
            noun
            and lower[i] in AUX
            and not (lower[i] in DO and i + 2 < len(lower) and _bare_verb(lower[i + 2]))  # "does tmux *read*"
            and after_aux.isalpha()
            and after_aux not in DETERMINERS
            and tokens[i + 1][:1].islower()
            and not self.translator._verb_like(lower, i + 1)
            and not (lower[i] in COPULA | HAVE and is_participle(after_aux))
        ):
            return " ".join([answer, *tokens[i:]])  # "Which band has more members" → "Saint Motel has more members"
        if noun and lower[i] in HAVE and after_aux in ("a", "an", "the"):
            return " ".join([answer, *tokens[i:]])  # "What State has a Disney Resort …" → "Hawaii has a Disney …"
        if (
            noun
            and lower[i] in COPULA
            and after_aux in ("the", "a", "an")
            and lower[-1] not in PREPOSITIONS
            and not (ATTRIBUTE_NOUNS | IN_NOUNS) & set(noun)
            and self._verb_after_subject(tokens[i + 1 :], lower[i]) is None
        ):
            return " ".join([answer, *tokens[i:]])  # "What retailer is the second-largest …" → "Target is the …"
        if chosen and lower[i] in COPULA | HAVE and i + 1 < len(tokens) and lower[-1] not in PREPOSITIONS:
            return " ".join([answer, *tokens[i:]])  # "Which was halted by a flood, A or B" → "B was halted by a flood"
        if lower[i] in COPULA and i == 1 and wh in ("what", "which") and i + 1 < len(tokens):
            return _named(" ".join([*tokens[2:], tokens[1], answer]))  # "What is the capital of France" → "… is Paris"
        if lower[i] in AUX and i + 1 < len(tokens):
            after = tokens[i + 1 :]
            starts_verb = after[0][:1].islower() and (
                self.translator._verb_like([t.lower() for t in after], 0) or after[0].lower().endswith("ed")
            )
            # "Who did X defeat": with do-support, "who" is the object when a verb follows the subject ("Who did
            # the dishes" has none: there "who" is the subject)
            object_who = (
                wh in ("who", "whom")
                and not starts_verb
                and (
                    (lower[i] in DO and self._verb_after_subject(tokens[i + 1 :], lower[i]) is not None)
                    or (lower[i] in COPULA and len(lower) > i + 2 and lower[-1] in MORE_PREPOSITIONS)  # "written by"
                )
            )
            if (
                (not starts_verb and wh not in ("who", "whom"))
                or (wh in ("what", "which") and not starts_verb)
                or object_who
            ):
                inner = self._subject_predicate(tokens[i:])
                if inner is None:
                    return None
                subject, verb, rest = inner
                if len(verb) == 1 and verb[0].lower() in COPULA and not rest:  # "What is the capital of France"
                    return " ".join([*subject, *verb, *(["in"] if wh == "where" else []), answer])  # → "… is Paris"
                ends_in_preposition = bool(rest) and rest[-1].lower() in MORE_PREPOSITIONS  # "located in"
                wants_in = wh in ("when", "where") or (noun and noun[-1] in IN_NOUNS)
                preposition = ["in"] if wants_in and not ends_in_preposition else []
                objects = wh in ("who", "whom", "what", "which") and not wants_in and not ends_in_preposition
                if lower[i] in DO and objects:  # the asked object where its verb takes it (``_object_slot``)
                    at = _object_slot(verb[-1], rest)
                    return " ".join([*subject, *self._finite(verb), *rest[:at], answer, *rest[at:]])
                return " ".join([*subject, *self._finite(verb), *rest, *preposition, answer])
        return " ".join([answer, *tokens[i:]])

    def _inner_wh(self, tokens: list[str], lower: list[str], answer: str) -> str | None:
        at = max((k for k, t in enumerate(lower) if t in WH), default=None)
        if at is None:
            return None
        starts = [0, *(k + 1 for k, t in enumerate(tokens[:at]) if t.endswith(","))]
        # a part that opens with its verb or a conjunction has its subject before the comma: "Gülhane Park and
        # Zografeion Lyceum, are located in which country", "… the Jazz signed John Starks, and who"
        while len(starts) > 1 and (
            tokens[starts[-1]].lower() in AUX | _CONTINUES
            or (tokens[starts[-1]].islower() and self.translator._verb_like(lower[starts[-1] :], 0))
            or self._continues_part(tokens, lower, starts[-2], starts[-1])
        ):
            starts.pop()
        # a list of names closed by "and" runs over the commas: "Fast Cars, Danger, Fire and Knives includes …",
        # "Alamgir joined Meesha Shafi, Strings, Ali Azmat and Shahzad Hasan as …" (the list began in that part)
        listed = False
        while len(starts) > 1 and "and" in lower[starts[-1] : at]:
            before = tokens[starts[-2] : starts[-1]]
            if self._names_part(before):
                starts.pop()
                listed = True
                continue
            if listed and before[-1].strip(",")[:1].isupper():
                starts.pop()
            break
        clause_start = starts[-1]
        clause = tokens[clause_start:]
        position = at - clause_start
        apposed = self._apposed(tokens, lower, clause_start, at, answer)
        if apposed is not None:
            return apposed
        if clause[0].lower() in WH and clause_start > 0 and len(clause) > 2:  # ", who Matt Groening named after who"
            antecedent = [t.strip(",") for t in tokens[:clause_start]]
            name = self._trailing_name(antecedent)
            inner = clause[1:]
            inner_lower = [t.lower() for t in inner]
            if name and lower[-1] in WH:
                verb = self.translator._verb_index(inner[:-1])
                if verb is None:
                    return None
                return " ".join([*inner[: verb + 1], *name, *inner[verb + 1 : -1], answer])
            if name and inner_lower and inner_lower[0] in AUX:
                return " ".join([*name, *inner])
            return None
        end = position + 1
        following = clause[end].lower() if end < len(clause) else ""
        if clause[position].lower() == "how" and following.isalpha() and following not in AUX:
            end += 1  # "received how many Emmy Awards" → "received six Emmy Awards", "how far north" → "19 mi north"
            if following == "much" and end < len(clause) and _priced(clause[end], answer):
                end += 1  # "earned how much money" + "$268 million" → "earned $268 million"
        if end < len(clause) and clause[end].lower().strip(",") == "else":
            end += 1  # "and who else" + "Bayern Munich" → "and Bayern Munich"
        if clause[position].lower() in ("what", "which"):  # "in what year" → "in 2006"
            end = self._wh_noun_end(clause, position)
            if end + 1 < len(clause) and clause[end].lower() == "of" and clause[end - 1].lower() in KIND_NOUNS:
                end = _lower_run_end(clause, end + 2)  # "play which genre of music" → "play rock": the answer is
                # the kind, not of it
        filled = [*clause[:position], answer, *clause[end:]]
        # a comma stays between listed names ("Fast Cars, Danger, Fire and Knives"), nowhere else
        kept = [t if t.endswith(",") and k + 1 < len(filled) and k < position and (
                    self._names_part([t, filled[k + 1]]) or _date_comma(filled, k)) else t.strip(",")
                for k, t in enumerate(filled)]  # fmt: skip
        return " ".join(kept)

    def _continues_part(self, tokens: list[str], lower: list[str], before: int, start: int) -> bool:
        """Whether the comma before ``tokens[start]`` is inside the clause of the part that began at ``before``, not
        between clauses: a date's year ("on September 19, 1905 by …"), a region after its place when the place is
        the whole part before ("Hot Coffee, Mississippi sometimes shares …"), a verb after an adverb ("…, also
        starred in …"), or a coordinated participle ("written, co-produced and directed by who")."""
        first, second = lower[start], lower[start + 1] if start + 1 < len(lower) else ""
        previous = [t.strip(",") for t in tokens[before:start]]
        if first.isdigit() and len(previous) > 1 and previous[-1].isdigit() and previous[-2] in MONTHS_FULL:
            return True
        if (
            before == 0
            and 0 < len(previous) <= 4
            and all(w[:1].isupper() for w in previous)
            and tokens[start][:1].isupper()
            and second.isalpha()
            and second.islower()
        ):
            return True
        if first.isalpha() and tokens[start].islower() and (first.endswith("ly") or first in ADVERBS_OF_DEGREE):
            return bool(second) and (self.translator._verb_like(lower[start + 1 :], 0) or second.endswith("ed"))
        return tokens[start].islower() and first.endswith("ed") and first.replace("-", "").isalpha()

    def _apposed(self, tokens: list[str], lower: list[str], start: int, at: int, answer: str) -> str | None:
        """A wh-phrase in a part set off after a name is said of that name: an apposition ("…, Troller Veículos
        Especiais S/A, a manufacturer of off-road vehicles in which country, from 2006 to 2008" + "Brazil" →
        "Troller Veículos Especiais S/A is a manufacturer of off-road vehicles in Brazil", up to its closing comma)
        or a place asked with "in which" ("… located in North Eastham, in which state" → "North Eastham is in
        Massachusetts"); ``None`` for any other part."""
        if start == 0:
            return None
        name = self._trailing_name([t.strip(",") for t in tokens[:start]])
        if not name or len(name) == start:
            return None
        part = tokens[start:]
        close = next((k for k, t in enumerate(part) if t.endswith(",") and start + k >= at), len(part) - 1)
        part = [t.strip(",") for t in part[: close + 1]]
        wh = at - start
        verb = self.translator._verb_index(part[:wh]) if wh > 1 else None
        clause = verb is not None and not any(w.lower() in PREPOSITIONS for w in part[:verb])  # "of off-road vehicles"
        if lower[start] in ("a", "an", "the") and wh > 1 and not clause:  # not "the Jazz signed X, and who"
            end = self._wh_noun_end(part, wh) if part[wh].lower() in ("what", "which") else wh + 1
            return " ".join([*name, "is", *part[:wh], answer, *part[end:]])
        if (
            part[:1] == ["in"]
            and wh == 1
            and len(part) == 3
            and part[1].lower() in ("which", "what")
            and part[2].lower() in PLACE_NOUNS
        ):
            return " ".join([*name, "is", "in", answer])
        return None

    @staticmethod
    def _names_part(part: list[str]) -> bool:
        """Whether a part of a question between commas is one short name ("Danger,", "Fast Cars,")."""
        words = [t.strip(",") for t in part]
        return 0 < len(words) <= 4 and all(w[:1].isupper() or w.lower() in ("of", "the", "&") for w in words)

    def _front_noun_end(self, tokens: list[str], lower: list[str]) -> int:
        """Where the noun phrase after a question's first word "which/what/whose" ends: "Which magazine", "What
        year", "What type of food", "What male actor (starred)", "Which publishing company (has)" (an -ing word
        before a noun modifies it), "Which 1999 French Open runner-up (was)" (a capitalised word is no verb)."""
        i = 1
        while i < len(tokens) and (
            ((lower[i] not in AUX | VERBS or tokens[i][:1].isupper()) and not self._finite_verb(tokens, lower, i))
            or (i == 1 and lower[i].endswith("ing") and i + 1 < len(tokens) and lower[i + 1] not in AUX | VERBS)
        ):
            i += 1
        if i < len(tokens):
            return i
        # no listed verb: a verb form WordNet knows, in lower case, before a name or a determiner ("Which 20th Century
        # Fox film cast Zazie Beetz as Domino")
        forms = verb_forms()
        for j in range(2, len(tokens) - 1):
            if (
                tokens[j].isalpha() and tokens[j].islower() and lower[j] in forms
                and (tokens[j + 1][:1].isupper() or lower[j + 1] in DETERMINERS)
                and lower[j - 1] not in PREPOSITIONS | DETERMINERS
            ):  # fmt: skip
                return j
        return i

    def _asked_kind(self, tokens: list[str], choice: Choice | None) -> str:
        """The kind of thing the question asks for when it says more than a bare noun: "which Irish-American hitman"
        → "Irish-American hitman", "Which genus of moth in the world's seventh-largest country" → all of it; "" for
        a bare noun ("which band", the presupposed kind), a time or place noun ("what year"), a kind of something
        ("what genre of music": the answer is the genre), and a choice between named alternatives."""
        lower = [t.lower().strip(",") for t in tokens]
        if choice is not None or not lower:
            return ""
        start = 1 if len(lower) > 2 and lower[0] in PREPOSITIONS else 0
        if lower[start] in ("which", "what"):
            phrase = tokens[start + 1 : start + self._front_noun_end(tokens[start:], lower[start:])]
        else:
            at = max((k for k, t in enumerate(lower) if t in WH), default=None)
            if at is None or lower[at] not in ("which", "what"):
                return ""
            phrase = tokens[at + 1 : self._wh_noun_end(tokens, at)]
            # a list of kinds stays whole ("which young performer, and American actress")
            return self._kind_phrase([w.lower() for w in phrase], phrase)
        # after the first word, a comma and a lower-case word end it ("What man, also known as …"), not a place
        cut = next((k for k in range(1, len(phrase)) if phrase[k - 1].endswith(",") and phrase[k][:1].islower()), None)
        return self._kind_phrase(lower[start + 1 : start + 1 + len(phrase)], phrase[: cut or len(phrase)])

    @staticmethod
    def _kind_phrase(lower: list[str], phrase: list[str]) -> str:
        words = [w for w in phrase if w.lower().strip(",") not in ("other", "another")]
        plain = [w.lower().strip(",") for w in words]
        head = _head_noun(plain)
        singular = {head, head.removesuffix("s"), head.removesuffix("es")}  # "types of …", "classes"
        if (
            len(words) < 2
            or singular & (KIND_NOUNS | ATTRIBUTE_NOUNS | IN_NOUNS)
            or set(plain) & (KIND_NOUNS | AUX | RELATIVE | PRONOUNS | _NOT_KIND)
            or lower[0] in DETERMINERS
            or words[0].endswith(("'s", "’s"))  # "what nation's military": the answer is the nation
        ):
            return ""
        return " ".join(words).strip(",")

    @staticmethod
    def _wh_noun_end(clause: list[str], position: int) -> int:
        """Where the noun phrase after an inner "which"/"what" ends: its words up to a verb, a participle, a
        preposition, a relative pronoun or a comma, capitalised modifiers too ("which Irish-American hitman", "which
        Dolce & Gabbana founders") when a lower-case noun ends the phrase or the phrase ends the question ("which
        Kingdom"). A run of capitalised words before a verb is a name, so "which" is a relative pronoun there ("the
        city in which James Uche was born"): then only lower-case words are the phrase's."""
        end = position + 1
        while end < len(clause):
            if clause[end - 1].endswith(","):  # a list of kinds goes on ("which writer, novelist and playwright")
                following = clause[end + 1].lower() if clause[end].lower() == "and" and end + 1 < len(clause) else ""
                if end == position + 1 or following in AUX or clause[end].lower() in AUX:
                    break
            word = clause[end].lower().strip(",")
            if word in AUX or word in RELATIVE or word in PREPOSITIONS or not (word[:1].isalnum() or word == "&"):
                break
            if end > position + 1 and is_participle(word):  # "which … film directed by X": said of the answer
                end -= clause[end - 1].lower() in ADVERBS_OF_DEGREE  # "best known for …" keeps its "best"
                break
            end += 1
        phrase = [w for w in clause[position + 1 : end] if w != "&"]
        if phrase and phrase[-1][:1].isupper() and end < len(clause):
            end = _lower_run_end(clause, position + 1)
        return end

    def _subject_predicate(self, tokens: list[str]) -> tuple[list[str], list[str], list[str]] | None:
        """``aux subject verb rest`` (a question's order) as ``(subject, [aux, verb], rest)``."""
        if not tokens or tokens[0].lower() not in AUX:
            return None
        aux, rest = tokens[0], tokens[1:]
        statement = self._declarative([aux, *rest])
        if statement is None:
            return (rest, [aux], []) if rest else None
        words = statement.split()
        at = words.index(aux)
        subject = words[:at]
        after = words[at + 1 :]
        verb_like = after and (
            self.translator._verb_like([w.lower() for w in after], 0)
            or after[0].endswith("ed")
            or is_participle(after[0])  # "Where was The Messenger shot"
        )
        if after and (verb_like or aux.lower() in DO):
            return subject, [aux, after[0]], after[1:]
        if aux.lower() in COPULA and after and subject[0].lower() in DETERMINERS:
            # no verb follows "is [the base] …": the subject runs on ("the base of one of the three agencies"), up to
            # a complement that ends in a preposition ("is [the artist that …] a variant of")
            k = _complement_start(after)
            return [*subject, *after[:k]], [aux], after[k:]
        return subject, [aux], after

    @staticmethod
    def _finite(verb: list[str]) -> list[str]:
        """``did win`` stays (the reader treats "did" as an auxiliary); ``does have`` → ``has``."""
        if len(verb) == 2 and verb[0].lower() in DO and verb[1].lower() in HAVE:
            return ["had" if verb[0].lower() == "did" else "has"]
        return verb

    @staticmethod
    def _trailing_name(tokens: list[str]) -> list[str]:
        out: list[str] = []
        for token in reversed(tokens):
            if token[:1].isupper() or (out and token.lower() in ("of", "the")):
                out.insert(0, token)
            else:
                break
        while out and out[0].lower() in ("of", "the"):
            out.pop(0)
        return out

    # comparisons --------------------------------------------------------------------------------
    def _with_comparison(self, claim: Claim, question: str) -> Claim:
        choice = self.choice(question)
        if choice is None:
            return claim
        names = list(choice.names)
        text = claim.text
        bare = text
        for name in names:
            bare = bare.replace(name, " ")
        found = [w for w in re.findall(r"[\w']+", bare) if w in COMPARATIVES]  # lower case: "First for Women" is a name
        if not found:
            return claim
        word = found[0]
        measured = [w for w in re.findall(r"[\w']+", bare.casefold()) if w in MEASURES or w.isdigit()]
        if measured:  # "two years younger": the comparison reading would drop how much, so none is made
            return claim
        winner = next((n for n in names if n.casefold() in text.casefold()), None)
        if winner is None:
            return claim
        others = tuple(n for n in names if n != winner)
        if word in BORN_COMPARATIVES:
            base = f"{winner} was born"
        else:
            base = re.sub(rf"\s*\b{re.escape(word)}\b(?!\s+(?:for|of)\s+[A-Z])", "", text, count=1).strip(" ,.")
            base = re.sub(r"\b(?:than|the)\s*$", "", base).strip()
        about = tuple(re.sub(rf"(?<!\w){re.escape(winner)}(?!\w)", lambda _, o=o: o, base, flags=re.I) for o in others)
        return replace(claim, comparison=Comparison(COMPARATIVES[word], base, about))
