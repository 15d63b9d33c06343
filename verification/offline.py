"""The offline method: claims → event frames and logic formulas + axioms → Prover9, with no LLM.

The paper's steps without a model ('一階述語論理を用いた RAG におけるハルシネーション判定手法の検討'):

1. *Claims* (``verification.question_claims``): an answer sentence that is a clause is a claim as
   written; a bare answer (a name, a number, a phrase) fills the question's wh-slot; "yes"/"no" to a
   yes/no question is the question as a statement (negated for "no"). The question is never a premise.
2. *Translate* each chunk sentence and each claim into the readings that keep all its content:
   - the *frame reading* (``verification.frames``, ``verification.frames_fol``): a simple clause as
     an event with every role it states, numbers and dates as values; a chunk frame that states a
     value also fixes it (so another value is refuted);
   - the *logic reading*, when the pattern grammar of ``verification.english`` applies ("All X are
     Y", "If … then …", "X is (not) a Y", "either … or" …): a formula over whole-phrase predicates
     (not made for a claim with a number, whose value must stay a value).
   A claim with no reading is *unknown*, never proved; a comparison claim ("A was started first")
   compares the values the chunks give for each alternative. A claim that opens with a pronoun ("He
   grew up in Ballina") is read about the one referent the chunks give that pronoun (the subject of the
   sentence before each chunk sentence it opens); with no or several referents it is not read that way.
3. *Group*: symbols are canonicalised by normalisation; names are linked by alias, common nouns,
   phrase predicates and verbs by embedding similarity, into equivalence axioms (``verification.symbols``).
4. *Prove*: premises = every reading of every chunk sentence + the axioms + the values' kinds,
   distinctness and order. Each claim's readings are tried in turn; the first that Prover9 proves
   or refutes decides (``verification.prover``); a refuted claim names the chunk sentence that
   contradicts it, an unknown one the symbols no premise mentions. When the premises contradict
   each other (a misread heading, two values under the functional reading), the chunk readings of
   the contradiction are set aside and the claim is decided again (``_consistent_decision``; the
   report's ``details["set_aside"]`` lists them). Last, a claim whose words are exactly those of
   consecutive whole chunk sentences is proved by *quotation* (``verification.quotation``): an
   extractive answer joins the units it quotes in its own way, and P ⊢ P whatever the reading.
5. *Decide* (``verification.grounding.verdict_of``): grounded only if every claim is proved.

The method is shallow by design; its output says it is the offline method, and its failure kinds
are in the evaluation report.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.embed import Embedder, EmbeddingCache
from graphproof.text.lexicon import PRONOUNS
from graphproof.verification.claims import Sentence, sentences_of
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.fol import Formula, parse_formula
from graphproof.verification.frames import (
    Arg,
    Frame,
    FrameReader,
    named_places,
    place_parts,
    sited_frames,
    without_asides,
)
from graphproof.verification.frames_fol import FrameRenderer, comparison_formula
from graphproof.verification.grounding import ClaimResult, GroundingReport, Passage, verdict_of
from graphproof.verification.prover import INCONSISTENT, Decision, Prover9
from graphproof.verification.question_claims import Claim, ClaimBuilder
from graphproof.verification.quotation import quoted_sentences
from graphproof.verification.symbols import SymbolTable
from graphproof.verification.templates import (
    SynonymFn,
    Template,
    TemplateRenderer,
    best_alignment,
    read_template,
)
from graphproof.verification.values import find_values

OFFLINE_NOTE = (
    "offline method (no LLM): claims built from question and answer, read as rule-based event frames and logic "
    "patterns, symbols canonicalised by normalisation, aliases and embedding clustering, decided by Prover9"
)
DEFAULT_CONSTANT_THRESHOLD = 0.85
DEFAULT_PREDICATE_THRESHOLD = 0.9
DEFAULT_EVENT_THRESHOLD = 0.8
DEFAULT_PARAPHRASE_THRESHOLD = 0.95  # runs in context (templates); --folds 2 chose 0.93 (even pairs), 0.95 (odd)
AXIOM_ID = "axiom"
MAX_SET_ASIDE = 3  # contradictions set aside per claim before it is left unknown (``_consistent_decision``)
QUOTE_ATOM = "Quoted"  # the propositional atom of a quotation reading (``verification.quotation``)
_QUOTE_GOAL = re.compile(rf"-?\(?({QUOTE_ATOM}\d+)\)?")  # "Quoted2", or "-(Quoted2)" for a "no"
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
_BOUND = re.compile(r"\b(?:all|exists)\s+([\w ]+?)\.")  # the variables a quantifier binds


@dataclass(frozen=True, slots=True)
class _Quote:
    atom: str
    origin: str
    text: str


@dataclass(frozen=True, slots=True)
class _Premise:
    formula: Formula
    origin: str
    text: str = ""


class OfflineVerifier:
    """Checks an answer against passages with the offline method (see the module docstring)."""

    name = "offline"

    def __init__(
        self,
        embedder: Embedder,
        prover: Prover9 | None = None,
        *,
        constant_threshold: float = DEFAULT_CONSTANT_THRESHOLD,
        predicate_threshold: float = DEFAULT_PREDICATE_THRESHOLD,
        event_threshold: float | None = DEFAULT_EVENT_THRESHOLD,
        paraphrase_threshold: float = DEFAULT_PARAPHRASE_THRESHOLD,
        synonyms: SynonymFn | None = None,
        analyzer: Analyzer | None = None,
        antonyms: SynonymFn | None = None,
        hypernyms: SynonymFn | None = None,
    ) -> None:
        self.prover = prover or Prover9()
        self.event_threshold = event_threshold
        self.embed = EmbeddingCache(embedder.embed)  # a right and a hallucinated answer share their context
        self.constant_threshold = constant_threshold
        self.predicate_threshold = predicate_threshold
        self.paraphrase_threshold = paraphrase_threshold
        self.synonyms = synonyms
        self.antonyms = antonyms  # WordNet's: symbols or template runs that differ by opposites are never linked
        self.hypernyms = hypernyms  # WordNet's is_a(specific, general): a noun phrase entails its head's hypernyms
        self.analyzer = analyzer or default_analyzer()

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport:
        started = time.perf_counter()
        sentences = [s for p in passages for s in sentences_of(p.text, p.id)]
        translator = EnglishTranslator.for_texts([s.text for s in sentences] + [answer])
        claims = ClaimBuilder(translator).claims(question, answer)
        if not claims:
            return GroundingReport(
                self.name, "undecided", note=OFFLINE_NOTE + "; the answer states no claim of its own"
            )
        symbols = SymbolTable(self.analyzer, self.antonyms, self.hypernyms)
        renderer = FrameRenderer(symbols)
        reader = FrameReader(translator)
        templates = TemplateRenderer(renderer.arg)
        referents: dict[str, set[str]] = {}
        premises, read = self._premises(sentences, translator, reader, renderer, symbols, templates, referents)
        alignments: list[str] = []
        paraphrases: dict[str, str] = {}  # alignment axiom → the words it reads as others ("'TV' for 'television'")
        goals = [
            self._goal(c, translator, reader, renderer, symbols, templates, read, alignments, referents, paraphrases)
            for c in claims
        ]
        quotes = self._quotations(claims, sentences)
        for k, quote in quotes.items():  # tried last: the claim's content readings may refute it first
            premises.append(_Premise(parse_formula(quote.atom, lenient=False), quote.origin, quote.text))
            goal = f"-({quote.atom})" if claims[k].negated else quote.atom
            goals[k] = ([*goals[k][0], goal], goals[k][1])
        axioms = symbols.equivalences(
            self.embed,
            constant_threshold=self.constant_threshold,
            predicate_threshold=self.predicate_threshold,
            event_threshold=self.event_threshold,
        )
        axioms += symbols.subsumptions() + symbols.possibilities()
        axioms += [(text, ()) for text in alignments]
        premises += [_Premise(parse_formula(text, lenient=False), AXIOM_ID) for text, _ in axioms]
        ordered = templates.bounded or any(c.comparison is not None for c in claims)
        stated = " ".join([*(g for readings, _ in goals for g in readings), *alignments])
        focus = set(_IDENTIFIER.findall(stated)) & renderer.values.keys()
        order = renderer.value_axioms(order=ordered, focus=focus)
        order += [templates.transitivity()] if templates.bounded_premise else []
        order += [renderer.containment()] if renderer.located else []
        premises += [_Premise(parse_formula(t, lenient=False), AXIOM_ID) for t in order]
        known = {word for p in premises for word in _IDENTIFIER.findall(p.formula.source)}
        set_aside: list[_Premise] = []  # readings that contradicted others (``_consistent_decision``)
        results = tuple(
            self._decide(c, goal, why, premises, known, set_aside, paraphrases)
            for c, (goal, why) in zip(claims, goals, strict=True)
        )
        aside = list(dict.fromkeys(f"{p.origin}: {p.text}" for p in set_aside))
        return GroundingReport(
            self.name,
            verdict_of(results),
            results,
            note=OFFLINE_NOTE,
            seconds=time.perf_counter() - started,
            details={"axioms": [text for text, _ in axioms], "premise_formulas": len(premises), "set_aside": aside},
        )

    # readings -----------------------------------------------------------------------------------
    @staticmethod
    def _quotations(claims: Sequence[Claim], sentences: Sequence[Sentence]) -> dict[int, _Quote]:
        """The claims that restate whole chunk sentences word for word (``verification.quotation``), by position,
        each with its atom (``Quoted1`` …) and the sentences it quotes; not a comparison, whose goal is its own."""
        out: dict[int, _Quote] = {}
        for k, claim in enumerate(claims):
            quoted = quoted_sentences(claim.text, sentences) if claim.text and claim.comparison is None else None
            if quoted:
                text = " ".join(s.text for s in quoted)
                out[k] = _Quote(f"{QUOTE_ATOM}{k + 1}", quoted[0].origin, text)
        return out

    def _goal(
        self,
        claim: Claim,
        translator: EnglishTranslator,
        reader: FrameReader,
        renderer: FrameRenderer,
        symbols: SymbolTable,
        templates: TemplateRenderer,
        premise_templates: Sequence[Template],
        alignments: list[str],
        referents: dict[str, set[str]],
        paraphrases: dict[str, str],
    ) -> tuple[list[str], str]:
        """The claim's readings as goal formulas, or none and why (then the claim is unknown).

        Only readings that keep all of the claim's content are made: the template reading when the
        claim restates a chunk sentence (``verification.templates``; its alignment axiom is appended
        to ``alignments``, and the runs it reads as others to ``paraphrases``), the event-frame reading and
        the logic reading (its predicates are whole phrases; not made for a claim with a number or date,
        whose value must stay a value). Each
        reading states the whole claim, so the first one the prover decides (proved or refuted)
        decides the claim (``_decide``).
        """
        if not claim.text:
            return [], claim.why or "no claim could be built from the answer"
        if claim.comparison is not None:
            comparison = claim.comparison
            winner = reader.read(comparison.winner)
            others = [reader.read(text) for text in comparison.others]
            readable = [winner, *others]
            if not others or any(frames is None or frames[0].kind != "verbal" for frames in readable):
                return [], f"the comparison in {claim.text!r} could not be read"
            relation = comparison.relation
            goal = comparison_formula(renderer, winner, [o for o in others if o is not None], relation)
            return [f"-({goal})" if claim.negated else goal], ""
        readings: list[str] = []
        template = read_template(claim.text)
        alignment = (
            best_alignment(
                template, premise_templates, self.embed, self.paraphrase_threshold, self.synonyms, self.antonyms
            )
            if template is not None
            else None
        )
        if template is not None and alignment is not None:
            goal, axiom = templates.claim(template, alignment)
            readings.append(goal)
            alignments.append(axiom)
            if alignment.replaced:
                paraphrases[axiom] = ", ".join(f"{mine!r} for {theirs!r}" for mine, theirs in alignment.replaced)
        frames = reader.read(claim.text)
        if frames is None and (referent := _referent(claim.text, referents)) is not None:
            frames = reader.read(claim.text, previous_subject=referent)
        if frames:
            readings.append(renderer.conjunction(frames))
        if (described := _described_referent(claim.text, referents)) is not None and (again := reader.read(described)):
            readings.append(renderer.conjunction(again))  # "The band …" as the chunks read their "The band …"
        logic = translator.translate(claim.text, claim=True)
        if logic is not None and not find_values(claim.text):
            readings.append(symbols.render(logic))
        if not readings:
            return [], f"{claim.text!r} could not be read into FOL (no subject and verb found, or words left over)"
        return [f"-({g})" if claim.negated else g for g in dict.fromkeys(readings)], ""

    def _premises(
        self,
        sentences: Sequence[Sentence],
        translator: EnglishTranslator,
        reader: FrameReader,
        renderer: FrameRenderer,
        symbols: SymbolTable,
        templates: TemplateRenderer,
        referents: dict[str, set[str]],
    ) -> tuple[list[_Premise], list[Template]]:
        """Every chunk sentence's readings — the logic reading, the event frames with their value closures,
        the template with its closures — and the templates read; ``referents`` gets, for each pronoun that
        opens a chunk sentence read about the sentence before's subject, those subjects."""
        out: list[_Premise] = []
        read: list[tuple[Template, Sentence]] = []
        subject: str | None = None
        kinds: set[str] = set()  # what the sentences before said ``subject`` is ("a … film": "film")
        origin = None
        for sentence in sentences:
            if sentence.origin != origin:
                subject, kinds, origin = None, set(), sentence.origin
            texts: list[str] = []
            logic = translator.translate(without_asides(sentence.text))
            if logic is not None:
                texts.append(symbols.render(logic))
            frames = reader.read_premise(sentence.text, previous_subject=subject)
            again, noun = _described_again(frames, sentence.text, subject, kinds)
            if again:  # read about the subject too; "the band" stays a reading of its own
                frames = [*frames, *again]
                referents.setdefault(noun, set()).add(str(subject))
            opener = _opening_pronoun(sentence.text)
            if opener and frames and subject is not None:
                referents.setdefault(opener, set()).add(subject)
            for frame in frames:
                texts.append(renderer.formula(frame, premise=True))
                texts += renderer.closure(frame)
                named = named_places(frame)  # "a park in the district of Istanbul, Turkey" places the park too
                sited = [f for n in (frame, *named) for f in sited_frames(n)]
                entailed = (*place_parts(frame), *named, *sited)
                texts += [renderer.formula(part, premise=True) for part in entailed]
            if frames and isinstance(frames[0].subject, str):
                if frames[0].subject != subject:
                    kinds = set()
                subject = frames[0].subject
                kinds |= {_kind_head(f.predicate) for f in frames if f.kind == "copula" and f.subject == subject}
            else:  # an unread sentence may have described another thing ("Curve were a band …"): "the band" is
                kinds = set()  # no longer known to be ``subject``
            template = read_template(sentence.text)
            if template is not None:
                texts.append(templates.premise(template))
                read.append((template, sentence))
            out += [_Premise(parse_formula(t, lenient=False), sentence.origin, sentence.text) for t in texts]
        for template, sentence in read:
            out += [
                _Premise(parse_formula(t, lenient=False), sentence.origin, sentence.text)
                for t in templates.closures([template])
            ]
        return out, [t for t, _ in read]

    # proving ------------------------------------------------------------------------------------
    def _consistent_decision(self, goal: Formula, premises: list[_Premise], set_aside: list[_Premise]) -> Decision:
        """``prover.decide`` on ``premises``; when they contradict each other (``INCONSISTENT``: a contradiction
        proves anything, so it proves nothing), the chunk readings of the contradiction (``Prover9.contradiction``)
        are set aside — removed from ``premises`` for this claim and the next, and added to ``set_aside`` — and the
        goal is decided again, up to ``MAX_SET_ASIDE`` times. Axioms are never set aside; a claim that needed a
        reading set aside is unknown."""
        quote = _QUOTE_GOAL.fullmatch(goal.source)
        if quote:  # opaque: only its own premise mentions it, so only that one can decide it
            own = [i for i, p in enumerate(premises) if p.formula.source == quote.group(1)]
            decision = self.prover.decide([premises[i].formula for i in own], goal)
            return replace(decision, used=tuple(own[i] for i in decision.used))
        for _ in range(MAX_SET_ASIDE):
            decision = self.prover.decide([p.formula for p in premises], goal)
            if decision.reason != INCONSISTENT:
                return decision
            core = self.prover.contradiction([p.formula for p in premises]) or ()
            drop = {i for i in core if premises[i].origin != AXIOM_ID}
            if not drop:
                return decision
            set_aside += [premises[i] for i in sorted(drop)]
            premises[:] = [p for i, p in enumerate(premises) if i not in drop]
        return self.prover.decide([p.formula for p in premises], goal)

    def _decide(
        self,
        claim: Claim,
        readings: list[str],
        why: str,
        premises: list[_Premise],
        known: set[str],
        set_aside: list[_Premise],
        paraphrases: Mapping[str, str],
    ) -> ClaimResult:
        built = f" (built from the question and the answer {claim.answer!r})" if claim.source != "answer" else ""
        if not readings:
            return ClaimResult(claim=claim.text or claim.answer, status="unknown", reason=why + built)
        background = ""
        for goal_text in readings:
            goal = parse_formula(goal_text, lenient=False)
            decision = self._consistent_decision(goal, premises, set_aside)
            used = [premises[i] for i in decision.used]
            if decision.status != "unknown" and all(p.origin == AXIOM_ID for p in used):
                # WordNet's or the values' axioms alone decide it ("Humans are mammals"): not the chunks
                background = f"; {decision.status} by background axioms alone (no chunk takes part)"
                decision = replace(decision, status="unknown", reason=background[2:], used=(), proof="")
                continue
            if decision.status != "unknown":
                break
        goal_text = goal_text if decision.status != "unknown" else " | ".join(readings)
        used = [premises[i] for i in decision.used]
        origins = tuple(dict.fromkeys(p.origin for p in used if p.origin != AXIOM_ID))
        reason = decision.reason
        if decision.status == "unknown" and background and background[2:] != reason:
            reason += background
        if decision.status == "proved" and _QUOTE_GOAL.fullmatch(goal_text):
            reason = f"quoted: {used[0].origin} states it word for word (punctuation aside)"
        read_as = [paraphrases[p.formula.source] for p in used if p.formula.source in paraphrases]
        if decision.status == "proved" and read_as:  # the weakest step of the proof, said out loud
            reason += f"; reading {'; '.join(read_as)} (paraphrase)"
        if decision.status == "refuted":
            against = next((p for p in used if p.origin != AXIOM_ID), None)
            if against is not None:
                reason = f"contradicted by {against.origin}: {against.text!r}"
        if decision.status == "unknown":
            bound = {v for group in _BOUND.findall(goal_text) for v in group.split()}
            missing = sorted(
                {w for w in _IDENTIFIER.findall(goal_text) if w not in known and w not in bound | {"all", "exists"}}
            )
            if missing:
                reason += f"; no premise mentions {', '.join(missing[:8])}"
        return ClaimResult(
            claim=claim.text,
            status=decision.status,
            formula=goal_text,
            premises=origins,
            reason=reason + built,
            proof=decision.proof,
            premise_formulas=tuple(p.formula.source for p in used),
        )


