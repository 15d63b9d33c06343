"""The offline method: claims → atoms + equivalence axioms → Prover9, with no LLM.

The paper's steps without a model ('一階述語論理を用いた RAG におけるハルシネーション判定手法の検討'):

1. *Split* chunks and answer into sentences (``verification.claims``); a bare yes/no states no claim.
2. *Translate* each sentence into its readings:
   - the *logic reading*, when the pattern grammar of ``verification.english`` applies ("All X are
     Y", "If … then …", "X is (not) a Y", "either … or" …): a formula over phrase predicates;
   - the *triple reading*: the loaders' rule-based extractor's subject–predicate–object triples
     whose predicate is a verb phrase (``predicate(subject, object)``; co-occurrence pairs
     (``related_to``) assert nothing and are skipped; a ``not_…`` predicate is negated). Only
     sentences without logical structure have one: the triples of a conditional, a negation or
     a generalisation are not facts;
   - the *naming reading*, used for an answer claim with no other reading (a bare name such as
     "Arthur's Magazine", or a list of names): ``Named(c)`` for each name it lists and for each of
     its content words. Premises name their extractor entities, their content words, and every
     answer name written in them (normalised words, contiguous); the question names its own.
3. *Group*: symbols are canonicalised by normalisation and clustered by embedding similarity into
   equivalence axioms (``verification.symbols``).
4. *Prove*: premises = every reading of every chunk sentence + the question's names + the axioms;
   each answer claim's goal is the disjunction of its readings (any reading proved proves the
   claim). Prover9 decides proved / refuted / unknown (``verification.prover``).
5. *Decide* (``verification.grounding.verdict_of``): grounded only if every claim is proved.

A claim is read as a list of names when it has no lower-case word (a title such as "I Will Always
Love You") or no other reading. The method is shallow by design; its output says it is the
offline method, and its failure kinds are in the evaluation report.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.embed import Embedder
from graphproof.loaders.extract.rule import RELATED_TO, RuleExtractor
from graphproof.verification.claims import Sentence, is_polarity_only, sentences_of, strip_polarity
from graphproof.verification.english import EnglishTranslator
from graphproof.verification.english_ir import Name, Node, Not, Pred, is_logical, names
from graphproof.verification.fol import Formula, parse_formula
from graphproof.verification.grounding import QUESTION_ID, ClaimResult, GroundingReport, Passage, verdict_of
from graphproof.verification.prover import Prover9
from graphproof.verification.symbols import SymbolTable, name_key
from numpy.typing import NDArray

OFFLINE_NOTE = (
    "offline method (no LLM): rule-based sentence translation and extractor triples, symbols canonicalised by "
    "normalisation and embedding clustering into equivalence axioms, decided by Prover9"
)
DEFAULT_CONSTANT_THRESHOLD = 0.85
DEFAULT_PREDICATE_THRESHOLD = 0.9
AXIOM_ID = "axiom"
_LIST_SPLIT = re.compile(r"\s*(?:,|;|&|\band\b)\s*", re.IGNORECASE)
_IDENTIFIER = re.compile(r"[^\W\d]\w*")
_SKIPPED_PREDICATES = frozenset((RELATED_TO, "mentions"))


@dataclass(frozen=True, slots=True)
class _Premise:
    formula: Formula
    origin: str


class _EmbeddingCache:
    """Embeddings by text, shared across checks (a right and a hallucinated answer share their context)."""

    def __init__(self, embedder: Embedder, size: int = 50_000) -> None:
        self.embedder = embedder
        self.size = size
        self._cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()

    def __call__(self, texts: Sequence[str]) -> NDArray[np.float32]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            for text, vector in zip(missing, self.embedder.embed(missing), strict=True):
                self._cache[text] = vector
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, 1), dtype=np.float32)


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
        extractor: RuleExtractor | None = None,
        analyzer: Analyzer | None = None,
    ) -> None:
        self.prover = prover or Prover9()
        self.embed = _EmbeddingCache(embedder)
        self.constant_threshold = constant_threshold
        self.predicate_threshold = predicate_threshold
        self.extractor = extractor or RuleExtractor(max_pairs=16)
        self.analyzer = analyzer or default_analyzer()

    def check(self, question: str, passages: Sequence[Passage], answer: str) -> GroundingReport:
        started = time.perf_counter()
        claims = [c for c in sentences_of(answer, "answer") if not is_polarity_only(c.text)]
        if not claims:
            return GroundingReport(
                self.name, "undecided", note=OFFLINE_NOTE + "; the answer states no claim of its own"
            )
        sentences = [s for p in passages for s in sentences_of(p.text, p.id)]
        translator = EnglishTranslator.for_texts([s.text for s in sentences] + [question, answer])
        symbols = SymbolTable(self.analyzer)
        goals = [self._goal(strip_polarity(c.text), translator, symbols) for c in claims]
        claim_names = {name_key(n): n for _, listed in goals for n in listed}
        premises = [p for s in sentences for p in self._premises(s, translator, symbols, claim_names)]
        premises += self._question(question, symbols, claim_names)
        axioms = symbols.equivalences(
            self.embed, constant_threshold=self.constant_threshold, predicate_threshold=self.predicate_threshold
        )
        axioms += symbols.subsumptions() + symbols.possibilities()
        premises += [_Premise(parse_formula(text, lenient=False), AXIOM_ID) for text, _ in axioms]
        known = {word for p in premises for word in _IDENTIFIER.findall(p.formula.source)}
        results = tuple(self._decide(c.text, goal, premises, known) for c, (goal, _) in zip(claims, goals, strict=True))
        return GroundingReport(
            self.name,
            verdict_of(results),
            results,
            note=OFFLINE_NOTE,
            seconds=time.perf_counter() - started,
            details={"axioms": [text for text, _ in axioms], "premise_formulas": len(premises)},
        )

    # readings -----------------------------------------------------------------------------------
    def _triples(self, text: str) -> tuple[list[Node], list[str]]:
        """The verb triples of ``text`` as binary atoms, and the names the extractor found."""
        extraction = self.extractor.extract_one(text)
        atoms: list[Node] = []
        for relation in extraction.relations:
            if relation.relation in _SKIPPED_PREDICATES:
                continue
            phrase = relation.relation.replace("_", " ")
            atom = Pred(phrase.removeprefix("not "), (Name(relation.head), Name(relation.tail)))
            atoms.append(Not(atom) if phrase.startswith("not ") else atom)
        return atoms, [e.name for e in extraction.entities]

    def _goal(self, text: str, translator: EnglishTranslator, symbols: SymbolTable) -> tuple[str, list[str]]:
        """The claim's goal formula (its readings, disjoined) and the names it lists (naming reading only)."""
        readings: list[str] = []
        if any(ch.isalpha() and ch.islower() for ch in text):
            logic = translator.translate(text)
            if logic is not None:
                readings.append(symbols.render(logic))
            triples, _ = self._triples(text) if logic is None or not is_logical(logic) else ([], [])
            if triples:
                readings.append("(" + " & ".join(symbols.render(t) for t in triples) + ")")
        if readings:
            return (readings[0] if len(readings) == 1 else "(" + " | ".join(readings) + ")"), []
        listed = [part.strip(" .!?\"'“”") for part in _LIST_SPLIT.split(text)]
        listed = [part for part in listed if part and any(ch.isalnum() for ch in part)]
        constants = [symbols.constant(part) for part in listed]
        constants += [symbols.constant(word, word=True) for word in self.analyzer.tokens(text)]
        return symbols.named(constants) or symbols.named([symbols.constant(text)]), listed

    def _premises(
        self, sentence: Sentence, translator: EnglishTranslator, symbols: SymbolTable, claim_names: dict[str, str]
    ) -> list[_Premise]:
        out: list[str] = []
        logic = translator.translate(sentence.text)
        named = set(names(logic)) if logic is not None else set()
        if logic is not None:
            out.append(symbols.render(logic))
        triples, entities = self._triples(sentence.text)
        if logic is None or not is_logical(logic):  # a conditional's or a negation's triples are not facts
            out += [symbols.render(t) for t in triples]
        named.update(entities)
        constants = [symbols.constant(n) for n in named]
        constants += [symbols.constant(w, word=True) for w in self.analyzer.tokens(sentence.text)]
        constants += [symbols.constant(text) for key, text in claim_names.items() if _contains(sentence.text, key)]
        if constants:
            out.append(symbols.named(constants))
        return [_Premise(parse_formula(text, lenient=False), sentence.origin) for text in out]

    def _question(self, question: str, symbols: SymbolTable, claim_names: dict[str, str]) -> list[_Premise]:
        if not question.strip():
            return []
        _, entities = self._triples(question)
        constants = [symbols.constant(e) for e in entities]
        constants += [symbols.constant(w, word=True) for w in self.analyzer.tokens(question)]
        constants += [symbols.constant(text) for key, text in claim_names.items() if _contains(question, key)]
        return [_Premise(parse_formula(symbols.named(constants), lenient=False), QUESTION_ID)] if constants else []

    # proving ------------------------------------------------------------------------------------
    def _decide(self, claim: str, goal_text: str, premises: list[_Premise], known: set[str]) -> ClaimResult:
        goal = parse_formula(goal_text, lenient=False)
        decision = self.prover.decide([p.formula for p in premises], goal)
        used = [premises[i] for i in decision.used]
        origins = tuple(dict.fromkeys(p.origin for p in used if p.origin != AXIOM_ID))
        reason = decision.reason
        if decision.status == "unknown":
            missing = sorted(
                {w for w in _IDENTIFIER.findall(goal_text) if w not in known and w not in ("all", "exists")}
            )
            if missing:
                reason += f"; no premise mentions {', '.join(missing[:8])}"
        return ClaimResult(
            claim=claim,
            status=decision.status,
            formula=goal_text,
            premises=origins,
            reason=reason,
            proof=decision.proof,
            premise_formulas=tuple(p.formula.source for p in used),
        )


def _contains(text: str, key: str) -> bool:
    """Whether the normalised words ``key`` occur contiguously in ``text``'s normalised words."""
    if not key:
        return False
    return f" {key} " in f" {name_key(text)} "
