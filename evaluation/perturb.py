"""Perturbed variants of HaluEval QA, to test whether a verifier decides by *support*, not by surface form.

In HaluEval the right answer is usually a bare name and the hallucinated one a full sentence, so a
method can score well by looking at the answer's form alone. Each generator below rewrites an item so
that form and label no longer go together; a verifier that really checks the context against the
answer keeps its accuracy on every variant, one that keys on form does not.

Every generator is a pure, deterministic function of the item and its line number (randomness only
through ``random.Random(f"{variant}-{line}")``). It returns two cases, one grounded and one
hallucinated, with ids ``perturb-<variant>-<line>-right`` and ``-wrong``, or none when it cannot apply
to the item or an output fails its sanity check (``sentence_ok`` / ``phrase_ok``: it differs from the
text it was made from, its quotes and brackets are balanced, it has no doubled spaces, and a sentence
ends with punctuation). The context is always the item's knowledge as one passage.

Variants and their labels:

- ``sentence_right``: the right answer written as a declarative sentence built from the question by
  filling its wh-slot ("Which magazine was started first A or B?" + "A" -> "A was started first.");
  grounded. Paired with the item's own hallucinated answer (hallucinated). Items whose question fits
  no template give no case (never a generic "The answer is ...").
- ``phrase_wrong``: the hallucinated answer cut to the noun phrase that fills the question's wh-slot
  ("Milhouse was named after a famous musician." -> "a famous musician"); hallucinated, since the
  phrase carries the same unsupported content. Paired with the bare right answer (grounded).
- ``both``: the two above together, a right sentence against a wrong phrase: the form now points the
  opposite way from HaluEval's.
- ``number_changed``: a context sentence with a number, verbatim (grounded: it is in the context),
  against the same sentence with exactly one number, year or day changed (hallucinated: the context
  states another value).
- ``negated``: a context sentence verbatim (grounded) against the same sentence with its finite verb
  negated, "was" -> "was not", "won" -> "did not win", "has" -> "does not have" (hallucinated: the
  context states the opposite).
- ``entity_swapped``: a context sentence verbatim (grounded) against the same sentence with one name
  replaced by another name of the same knowledge text (hallucinated: every word is from the context,
  but the statement is not); never by a name the knowledge gives as the same one's ("known as").
- ``paraphrase``: a context sentence reworded with synonyms or a change of voice (grounded: the
  meaning is the context's), against the paraphrase with a number changed or a negation inserted
  (hallucinated). Tests that a verifier accepts support that is not word-for-word.
- ``added_clause``: a context sentence verbatim (grounded) against the same sentence with a clause
  appended whose content is not in the context, ", which was later banned in France" (hallucinated:
  mostly supported, partly not).
- ``word_changed``: a context sentence verbatim (grounded) against the same sentence with one lower-case word
  replaced by a WordNet antonym ("north" → "south") or, for a noun, a sister term of its first sense — a noun
  under the same hypernym ("city" → "town", "singer" → "cellist") (hallucinated: a word of the same kind that
  says something else). The counterpart of ``paraphrase``: a verifier that accepts any close word there accepts
  these too. Needs WordNet (``wordnet-base``); without it the variant is empty.
- ``paraphrase_other``: as ``paraphrase``, with a second synonym table written apart from the first ("author" →
  "writer", "released" → "issued", …). It is in ``HELD_OUT``: ``benchmarks.verification --folds 2`` never chooses
  a threshold on it, so it shows whether the paraphrase threshold carries over to synonyms it was not chosen on.

Context sentences come from ``graphproof.text.sentences.split_sentences`` after a space is put back
at glued sentence boundaries ("...century.First for Women is..."); only sentences of 5 to 60 words
found verbatim in the knowledge are used, at most one per item and generator.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from graphproof.evaluation.errors import DatasetError
from graphproof.evaluation.hallucination_data import GroundingCase, HaluEvalItem, jsonl_records
from graphproof.text.lexicon import MONTHS_FULL, NUMBER_WORDS
from graphproof.text.lexicon import WEEKDAYS as WEEKDAY_NAMES
from graphproof.text.sentences import split_sentences
from graphproof.verification.claims import unglue
from graphproof.verification.grounding import Passage

Generator = Callable[[int, HaluEvalItem], list[GroundingCase]]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


MIN_WORDS = 5
MAX_WORDS = 60
MAX_PHRASE_WORDS = 12

_END = re.compile(r"[.!?][\"'”’)\]]*$")
_WORD = re.compile(r"\S+")

DETERMINERS = _words("a an the his her its their this that these those our my your")
PREPOSITIONS = _words("in on at by for from with to of into onto over under near after before during about as than via")
AUXILIARIES = _words("is are was were be been being has have had do does did can could will would")
STOP = (
    DETERMINERS
    | PREPOSITIONS
    | AUXILIARIES
    | _words(
        "and or but not no yes also actually only just both either neither which who whom whose what when where "
        "why how it he she they them him there here then while because although though instead so very more "
        "most less least some any all each one other another same such own called known named"
    )
)
MONTHS = frozenset(MONTHS_FULL)
_MONTH = "|".join(MONTHS_FULL)
WEEKDAYS = frozenset(WEEKDAY_NAMES)
DEMONYMS = _words(
    "American African Argentine Argentinian Australian Austrian Belgian Brazilian British Canadian Chilean "
    "Chinese Colombian Cuban Czech Danish Dutch Egyptian English European French German Greek Hungarian "
    "Indian Irish Israeli Italian Japanese Korean Mexican Norwegian Pakistani Polish Portuguese Russian "
    "Scottish Spanish Swedish Swiss Turkish Ukrainian Welsh Asian Nigerian Filipino Icelandic Finnish"
)
# capitalised words that begin a sentence without being (part of) a name
_NOT_NAMES = _words(
    "The A An It He She They We I In On At For From By With As After Before During When While Although "
    "However His Her Its Their This That These Those There Here Since Until Both Each Some Many Most "
    "One Two Three Following Despite Born Unlike Like If Also Other Its Based Located Known"
)

# verbs the negation and the question templates know: base -> (past, third person singular)
_VERB_TABLE: dict[str, tuple[str, str]] = {
    "win": ("won", "wins"),
    "write": ("wrote", "writes"),
    "become": ("became", "becomes"),
    "begin": ("began", "begins"),
    "make": ("made", "makes"),
    "take": ("took", "takes"),
    "give": ("gave", "gives"),
    "lead": ("led", "leads"),
    "sing": ("sang", "sings"),
    "run": ("ran", "runs"),
    "build": ("built", "builds"),
    "hold": ("held", "holds"),
    "leave": ("left", "leaves"),
    "meet": ("met", "meets"),
    "go": ("went", "goes"),
    "grow": ("grew", "grows"),
    "sell": ("sold", "sells"),
    "teach": ("taught", "teaches"),
    "fight": ("fought", "fights"),
    "spend": ("spent", "spends"),
    "see": ("saw", "sees"),
    "come": ("came", "comes"),
    "draw": ("drew", "draws"),
    "found": ("founded", "founds"),
    "co-found": ("co-founded", "co-founds"),
    "release": ("released", "releases"),
    "direct": ("directed", "directs"),
    "produce": ("produced", "produces"),
    "star": ("starred", "stars"),
    "play": ("played", "plays"),
    "create": ("created", "creates"),
    "establish": ("established", "establishes"),
    "publish": ("published", "publishes"),
    "die": ("died", "dies"),
    "serve": ("served", "serves"),
    "join": ("joined", "joins"),
    "record": ("recorded", "records"),
    "marry": ("married", "marries"),
    "develop": ("developed", "develops"),
    "design": ("designed", "designs"),
    "compose": ("composed", "composes"),
    "form": ("formed", "forms"),
    "attend": ("attended", "attends"),
    "receive": ("received", "receives"),
    "acquire": ("acquired", "acquires"),
    "own": ("owned", "owns"),
    "contain": ("contained", "contains"),
    "include": ("included", "includes"),
    "operate": ("operated", "operates"),
    "host": ("hosted", "hosts"),
    "feature": ("featured", "features"),
    "live": ("lived", "lives"),
    "work": ("worked", "works"),
    "represent": ("represented", "represents"),
    "consist": ("consisted", "consists"),
    "appear": ("appeared", "appears"),
    "originate": ("originated", "originates"),
    "air": ("aired", "airs"),
    "retire": ("retired", "retires"),
    "debut": ("debuted", "debuts"),
    "graduate": ("graduated", "graduates"),
    "study": ("studied", "studies"),
    "move": ("moved", "moves"),
    "return": ("returned", "returns"),
    "compete": ("competed", "competes"),
    "perform": ("performed", "performs"),
    "portray": ("portrayed", "portrays"),
    "manage": ("managed", "manages"),
    "coach": ("coached", "coaches"),
    "open": ("opened", "opens"),
    "close": ("closed", "closes"),
    "cover": ("covered", "covers"),
    "reach": ("reached", "reaches"),
    "peak": ("peaked", "peaks"),
    "debate": ("debated", "debates"),
    "replace": ("replaced", "replaces"),
    "start": ("started", "starts"),
    "invent": ("invented", "invents"),
    "discover": ("discovered", "discovers"),
    "defeat": ("defeated", "defeats"),
    "inspire": ("inspired", "inspires"),
    "belong": ("belonged", "belongs"),
    "flow": ("flowed", "flows"),
    "border": ("bordered", "borders"),
    "lie": ("lay", "lies"),
    "sit": ("sat", "sits"),
    "stand": ("stood", "stands"),
    "tell": ("told", "tells"),
    "find": ("found", "finds"),
    "bring": ("brought", "brings"),
    "speak": ("spoke", "speaks"),
    "know": ("knew", "knows"),
}
_PAST = {past: base for base, (past, _) in _VERB_TABLE.items() if past != "found"}
_PRESENT = {third: base for base, (_, third) in _VERB_TABLE.items()}
PARTICIPLES = _words(
    "born known built made written won held taken given led sung run grown sold taught fought spent seen "
    "drawn become begun left found brought told spoken shown chosen"
)
_ADJECTIVAL_ED = _words("mixed based located named related united used limited called noted skilled")


@dataclass(frozen=True, slots=True)
class PerturbedSet:
    """One variant over a data file: its cases, how many items were tried and how many gave none."""

    variant: str
    cases: tuple[GroundingCase, ...]
    items_tried: int
    dropped: int
    description: str


# ---------------------------------------------------------------------------------------------- text helpers


def _balanced(text: str) -> bool:
    return (
        text.count("(") == text.count(")")
        and text.count("[") == text.count("]")
        and text.count('"') % 2 == 0
        and text.count("“") == text.count("”")
    )


def sentence_ok(text: str, original: str | None = None) -> bool:
    """A usable sentence: differs from ``original``, balanced quotes/brackets, no doubled spaces, ends with .!?"""
    return (
        bool(text.strip())
        and text == text.strip()
        and (original is None or text != original)
        and "  " not in text
        and " ," not in text
        and ",," not in text
        and _balanced(text)
        and bool(_END.search(text))
        and (text[0].isupper() or text[0].isdigit() or text[0] in "\"“'(")
    )


def phrase_ok(text: str, original: str | None = None) -> bool:
    """A usable phrase: non-empty, short, differs from ``original``, balanced, no doubled spaces or dangling comma."""
    return (
        bool(text.strip())
        and text == text.strip()
        and (original is None or text.rstrip(".") != original.strip().rstrip("."))
        and "  " not in text
        and len(text.split()) <= MAX_PHRASE_WORDS
        and _balanced(text)
        and text[-1] not in ",;:-"
    )


def _usable(sentence: str, knowledge: str) -> bool:
    words = len(sentence.split())
    return MIN_WORDS <= words <= MAX_WORDS and sentence in knowledge and sentence_ok(sentence)


def context_sentences(knowledge: str) -> list[str]:
    """The knowledge's sentences of 5-60 words, found verbatim in it, balanced and ending with punctuation."""
    return [s for s in split_sentences(unglue(knowledge)) if _usable(s, knowledge)]