_THE_KIND = re.compile(r"^(?:The|This)\s+([a-z]+)\s")  # "The film stars …", "This band has …"


def _kind_head(predicate: str) -> str:
    """The head noun of what a copula says its subject is ("VALUE0 British supernatural horror film" → "film")."""
    words = predicate.split()
    return words[-1].lower() if words else ""


def _described_again(frames: list[Frame], text: str, subject: str | None, kinds: set[str]) -> tuple[list[Frame], str]:
    """``frames`` with "the N" read as ``subject``, and N, when the sentence opens with "The N" and the sentences
    before said ``subject`` is an N ("The Messenger is a 2015 British horror film. The film stars Robert Sheehan." →
    the Messenger stars Robert Sheehan): a definite description that names the kind of the thing just described
    refers back to it. Another kind ("The director was …"), no described subject, or no frame that names the N
    gives ``([], "")``."""
    found = _THE_KIND.match(text)
    if subject is None or not found or found.group(1) not in kinds:
        return [], ""
    noun = found.group(1)

    def again(arg: Arg) -> Arg:
        return subject if isinstance(arg, str) and arg.lower() == noun else arg

    read = [
        replace(f, subject=again(f.subject), roles=tuple((role, again(arg)) for role, arg in f.roles)) for f in frames
    ]
    return (read, noun) if read != frames else ([], "")


def _opening_pronoun(text: str) -> str | None:
    """The pronoun a sentence opens with ("He grew up …" → "he"), else ``None``."""
    words = text.split(maxsplit=1)
    first = words[0].casefold() if words else ""
    return first if first in PRONOUNS else None


def _referent(text: str, referents: dict[str, set[str]]) -> str | None:
    """The one subject the chunks read the claim's opening pronoun as, if there is exactly one."""
    opener = _opening_pronoun(text)
    found = referents.get(opener, set()) if opener else set()
    return next(iter(found)) if len(found) == 1 else None


def _described_referent(text: str, referents: dict[str, set[str]]) -> str | None:
    """``text`` about the one subject the chunks read its opening "The N" as ("The band is made up of …" → "Saint
    Motel is made up of …"), if there is exactly one; else ``None``."""
    found = _THE_KIND.match(text)
    subjects = referents.get(found.group(1), set()) if found else set()
    if not found or len(subjects) != 1:
        return None
    return f"{next(iter(subjects))} {text[found.end() :]}"