def _rng(variant: str, line: int) -> random.Random:
    return random.Random(f"{variant}-{line}")  # noqa: S311 -- reproducible data, not security


def _outside_quotes(text: str, pos: int) -> bool:
    before = text[:pos]
    return (
        before.count('"') % 2 == 0
        and before.count("“") == before.count("”")
        and before.count("(") == before.count(")")
        and before.count("[") == before.count("]")
    )


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _strip_answer(answer: str) -> str:
    """The answer without surrounding space and a final period that is not an abbreviation's ("D.C.")."""
    text = " ".join(answer.split())
    if text.endswith(".") and "." not in text.split()[-1][:-1]:
        text = text[:-1].rstrip()
    return text


def _finish(text: str) -> str:
    text = " ".join(text.split()).strip().rstrip(",;:")
    text = re.sub(r"\b(the|a|an) \1\b", r"\1", text, flags=re.IGNORECASE)
    if not text:
        return text
    text = _capitalise(text)
    return text if text[-1] in ".!?" else text + "."


def _pair(variant: str, line: int, item: HaluEvalItem, right: str, wrong: str) -> list[GroundingCase]:
    passages = (Passage(f"knowledge-{line}", item.knowledge),)
    prefix = f"perturb-{variant}-{line}"
    return [
        GroundingCase(f"{prefix}-right", item.question, passages, right, False),
        GroundingCase(f"{prefix}-wrong", item.question, passages, wrong, True),
    ]


def _words_in(text: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(text))


def _core(token: str) -> str:
    return token.strip(",.;:!?\"“”'‘’()[]").lower()


# ------------------------------------------------------------------------------------ questions and answers

_YESNO = re.compile(r"^(Are|Were|Is|Was|Did|Do|Does)\s+(.+)$")
_CHOICE_SPLIT = re.compile(r",?\s+or\s+")
_WH_FRONT = re.compile(
    r"^(?:(?P<prep>In|At|On|From|For|By|To|Of|With|Into)\s+)?"
    r"(?P<wh>what|which|who|whom|whose|when|where|how many|how much)\b\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_WH_INNER = re.compile(r"\b(what|which|whom|who|how many|how much|how far(?: \w+)?)\b")
_TIME_NOUNS = _words("year date decade century")
_PLACE_NOUNS = _words(
    "country city state county town village place area region province territory kingdom nation valley island continent"
)
_NP_END = PREPOSITIONS | _words("that which who whose whom where when")


def _norm(text: str) -> str:
    text = re.sub(r"[^\w\s]", "", text.lower()).strip()
    return re.sub(r"^the\s+", "", text)


def _same_option(answer: str, option: str) -> bool:
    a, b = _norm(answer), _norm(option)
    return bool(a) and (a == b or a.rstrip("s") == b.rstrip("s"))


def _in_knowledge(text: str, knowledge: str) -> bool:
    return bool(text) and (text in knowledge or text.lower() in knowledge.lower())


def _entity_prefix(text: str, knowledge: str) -> tuple[str, str] | None:
    """``(name, rest)``: the longest capitalised prefix of ``text`` found in ``knowledge``, and what follows it."""
    words = text.split()
    for size in range(len(words) - 1, 0, -1):
        head = " ".join(words[:size])
        if (head[0].isupper() or head[0].isdigit() or head[0] in "\"“'") and head.rstrip(",") in knowledge:
            return head.rstrip(","), " ".join(words[size:])
    for size in range(len(words) - 1, 0, -1):
        head = " ".join(words[:size])
        if (head[0].isupper() or head[0] in '"“') and _in_knowledge(head.rstrip(","), knowledge):
            return head.rstrip(","), " ".join(words[size:])
    return None


_CONNECTORS = _words("of the and for de del da du von van der la le & in")
_QUESTION_CAPS = _words("Is Are Was Were Did Do Does Which What Who Whom Whose When Where How Between")


def _name_token(word: str) -> bool:
    core = word.strip(',:;"“”')
    return bool(core) and (core[0].isupper() or core[0].isdigit()) and core not in _QUESTION_CAPS


def _name_suffix(text: str) -> str | None:
    """The option that ends ``text``: after its last comma or colon, else its trailing run of capitalised words."""
    for mark in (": ", ", "):
        if mark in text:
            tail = text.rsplit(mark, 1)[1].strip()
            if tail and len(tail.split()) <= 8 and (_name_token(tail.split()[0]) or tail.startswith("the ")):
                return tail
    words = text.split()
    start = len(words)
    while start > 0:
        word = words[start - 1]
        name = _name_token(word) and not word.endswith(",")
        inner = word in _CONNECTORS and start - 1 > 0 and start < len(words) and _name_token(words[start - 2])
        if name or inner:
            start -= 1
        else:
            break
    if start < len(words) and words[start] in _CONNECTORS:
        start += 1
    if start == len(words):
        return None
    if start > 0 and words[start - 1] == "the":
        start -= 1
    return " ".join(words[start:])


def _name_prefix(text: str) -> str | None:
    """The option that starts ``text``: its leading run of capitalised words (with "of", "the"... inside)."""
    words = text.split()
    end = 1 if words and words[0] == "the" else 0
    first = end
    while end < len(words):
        word = words[end]
        if _name_token(word):
            end += 1
            if word.endswith(","):
                break
        elif word in _CONNECTORS and end + 1 < len(words) and end > first and _name_token(words[end + 1]):
            end += 1
        else:
            break
    if end == first:
        return None
    return " ".join(words[:end]).rstrip(",")


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice question split: the stem without the options, the right option and the other one as written."""

    stem: str
    right: str
    other: str


def parse_choice(question: str, answer: str, knowledge: str = "") -> Choice | None:
    """ "Which X was first, A or B?" with answer A -> stem "Which X was first", right "A", other "B"."""
    q = " ".join(question.split()).rstrip("? ").strip()
    for match in _CHOICE_SPLIT.finditer(q):
        left, right = q[: match.start()].rstrip(" ,:"), q[match.end() :]
        right_words, left_words = right.split(), left.split()
        before = after = None
        for size in range(1, min(len(right_words), 10) + 1):  # the answer right after "or"
            head = " ".join(right_words[:size]).rstrip(",")
            if _same_option(answer, head):
                after, before = head, _name_suffix(left)
                answer_first = False
                break
        else:
            for size in range(1, min(len(left_words), 10) + 1):  # the answer right before "or"
                tail = " ".join(left_words[-size:])
                if _same_option(answer, tail):
                    before, after = tail, _name_prefix(right)
                    answer_first = True
                    break
        if not before or not after:
            continue
        start = left.rfind(before)
        end = match.end() + len(after)
        stem = (q[:start].rstrip(" ,:") + " " + q[end:].lstrip(" ,")).strip()
        right_opt, other = (before, after) if answer_first else (after, before)
        if len(stem.split()) < 2 or _norm(other) == _norm(right_opt) or _norm(answer) in _norm(stem):
            continue
        return Choice(stem, right_opt, other)
    return None


_KIND_NOUNS = _words("kind type sort form genre style variety category")
_ATTRIBUTE_NOUNS = _words(
    "nationality genre name type kind population title occupation profession language religion sport number age "
    "height length size capacity date year birthdate color colour meaning format percentage amount proportion share "
    "value"
)
_QUANTITY_NOUNS = _words("population percentage amount value capacity height length size age")
_DIRECTIONS = _words("north south east west northeast northwest southeast southwest")


def _answer_for_slot(answer: str, noun: str) -> str:
    """The answer where "which NOUN" stood: bare for times, places, kinds and people, else "the NOUN ANSWER"."""
    noun_words = noun.lower().split()
    head = noun_words[0] if noun_words else ""
    last = noun_words[-1] if noun_words else ""
    if head in _KIND_NOUNS or head == "nationality" or head in _ATTRIBUTE_NOUNS:
        return f"{answer} nationality" if head == "nationality" else answer
    if not noun_words or last in _TIME_NOUNS | _PLACE_NOUNS or answer[:1].isdigit():
        return answer
    if answer.lower().startswith(("the ", "a ", "an ")) or len(noun_words) > 3 or last in answer.lower():
        return answer
    if last in {"person", "man", "woman", "one", "people"}:
        return answer
    return f"the {noun} {answer}"


def _is_verbish(word: str, index: int, words: Sequence[str]) -> bool:
    low = word.lower().strip(",")
    if index and words[index - 1].lower() in DETERMINERS:
        return False
    if low in AUXILIARIES or low in _PAST or low in _PRESENT:
        return True
    return low.endswith("ed") and low not in _ADJECTIVAL_ED and index > 0


def _split_np(rest: str) -> tuple[str, str, str]:
    """``(noun phrase, verb, remainder)`` of "genus of moth contains only one species" (verb may be empty)."""
    words = rest.split()
    for i, word in enumerate(words):
        low = word.lower()
        participle = low.endswith("ed") and low not in AUXILIARIES and i + 1 < len(words) and words[i + 1] == "by"
        if _is_verbish(word, i, words) and not participle:
            return " ".join(words[:i]).rstrip(","), word.lower().strip(","), " ".join(words[i + 1 :])
    return rest, "", ""


def _with_prep(answer: str, wh: str, noun: str, prep: str) -> str:
    if prep:
        return f"{prep.lower()} {answer}"
    last = noun.lower().split()[-1] if noun.split() else ""
    if wh == "where" or last in _PLACE_NOUNS:
        return f"in {answer}"
    if wh == "when" or last in _TIME_NOUNS:
        has_day = re.search(rf"\b\d{{1,2}}\b.*\b({_MONTH})\b|\b({_MONTH})\b\s+\d{{1,2}}\b", answer)
        return f"on {answer}" if has_day else f"in {answer}"
    return answer


def _object_question(wh: str, noun: str, prep: str, aux: str, tail: str, answer: str) -> str | None:
    """ "What year did X die" -> "X died in ANSWER"; "Who did X defeat in Y" -> "X defeated ANSWER in Y"."""
    words = tail.split()
    for k in range(len(words) - 1, 0, -1):
        base = words[k].lower()
        if base not in _VERB_TABLE or words[k] != base or words[k - 1].lower() in DETERMINERS:
            continue
        past, third = _VERB_TABLE[base]
        form = past if aux == "did" else (third if aux == "does" else base)
        subject, after = " ".join(words[:k]), words[k + 1 :]
        if after and after[-1].lower() in PREPOSITIONS and not prep:
            return " ".join([subject, form, *after, _with_prep(answer, wh, noun, "")])
        slot = _with_prep(answer, wh, noun, prep)
        if slot == answer and wh in {"what", "which", "who", "whom"}:
            return " ".join([subject, form, answer, *after])
        return " ".join([subject, form, *after, slot])
    return None


def _wh_front(question: str, answer: str, *, subject_only: bool = False) -> str | None:
    """A sentence for a question that starts with its wh-word ("Who ...", "In what year was X founded")."""
    match = _WH_FRONT.match(question)
    if not match:
        return None
    prep, wh, rest = (match.group("prep") or ""), match.group("wh").lower(), match.group("rest").strip()
    noun = ""
    if wh in {"what", "which", "how many", "how much"}:
        noun, verb, tail = _split_np(rest)
        if noun and ("'" in noun.split()[0] or "’" in noun.split()[0]):
            return None
        if set(noun.lower().split()) & {"who", "which", "that", "whose"}:
            return None
    elif wh in {"who", "whom", "when", "where"}:
        first, _, tail = rest.partition(" ")
        verb = first.lower()
    else:
        return None
    if not verb:
        return None
    attribute = bool(set(noun.lower().replace(",", "").split()) & _ATTRIBUTE_NOUNS)
    if wh in {"how many", "how much"}:
        if not noun or verb not in {"is", "are", "was", "were"} or prep:
            return None
        if tail.split() and tail.split()[0].lower() in DETERMINERS | {"there"}:
            return None
        return f"{answer} {noun} {verb} {tail}"
    tail_words = tail.split()
    if verb in {"did", "does", "do"}:
        return None if subject_only else _object_question(wh, noun, prep, verb, tail, answer)
    if verb in {"is", "are", "was", "were"}:
        first = tail_words[0].lower() if tail_words else ""
        complement = bool(tail_words) and (first in DETERMINERS or tail_words[0][:1].isupper() or first[:1] in '"“')
        if subject_only:
            complement = False
        if wh in {"when", "where"} or (complement and wh != "who"):
            if not tail_words:
                return None
            trailing = ""
            words = list(tail_words)
            if words[-1].lower() in PREPOSITIONS:
                trailing = words.pop().lower()
            last = words[-1].lower() if words else ""
            if words and (last in PARTICIPLES or (last.endswith("ed") and len(words) > 1)):
                if attribute and not set(noun.lower().split()) & _TIME_NOUNS:
                    return None  # "What nationality was X directed by": no place for the answer
                subject = " ".join(words[:-1])
                slot = _with_prep(answer, wh, noun, trailing or prep)
                if not trailing and slot == answer and wh in {"what", "which"}:
                    return None
                return f"{subject} {verb} {words[-1]} {slot}"
            if trailing:
                return None
            if wh in {"when", "where"}:
                return f"{tail} {verb} {_with_prep(answer, wh, noun, prep)}"
            if prep:
                return None
            if noun and attribute:
                return f"the {noun} of {tail} {verb} {answer}"
            if noun:
                return f"{_appositive(answer, noun)} {verb} {tail}"
            return f"{tail} {verb} {answer}"
        if not tail_words or prep:
            return None
        return f"{_appositive(answer, noun)} {verb} {tail}"
    if wh in {"when", "where", "whom"} or prep:
        return None
    known = verb in {"has", "have", "had", "can", "could", "will", "would"} or verb in _PAST or verb in _PRESENT
    if known or verb.endswith("ed"):
        return f"{_appositive(answer, noun)} {verb} {tail}"
    return None


def _appositive(answer: str, noun: str) -> str:
    """ "Crambidae, the genus of moth in ..., " for a long "which NOUN" subject; the bare answer for a short one."""
    words = noun.replace(",", "").split()
    if words and (
        words[0].lower() in {"man", "woman", "person", "one", "people"} or words[-1].lower() in answer.lower()
    ):
        return answer
    if len(words) < 2 or not (len(words) >= 3 or set(w.lower() for w in words) & PREPOSITIONS):
        return answer
    return f"{answer}, the {noun.rstrip(',')},"


def _relative_which(after: str) -> bool:
    """ "in which James X was born": "which" opens a relative clause, not a question slot."""
    words = after.split()
    if not words:
        return False
    if words[0].lower() in DETERMINERS | {"he", "she", "it", "they", "we", "i"}:
        return True
    if words[0][:1].isupper():
        clause = after.split(",", 1)[0].split()
        return len(clause) > 3
    return False


def _wh_inner(question: str, answer: str) -> str | None:
    """A sentence for a statement-like question with its wh-phrase inside ("X first aired in what year?")."""
    matches = [
        m for m in _WH_INNER.finditer(question) if not (m.group(1) == "which" and _relative_which(question[m.end() :]))
    ]
    if not matches:
        return None
    match = matches[-1]
    wh = match.group(1)
    before, after = question[: match.start()], question[match.end() :]
    if not before.strip():
        return None
    after = re.sub(r"^\s+else\b", "", after)
    following = after.split()[0].lower().strip(",") if after.split() else ""
    if wh in {"what", "who"} and following in {"is", "was", "are", "were"}:
        made = _wh_front(_capitalise(question[match.start() :]), answer)
        return (
            f"{before}{made[:1].lower() + made[1:] if made.split()[0].lower() in DETERMINERS else made}"
            if made
            else None
        )
    if wh in {"who", "whom"}:
        # "named after who", "directed by whom", "and who": the slot is the pronoun itself
        prev = before.split()[-1].lower().strip(",") if before.split() else ""
        if prev not in PREPOSITIONS | {"and", "is", "was", "are", "were"} and not before.rstrip().endswith(","):
            return None
        if after.strip() and not after.startswith(","):
            return None
        return f"{before}{answer}{after}"
    if wh.startswith("how"):
        if wh == "how many":
            return f"{before}{answer}{after}"
        direction = wh.split()[-1]
        if wh == "how much" or direction not in _DIRECTIONS:
            return None
        return f"{before}{answer} {direction}{after}"
    words = after.split()
    noun_words: list[str] = []
    stop = ""
    for i, word in enumerate(words):
        low = word.lower().strip(",")
        if noun_words and noun_words[-1].lower() in _KIND_NOUNS and low == "of":
            noun_words.append(word)
            continue
        ends = low in _NP_END or _is_verbish(word, i, words) or low in PARTICIPLES or word.startswith(("(", '"'))
        if low == "and" and i + 1 < len(words) and _is_verbish(words[i + 1], i + 1, words):
            ends = True
        participle = low.endswith("ed") and i + 1 < len(words) and words[i + 1].lower() in PREPOSITIONS
        if ends or (i > 0 and participle):
            stop = low
            break
        noun_words.append(word.rstrip(","))
        if word.endswith(","):
            break
    if noun_words and noun_words[-1].lower() == "of":
        return None
    noun = " ".join(noun_words)
    if "'" in noun or "’" in noun:
        return None
    rest = after.strip()[len(noun) :] if noun else after
    if noun_words and noun_words[0][:1].isupper() and stop in PREPOSITIONS:
        return None  # "what Alice in Chains' album": the name is cut by its own preposition
    prev = before.split()[-1].lower() if before.split() else ""
    if noun_words and (set(w.lower() for w in noun_words) & _ATTRIBUTE_NOUNS):
        if stop == "of":
            return f"{before}{answer}{rest if rest.startswith(' ') else ' ' + rest}"
        if prev in PREPOSITIONS and len(noun_words) == 1 and noun.lower() in _QUANTITY_NOUNS:
            return f"{before}a {noun} of {answer}{rest if rest.startswith((' ', ',')) or not rest else ' ' + rest}"
    if noun and stop in PREPOSITIONS and prev in PREPOSITIONS and "," not in rest and len(noun_words) <= 3:
        return f"{before}{answer}, the {noun}{rest if rest.startswith(' ') else ' ' + rest}"
    slot = _answer_for_slot(answer, noun) if noun else answer
    return f"{before}{slot}{rest if rest.startswith((' ', ',')) or not rest else ' ' + rest}"


def _yes_no(question: str, answer: str, knowledge: str) -> str | None:
    """ "Are X and Y both Z?" + yes/no -> "X and Y are (not) both Z."."""
    match = _YESNO.match(question)
    if not match:
        return None
    aux, body = match.group(1).lower(), match.group(2)
    negative = answer.strip().lower().rstrip(".") == "no"
    inner = re.match(r"^(.+?)\s+both\s+(.+)$", body)
    plural = aux in {"are", "were"} or " and " in body
    be = {"is": "are", "was": "were"}.get(aux, aux) if plural else aux
    if inner and not inner.group(1).lower().startswith("both"):
        subject, predicate = inner.group(1), inner.group(2)
        if aux in {"did", "do", "does"}:
            return f"{subject} {aux} not both {predicate}" if negative else f"{subject} both {aux} {predicate}"
        return f"{subject} {be} {'not ' if negative else ''}both {predicate}"
    both = body.lower().startswith("both ")
    if both:
        body = body[5:]
    first, sep, second = body.partition(" and ")
    if not sep:
        split = _entity_prefix(body, knowledge)
        if split is None or both:
            return None
        name, predicate = split
        return f"{name} {be} {'not ' if negative else ''}{predicate}"
    split = _entity_prefix(second, knowledge)
    if split is None or not first[:1].isupper():
        return None
    name, predicate = split
    if not predicate or predicate[0].isupper():
        return None
    subject = f"{first} and {name}"
    if both:
        if aux in {"did", "do", "does"}:
            return f"{subject} {aux} not both {predicate}" if negative else f"both {subject} {aux} {predicate}"
        return f"{subject} {be} {'not ' if negative else ''}both {predicate}"
    return f"{subject} {be} {'not ' if negative else ''}{predicate}"


def right_sentence(question: str, answer: str, knowledge: str) -> str | None:
    """The right answer as a declarative sentence built from the question, or ``None`` when no template fits."""
    q = " ".join(question.split()).strip()
    q = re.sub(r"\s*\?+$", "", q).strip()
    q = re.sub(r"\b([Ww]hat|[Ww]ho)['’]s\b", r"\1 is", q)
    ans = _strip_answer(answer)
    if not q or not ans or ans.split()[0].lower() in AUXILIARIES | {"refers"}:
        return None
    q = _capitalise(q)
    if ans.lower() in {"yes", "no"}:
        made = _yes_no(q, ans, knowledge)
        return _finish(made) if made else None
    choice = parse_choice(q, ans, knowledge)
    if choice is not None:
        stem = choice.stem
        aux = re.match(r"^(Is|Was|Are|Were)\s+(.+)$", stem)
        subject = _capitalise(choice.right)
        if aux:
            made = f"{subject} {aux.group(1).lower()} {aux.group(2)}"
        else:
            made = _wh_front(stem, subject, subject_only=True)
        return _finish(made) if made else None
    if re.search(rf"\bor\s+(the\s+)?{re.escape(ans)}\b|\b{re.escape(ans)},?\s+or\b", q, re.IGNORECASE):
        return None  # a choice question whose options could not be told apart
    made = _wh_front(q, ans) if _WH_FRONT.match(q) else _wh_inner(q, ans)
    if not made or ans.lower() not in made.lower():
        return None
    return _finish(made)


_PHRASE_STOP = STOP | _words("like such than despite because instead while also nor alongside")
_PHRASE_VERBS = _words("reside live take remain")
_PHRASE_JOINERS = _words("of the and for de del da du von van der la le &")


def _verblike(token: str) -> bool:
    low = _core(token)
    return (
        low in AUXILIARIES
        or low in _PHRASE_VERBS
        or low in _PAST
        or low in _PRESENT
        or low in PARTICIPLES
        or (token[:1].islower() and low.endswith(("ed", "ly")))
    )


def _question_words(question: str) -> set[str]:
    words = set()
    for word in question.split():
        core = re.sub(r"['’]s$", "", _core(word))
        words.update({core, core.rstrip("s")})
    return words


def wrong_phrase(question: str, right_answer: str, hallucinated: str, knowledge: str) -> str | None:
    """The noun phrase of the hallucinated answer that fills the question's wh-slot, or ``None``.

    Yes/no questions give "yes"/"no"; choice questions the other option; otherwise the phrase of words
    the question does not contain (a name or number first; the last one when the wh-word ends the question).
    """
    answer = " ".join(hallucinated.split())
    right = _strip_answer(right_answer)
    if right.lower() in {"yes", "no"}:
        first = _core(answer.split()[0]) if answer.split() else ""
        return first if first in {"yes", "no"} and first != right.lower() else None
    choice = parse_choice(question, right, knowledge)
    if choice is not None and choice.other.lower() in answer.lower():
        at = answer.lower().find(choice.other.lower())
        return answer[at : at + len(choice.other)]
    known = _question_words(question)
    tokens = [t.group() for t in _words_in(answer)]
    if len(tokens) < 3:
        return None

    def in_question(k: int) -> bool:
        core = re.sub(r"['’]s$", "", _core(tokens[k]))
        return core in known or core.rstrip("s") in known

    def stopword(k: int) -> bool:
        return _core(tokens[k]) in _PHRASE_STOP

    def ends_here(k: int) -> bool:
        word = tokens[k]
        if not word.endswith((",", ";", ":", ".", "!", "?")) and not word.endswith(('."', '?"', '!"', ".”")):
            return False
        if word.endswith(".") and k + 1 < len(tokens) and re.fullmatch(r"[A-Z][a-z]?\.|St\.|Jr\.|Sr\.|Dr\.", word):
            return False  # an initial or a short title: "Larry M. Tanenbaum", "St. Mary's"
        rest = tokens[k + 1 :]
        # "Michigan, USA." goes on as one phrase; "the United States, Billy Zane is ..." does not
        return not (
            word.endswith(",") and word[:1].isupper() and 0 < len(rest) <= 3 and all(w[:1].isupper() for w in rest)
        )

    candidates: list[tuple[int, int, str]] = []
    k = 0
    while k < len(tokens):
        if in_question(k) or stopword(k) or _verblike(tokens[k]):
            k += 1
            continue
        a = j = k
        while not ends_here(j) and j + 1 < len(tokens):
            nxt = j + 1
            if not stopword(nxt) and not _verblike(tokens[nxt]):
                j = nxt
                continue
            if _core(tokens[nxt]) in _PHRASE_JOINERS and nxt + 1 < len(tokens) and not ends_here(nxt):
                after = nxt + 1
                if not stopword(after) and not _verblike(tokens[after]) and not in_question(after):
                    j = after
                    continue
            break
        k = j + 1
        b = j
        while b > a and in_question(b) and in_question(b - 1) and not tokens[b][:1].isupper():
            b -= 1  # keep at most the one question word that heads the phrase ("a famous musician")
        if a == b and tokens[a][:1].islower():  # "now a film director": take the question words before it
            left = a
            while left > 0 and left > a - 2 and in_question(left - 1) and not stopword(left - 1):
                if _verblike(tokens[left - 1]) or ends_here(left - 1):
                    break
                left -= 1
            if left < a and left > 0 and _core(tokens[left - 1]) in DETERMINERS:
                a = left
        determined = a > 0 and _core(tokens[a - 1]) in DETERMINERS and not ends_here(a - 1)
        start = a - 1 if determined else a
        content = tokens[a : b + 1]
        capitals = sum(1 for w in content if w.lstrip("\"“'(")[:1].isupper())
        named = any(
            (w.lstrip("\"“'(")[:1].isupper() and (a + i > 0 or capitals > 1)) or any(c.isdigit() for c in w)
            for i, w in enumerate(content)
        )
        at_end = b == len(tokens) - 1
        if not named and not determined and not at_end:
            continue
        text = " ".join(tokens[start : b + 1]).strip(",;:.!? ")
        if text.count('"') % 2:
            text = text.replace('"', "").strip()
        if text.startswith("“") and "”" not in text:
            text = text[1:]
        if text.endswith("”") and "“" not in text:
            text = text[:-1]
        candidates.append((1 if named else 0, capitals, b - a + 1, a, text))
    if not candidates:
        return None
    slot_last = not _WH_FRONT.match(" ".join(question.split()))
    if slot_last:  # the wh-word ends the question: the slot is the last phrase (a name when the answer is one)
        named_answer = right[:1].isupper() or right[:1].isdigit()
        order = sorted(candidates, key=lambda c: (c[0] if named_answer else 0, c[3]), reverse=True)
    else:
        order = sorted(candidates, key=lambda c: c[:4], reverse=True)
    for *_, phrase in order:
        low = phrase.lower()
        if not phrase or low in right.lower() or right.lower() in low or _norm(phrase) == _norm(answer):
            continue
        return phrase
    return None


# ------------------------------------------------------------------------------------- sentence perturbations

_NUMBER = re.compile(
    r"(?<![\w.,/$£€-])(?:(?P<comma>\d{1,3}(?:,\d{3})+)|(?P<plain>\d+(?:\.\d+)?))(?P<ord>st|nd|rd|th)?"
    r"(?![\w/-]|[.,]\d)"
)


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def number_spans(sentence: str) -> list[re.Match[str]]:
    """The numbers of a sentence that can be changed (not inside names such as "C2H5OH" or "014")."""
    out = []
    for match in _NUMBER.finditer(sentence):
        digits = match.group("comma") or match.group("plain")
        if len(digits) > 1 and digits.startswith("0") and not digits.startswith("0."):
            continue
        if sentence[match.end() : match.end() + 1] == "-" or sentence[max(0, match.start() - 1) : match.start()] == "-":
            continue
        out.append(match)
    return out


def change_number(sentence: str, match: re.Match[str], rng: random.Random) -> str:
    """``sentence`` with the number at ``match`` changed to a different value of the same kind."""
    text = match.group()
    suffix = match.group("ord") or ""
    before, after = sentence[: match.start()], sentence[match.end() :]
    if match.group("comma"):
        value = int(match.group("comma").replace(",", ""))
        factor = rng.choice([0.5, 0.6, 0.7, 0.8, 1.2, 1.3, 1.5, 2.0])
        new = f"{round(value * factor):,}"
    elif "." in match.group("plain"):
        whole, frac = match.group("plain").split(".")
        digit = rng.choice([d for d in "0123456789" if d != frac[-1]])
        new = f"{whole}.{frac[:-1]}{digit}"
    else:
        value = int(match.group("plain"))
        is_day = bool(
            re.search(rf"\b({_MONTH})\s*$", before) or (re.match(rf"^\s+({_MONTH})\b", after) and value <= 31)
        )
        if suffix:
            options = [v for v in range(max(1, value - 3), value + 4) if v != value]
            choice = rng.choice(options)
            return f"{before}{choice}{_ordinal(choice)}{after}"
        if is_day and 1 <= value <= 31:
            new = str(rng.choice([d for d in range(1, 29) if d != value]))
        elif len(match.group("plain")) == 4 and 1000 <= value <= 2099:
            deltas = [d for d in range(-30, 31) if d]
            if re.match(r"^[–—]\d{4}", after):
                deltas = [d for d in deltas if d < 0]  # the start of a range stays before its end
            elif re.search(r"\d{4}[–—]$", before):
                deltas = [d for d in deltas if d > 0]
            new = str(value + rng.choice(deltas))
        elif value <= 100:
            new = str(rng.choice([v for v in range(max(1, value - 5), value + 6) if v != value]))
        else:
            factor = rng.choice([0.5, 0.6, 0.7, 0.8, 1.2, 1.3, 1.5, 2.0])
            new = str(round(value * factor))
    if new == text.removesuffix(suffix):
        new = str(int(new.replace(",", "").split(".")[0]) + 1)
    return f"{before}{new}{suffix}{after}"


_NEGATION = re.compile(r"\b(not|never|no|n't|nor|neither|none|nobody|nothing)\b|n't\b", re.IGNORECASE)
_HAVE_AUX_NEXT = re.compile(r"^(been|\w+ed|\w+en)$")
_SUBJECT_PRONOUNS = _words("He She It They he she it they")


def negate(sentence: str) -> str | None:
    """``sentence`` with its first finite verb negated ("was" -> "was not", "won" -> "did not win"), or ``None``."""
    if _NEGATION.search(sentence):
        return None
    tokens = _words_in(sentence)
    for index, token in enumerate(tokens):
        if index == 0 or not _outside_quotes(sentence, token.start()):
            continue
        word = token.group()
        low = word.lower()
        nxt = tokens[index + 1].group() if index + 1 < len(tokens) else ""
        prev = tokens[index - 1].group()
        head, tail = sentence[: token.start()], sentence[token.end() :]
        if word != low:
            continue
        if low in {"is", "are", "was", "were"} and nxt:
            if nxt == "also":
                return f"{head}{word} not{tail[len(' also') :]}"
            return f"{head}{word} not{tail}"
        if low in {"has", "have", "had"} and nxt:
            probe = tokens[index + 2].group() if nxt == "also" and index + 2 < len(tokens) else nxt
            rest = tail[len(" also") :] if nxt == "also" else tail
            if _HAVE_AUX_NEXT.match(probe) or probe in PARTICIPLES:
                return f"{head}{word} not{rest}"
            main = {"has": "does not have", "have": "do not have", "had": "did not have"}[low]
            return f"{head}{main}{rest}"
        after_name = (
            (prev[:1].isupper() and prev[-1:].isalpha() and prev not in _NOT_NAMES)
            or prev in _SUBJECT_PRONOUNS
            or prev.endswith(")")
        )
        if after_name and (low in _PAST or low in _PRESENT) and nxt:
            table = _PAST if low in _PAST else _PRESENT
            joined = re.match(r"^ (and|or) (\S+)", tail)
            if joined and joined.group(2) in table:  # "owns and operates" -> "does not own or operate"
                tail = f" or {table[joined.group(2)]}{tail[joined.end() :]}"
            return f"{head}{'did' if table is _PAST else 'does'} not {table[low]}{tail}"
    return None


_ENTITY = re.compile(
    r"(?<![\w'’-])[A-Z][\w'’-]*(?:\s+(?:(?:of|the|for|de|del|da|du|von|van|der|la|le)\s+)*[A-Z][\w'’-]*)*"
)


def _clean_entity(text: str) -> str:
    return re.sub(r"['’]s$", "", text)


def entity_spans(sentence: str) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` of the capitalised names of a sentence (a leading "The"/"In"... dropped)."""
    spans = []
    for match in _ENTITY.finditer(sentence):
        start, text = match.start(), match.group()
        words = text.split()
        while words and words[0] in _NOT_NAMES and (start == 0 or words[0] not in {"The"}):
            if len(words) == 1:
                words = []
                break
            start = sentence.index(words[1], start + len(words[0]))
            words = words[1:]
        if not words:
            continue
        text = _clean_entity(sentence[start : match.end()])
        if text in MONTHS or text in WEEKDAYS or len(text) < 2 or re.search(r"\b[A-Z]\.\s*$", sentence[:start]):
            continue
        if sentence[start + len(text) : start + len(text) + 2].startswith("."):
            after = sentence[start + len(text) + 1 : start + len(text) + 2]
            if after.isalpha():
                continue
        end = start + len(text)
        if re.search(r"\b[A-Z]$", text) or re.match(r"\s+\d", sentence[end:]):
            continue  # "Stephen R." or "Interstate 64": a part of a longer name
        if re.search(r"[A-Z][\w'’-]*\s+(and|&)\s+$", sentence[:start]):
            continue  # "Rock and Roll Hall of Fame": maybe the tail of one name joined by "and"
        spans.append((start, end, text))
    return spans


_ORG_WORDS = _words(
    "Group Company Inc Records Recordings University College School Corporation Corp Magazine Band Club "
    "Association Party Media Press Studios Studio Airlines Airline Network Council Society Foundation League "
    "Entertainment Pictures Films Games Publishing Motors Industries Bank Institute Academy Agency Ltd Team "
    "Orchestra Brewery Company"
)
_PLACE_WORDS = _words(
    "County City River Island Islands Mountains Mountain State Kingdom Republic Lake Valley Park Province "
    "District Bay Sea Ocean Street Road Region Coast Peninsula Desert Forest Town Village"
)
_PLACE_PREPOSITIONS = _words("in at from near across throughout into outside inside")
_KNOWN_PLACES = _words("US USA UK U.S. England Scotland Wales Europe Asia Africa America")


def _entity_kind(name: str, contexts: frozenset[str] | set[str] = frozenset()) -> str:
    """A coarse type, so that a swap replaces a place by a place and a person by a person."""
    words = name.replace('"', "").split()
    if name in DEMONYMS:
        return "demonym"
    if set(words) & _ORG_WORDS:
        return "org"
    if set(words) & _PLACE_WORDS or name in _KNOWN_PLACES or contexts & _PLACE_PREPOSITIONS:
        return "place"
    if name.isupper():
        return "acronym"
    if (
        2 <= len(words) <= 4
        and words[0] != "The"
        and all(w[:1].isupper() and w.replace("-", "").replace(".", "").isalpha() for w in words)
    ):
        return "person"
    return "other"


def _context_word(sentence: str, start: int) -> str:
    before = sentence[:start].split()
    return before[-1].lower() if before else ""


def _aliases(a: str, b: str, knowledge: str) -> bool:
    """Whether ``knowledge`` gives one name as the other's ("Lee Jun-fan (…), known professionally as Bruce Lee"):
    swapping them states the same thing, not a hallucination."""
    link = r"[^.]{0,80}?\b(?:known|called|nicknamed)\s+(?:\w+\s+)?as\s+"
    return any(re.search(re.escape(x) + link + re.escape(y), knowledge) for x, y in ((a, b), (b, a)))


def swap_entity(sentence: str, knowledge: str, rng: random.Random) -> str | None:
    """``sentence`` with one name replaced by another name of ``knowledge`` (of the same coarse kind) it lacks."""
    contexts: dict[str, set[str]] = {}
    starts: set[str] = set()
    for other in split_sentences(unglue(knowledge)):
        for start, end, name in entity_spans(other):
            seen = contexts.setdefault(name, set()) if start > 0 else None
            if seen is None:
                starts.add(name)
                continue
            seen.add(_context_word(other, start))
            if re.match(r",\s+[A-Z]", other[end:]) and _context_word(other, start) in _PLACE_PREPOSITIONS:
                seen.add("in")
    for name in starts:
        if len(name.split()) > 1 or name in DEMONYMS:
            contexts.setdefault(name, set())
    kinds = {name: _entity_kind(name, seen) for name, seen in contexts.items()}
    targets: list[tuple[tuple[int, int, str], list[str]]] = []
    for start, end, name in entity_spans(sentence):
        if start == 0 and len(name.split()) == 1 and name not in contexts:
            continue  # a capitalised first word that is never a name elsewhere
        kind = kinds.get(name) or _entity_kind(name, {_context_word(sentence, start)})
        options = [
            other
            for other, other_kind in kinds.items()
            if other_kind == kind
            and other not in sentence
            and other.lower() not in name.lower()
            and name.lower() not in other.lower()
            and not _aliases(name, other, knowledge)
        ]
        if not options:
            continue
        targets.append(((start, end, name), sorted(options)))
    if not targets:
        return None
    (start, end, _), options = rng.choice(targets)
    return f"{sentence[:start]}{rng.choice(options)}{sentence[end:]}"


_SYNONYMS: tuple[tuple[str, str], ...] = (
    ("located in", "situated in"),
    ("based in", "headquartered in"),
    ("film", "movie"),
    ("films", "movies"),
    ("was started", "was founded"),  # only the passive: "the group started in 1995" or "he started from the
    ("were started", "were founded"),  # seventh position" say no founding (3 of 141 right paraphrases were broken so)
    ("established", "founded"),
    ("best known", "most famous"),
    ("well known", "famous"),
    ("well-known", "famous"),
    ("known as", "called"),
    ("approximately", "about"),
    ("currently", "presently"),
    ("largest", "biggest"),
    ("began", "started"),
    ("consists of", "is made up of"),
    ("died", "passed away"),
    ("numerous", "many"),
    ("several", "a number of"),
    ("song", "track"),
    ("television", "TV"),
    ("near", "close to"),
    ("popular", "well-liked"),
    ("including", "such as"),
    ("originally", "initially"),
    ("formerly", "previously"),
    ("major", "leading"),
    ("famous", "well-known"),
    ("created", "made"),
    ("later", "subsequently"),
)
# where a synonym would break the sentence: "better known as" is no "better called", "five years later" no "five
# years subsequently" (3 of 141 right paraphrases were broken so)
_NOT_AFTER = {
    "known as": re.compile(r"\b(?:better|best|widely|well|more|most)\s+$", re.IGNORECASE),
    "later": re.compile(r"\b(?:years?|months?|weeks?|days?|decades?|hours?|minutes?)\s+$", re.IGNORECASE),
}
# written apart from ``_SYNONYMS`` and never used to choose a threshold (``HELD_OUT``): does what the paraphrase
# threshold learnt on the first table carry over to synonyms it has not seen?
_OTHER_SYNONYMS: tuple[tuple[str, str], ...] = (
    ("author", "writer"),
    ("singer", "vocalist"),
    ("company", "firm"),
    ("region", "area"),
    ("main", "principal"),
    ("award", "prize"),
    ("purchased", "bought"),
    ("acquired", "bought"),
    ("large", "big"),
    ("mostly", "mainly"),
    ("primarily", "mainly"),
    ("ended", "finished"),
    ("wrote", "penned"),
    ("released", "issued"),
    ("built", "constructed"),
    ("usually", "typically"),
    ("often", "frequently"),
    ("helped", "assisted"),
    ("shows", "programmes"),
    ("now", "currently"),
)
_VOICE_VERBS = "founded|created|wrote|directed|produced|published|developed|designed|built|composed|formed|owns|owned"
_PARTICIPLE_OF = {"wrote": "written", "built": "built", "owns": "owned"}
_VOICE_REST = r"(?: (?:in|on|at|during|for) [^,]+?)*[.!?]"
_ACTIVE = re.compile(
    rf"^(?P<subj>[A-Z][^,]*?) (?P<verb>{_VOICE_VERBS}) (?P<obj>[A-Z\"“][^,]*?)(?P<rest>{_VOICE_REST})$"
)
_PASSIVE = re.compile(
    rf"^(?P<subj>[A-Z][^,]*?) (?P<aux>was|were|is|are) (?P<verb>{_VOICE_VERBS.replace('wrote', 'written')}) by "
    rf"(?P<agent>[A-Z][^,]*?)(?P<rest>{_VOICE_REST})$"
)
_PAST_OF = {"written": "wrote", "owned": "owned"}


def _lower_subject(subject: str) -> str:
    first = subject.split()[0]
    second = subject.split()[1] if len(subject.split()) > 1 else ""
    if first in {"The", "A", "An", "This", "Its", "His", "Her", "Their"} and second[:1].islower():
        return first.lower() + subject[len(first) :]
    if first == "It" and len(subject.split()) == 1:
        return "it"
    return subject


def paraphrase(sentence: str, synonyms: Sequence[tuple[str, str]] = _SYNONYMS) -> str | None:
    """``sentence`` reworded: a change of voice when it has one of the known verbs, and ``synonyms`` from a table."""
    text = sentence
    active = _ACTIVE.match(text)
    passive = _PASSIVE.match(text)
    if active and not _NEGATION.search(text) and active.group("subj").split()[0] not in {"He", "She", "They", "I"}:
        verb = active.group("verb")
        participle = _PARTICIPLE_OF.get(verb, verb)
        aux = "is" if verb == "owns" else "was"
        text = f"{_capitalise(active.group('obj'))} {aux} {participle} by {_lower_subject(active.group('subj'))}"
        text += active.group("rest")
    elif passive:
        verb = passive.group("verb")
        past = _PAST_OF.get(verb, verb)
        if passive.group("aux") in {"is", "are"}:
            plural = passive.group("agent").count(" and ")
            past = ("own" if plural else "owns") if verb == "owned" else ""
        if past:
            text = f"{passive.group('agent')} {past} {_lower_subject(passive.group('subj'))}{passive.group('rest')}"
    changes = 0
    for old, new in synonyms:
        if changes >= 2:
            break
        pattern = re.compile(rf"(?<![\w-]){re.escape(old)}(?![\w-])")
        for match in pattern.finditer(text):
            if not _outside_quotes(text, match.start()):
                continue
            blocked = _NOT_AFTER.get(old)
            if blocked is not None and blocked.search(text[: match.start()]):
                continue
            text = text[: match.start()] + new + text[match.end() :]
            changes += 1
            break
    born = re.search(r"\b(was|is) born in (?=[A-Z])", text)
    if born and changes < 3 and _outside_quotes(text, born.start()):
        text = text[: born.start()] + "is a native of " + text[born.end() :]
    return text if text != sentence else None


CLAUSES: tuple[str, ...] = (
    ", and it won an Academy Award in 1987",
    ", which was later banned in France",
    ", according to a 1962 report by the BBC",
    ", and it was renamed after a flood in 1931",
    ", which was disputed by Portuguese historians in 1974",
    ", and it was funded by the Rockefeller Foundation",
    ", although the claim was withdrawn in 1999",
    ", which made it the first of its kind in Scandinavia",
    ", and it was shortlisted for the Booker Prize",
    ", after a court ruling in Singapore in 1958",
    ", which was recorded in a single night in Lisbon",
    ", and it was sold at auction in Geneva for two million dollars",
    ", as confirmed by a census taken in 1911",
    ", which was later translated into Icelandic",
)


def _clause_ok(clause: str, knowledge: str) -> bool:
    """None of the clause's names and numbers occur in ``knowledge``."""
    keys = [w.strip(",.") for w in clause.split() if w[:1].isupper() or w[:1].isdigit()]
    lowered = knowledge.lower()
    return all(key.lower() not in lowered for key in keys if key not in {"The"})


def add_clause(sentence: str, knowledge: str, rng: random.Random) -> str | None:
    """``sentence`` with a clause appended whose names and numbers are not in ``knowledge``."""
    if not sentence.endswith(".") or sentence.endswith(("..", '."', ".”", ".)")):
        return None
    body = sentence[:-1]
    if body.endswith(("Inc", "Ltd", "Co", "Jr", "Sr", "St")) or re.search(r"\b[A-Z]\.[A-Z]$", body):
        return None
    clauses = [c for c in CLAUSES if _clause_ok(c, knowledge)]
    if not clauses:
        return None
    return f"{body}{rng.choice(clauses)}."


# ------------------------------------------------------------------------------------------------ generators


def gen_sentence_right(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(a) the right answer as a full sentence (grounded) vs the original hallucinated answer."""
    sentence = right_sentence(item.question, item.right_answer, item.knowledge)
    if sentence is None or not sentence_ok(sentence, item.right_answer.strip()):
        return []
    return _pair("sentence_right", line, item, sentence, item.hallucinated_answer)


def gen_phrase_wrong(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(b) the hallucinated answer cut to its wh-slot phrase (hallucinated) vs the original right answer."""
    phrase = wrong_phrase(item.question, item.right_answer, item.hallucinated_answer, item.knowledge)
    if phrase is None or not phrase_ok(phrase, item.hallucinated_answer):
        return []
    return _pair("phrase_wrong", line, item, item.right_answer, phrase)


def gen_both(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(c) the right answer as a sentence (grounded) vs the wrong answer as a phrase (hallucinated)."""
    right = gen_sentence_right(line, item)
    wrong = gen_phrase_wrong(line, item)
    if not right or not wrong:
        return []
    return _pair("both", line, item, right[0].answer, wrong[1].answer)


def _sentence_pair(
    variant: str, line: int, item: HaluEvalItem, change: Callable[[str, random.Random], str | None]
) -> list[GroundingCase]:
    """A context sentence (grounded) vs ``change`` of it (hallucinated), the sentence picked by the rng."""
    rng = _rng(variant, line)
    options = []
    for sentence in context_sentences(item.knowledge):
        changed = change(sentence, random.Random(f"{variant}-{line}-{sentence}"))  # noqa: S311
        if changed is not None and sentence_ok(changed, sentence):
            options.append((sentence, changed))
    if not options:
        return []
    sentence, _ = rng.choice(options)
    changed = change(sentence, rng)
    if changed is None or not sentence_ok(changed, sentence):
        return []
    return _pair(variant, line, item, sentence, changed)


def _change_one_number(sentence: str, rng: random.Random) -> str | None:
    spans = number_spans(sentence)
    return change_number(sentence, rng.choice(spans), rng) if spans else None


def gen_number_changed(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(d) a context sentence with a number (grounded) vs it with one number/year/day changed."""
    return _sentence_pair("number_changed", line, item, _change_one_number)


def gen_negated(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(e) a context sentence (grounded) vs it with its finite verb negated (hallucinated)."""
    return _sentence_pair("negated", line, item, lambda s, _rng: negate(s))


def gen_entity_swapped(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(f) a context sentence (grounded) vs it with one name swapped for another name of the context."""
    return _sentence_pair("entity_swapped", line, item, lambda s, rng: swap_entity(s, item.knowledge, rng))


def gen_paraphrase(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(g) a paraphrased context sentence (grounded) vs the paraphrase with a number changed or a negation."""
    return _paraphrase_pair("paraphrase", line, item, _SYNONYMS)


def gen_paraphrase_other(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(g') as ``gen_paraphrase`` with the synonyms of the second table, held out from every choice."""
    return _paraphrase_pair("paraphrase_other", line, item, _OTHER_SYNONYMS)


def _paraphrase_pair(
    variant: str, line: int, item: HaluEvalItem, synonyms: Sequence[tuple[str, str]]
) -> list[GroundingCase]:
    rng = _rng(variant, line)
    options = []
    for sentence in context_sentences(item.knowledge):
        reworded = paraphrase(sentence, synonyms)
        if reworded is not None and sentence_ok(reworded, sentence):
            changes = []
            if number_spans(reworded):
                changes.append("number")
            if negate(reworded) is not None:
                changes.append("negation")
            if changes:
                options.append((reworded, changes))
    if not options:
        return []
    reworded, changes = rng.choice(options)
    kind = rng.choice(changes)
    wrong = _change_one_number(reworded, rng) if kind == "number" else negate(reworded)
    if wrong is None or not sentence_ok(wrong, reworded):
        return []
    return _pair(variant, line, item, reworded, wrong)


WORD_CHANGE_MIN = 4  # letters of a replaced word and of its replacement: shorter ones are mostly function words
_NOT_CHANGED = STOP | frozenset(NUMBER_WORDS)  # a number is number_changed's business ("four" → "heptad")


def change_word(sentence: str, rng: random.Random) -> str | None:
    """``sentence`` with one lower-case word outside quotes replaced by a WordNet antonym ("north" → "south") or, for
    a noun with none, a sister term of its first sense ("city" → "town", "song" → "duet"); ``None`` when no word
    has one, or WordNet is not installed. Replacements are single English words not already in the sentence; number
    words are left to ``number_changed``."""
    from graphproof.text.english_words import is_english
    from graphproof.verification.wordnet import load_wordnet

    wordnet = load_wordnet()
    if wordnet is None:
        return None
    lower = sentence.casefold()
    targets = []
    for match in _words_in(sentence):
        word = match.group()
        if not (word.isalpha() and word.islower() and len(word) >= WORD_CHANGE_MIN and word not in _NOT_CHANGED):
            continue
        if not _outside_quotes(sentence, match.start()):
            continue
        others = wordnet.antonyms_of(word) or wordnet.sister_terms(word, first_only=True)
        usable = [
            o for o in others
            if o.isalpha() and len(o) >= WORD_CHANGE_MIN and o not in _NOT_CHANGED and is_english(o) and o not in lower
        ]  # fmt: skip
        if usable:
            targets.append((match, usable))
    if not targets:
        return None
    match, usable = rng.choice(targets)
    return f"{sentence[: match.start()]}{rng.choice(usable)}{sentence[match.end() :]}"


def gen_word_changed(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(i) a context sentence (grounded) vs it with one word replaced by another of its kind (hallucinated)."""
    return _sentence_pair("word_changed", line, item, change_word)


def gen_added_clause(line: int, item: HaluEvalItem) -> list[GroundingCase]:
    """(h) a context sentence (grounded) vs it with an unsupported clause appended (hallucinated)."""
    return _sentence_pair("added_clause", line, item, lambda s, rng: add_clause(s, item.knowledge, rng))


VARIANTS: tuple[str, ...] = (
    "sentence_right",
    "phrase_wrong",
    "both",
    "number_changed",
    "negated",
    "entity_swapped",
    "paraphrase",
    "added_clause",
    "word_changed",
    "paraphrase_other",
)
HELD_OUT: tuple[str, ...] = ("paraphrase_other",)  # reported, never used to choose a setting
GENERATORS: dict[str, Generator] = {
    "sentence_right": gen_sentence_right,
    "phrase_wrong": gen_phrase_wrong,
    "both": gen_both,
    "number_changed": gen_number_changed,
    "negated": gen_negated,
    "entity_swapped": gen_entity_swapped,
    "paraphrase": gen_paraphrase,
    "added_clause": gen_added_clause,
    "word_changed": gen_word_changed,
    "paraphrase_other": gen_paraphrase_other,
}
DESCRIPTIONS: dict[str, str] = {
    "sentence_right": "right answer as a full sentence (grounded) vs the original hallucinated answer",
    "phrase_wrong": "original right answer vs the hallucinated answer cut to its key phrase (hallucinated)",
    "both": "right answer as a sentence (grounded) vs the hallucinated answer as a phrase (hallucinated)",
    "number_changed": "a context sentence verbatim (grounded) vs it with one number changed (hallucinated)",
    "negated": "a context sentence verbatim (grounded) vs it negated (hallucinated)",
    "entity_swapped": "a context sentence verbatim (grounded) vs it with a name swapped for another (hallucinated)",
    "paraphrase": "a paraphrased context sentence (grounded) vs it with a number changed or negated (hallucinated)",
    "added_clause": "a context sentence verbatim (grounded) vs it with an unsupported clause added (hallucinated)",
    "word_changed": "a context sentence verbatim (grounded) vs it with one word made its antonym or a sister term "
    "(hallucinated)",
    "paraphrase_other": "as paraphrase, with a second synonym table held out from every threshold choice",
}


def perturbed_cases(path: Path, variants: Sequence[str] | None = None) -> dict[str, PerturbedSet]:
    """The perturbed sets of a HaluEval QA file, by variant (all of ``VARIANTS`` when ``variants`` is None)."""
    chosen = tuple(VARIANTS if variants is None else variants)
    unknown = [v for v in chosen if v not in GENERATORS]
    if unknown:
        raise DatasetError(f"unknown perturbation variant {unknown[0]!r}; expected one of {', '.join(VARIANTS)}")
    items = list(jsonl_records(path, HaluEvalItem))
    if not items:
        raise DatasetError(f"{path}: no HaluEval items found")
    out: dict[str, PerturbedSet] = {}
    for variant in chosen:
        generate = GENERATORS[variant]
        cases: list[GroundingCase] = []
        dropped = 0
        for line, item in items:
            made = generate(line, item)
            if not made:
                dropped += 1
            cases.extend(made)
        out[variant] = PerturbedSet(variant, tuple(cases), len(items), dropped, DESCRIPTIONS[variant])
    return out
