"""MiniRAG-style path weighting: scored edges near the question's entities become weighted paths,
and the paths decide which chunks to read.

Given edge scores (BM25 over edge text, embedding similarity, or chunk BM25 — the retrieval
method decides) and linked seed entities:

1. every scored edge is a path of its own, weighted by its score;
2. a scored edge that touches a seed, or is one hop from one, lies on a path from that seed; that
   path's weight is the sum of the scores of its scored edges times ``1 + seed_boost · s`` where s
   is the seed's linking score normalised to (0, 1], divided by the path length: edges the question's
   own entities reach are worth more, and shorter reasoning chains more than longer ones;
3. a chunk's score is the largest weight among the paths whose edges cite it, plus ``support`` times
   the sum of the others (a chunk several good paths agree on ranks above one cited by a single path).

An edge that only records co-occurrence (``related_to``) with a one-word concept — a lone lower-case
noun such as "name" or "license", too general to be what a fact is about — scores ``cooccurrence``
times its edge score, so a stated relation ("git → was_given_by → Linus Torvalds") outranks "git →
related_to → name" of the same score, while co-occurring names and specific keyphrases ("Wren-3
sensor pod from Aoba Robotics") keep their full score. A two-edge path never bridges documents
through a concept: when the middle entity is a concept and the two edges cite no document in
common, the path is not made (Zstandard's licence is not PyYAML's "MIT" because both READMEs
mention a licence).

Order. The paths are listed heaviest first, except that every path with a stated edge comes before the paths
whose edges are all co-occurrence (``stated_first``): the latter say nothing of how their ends are related.
Measured (issue 10, session 18, the displayed top path on the read real-document sets): holdout3 0.20 → 0.27,
holdout4 0.47 → 0.60, the paraphrased sets +0.05 to +0.07, no set lower.

Fit to the question. Every edge of one sentence carries that sentence as its description, so edge
BM25 cannot tell "tmux → is_a → terminal multiplexer" from "using tmux → see → tmux": both hold the
sentence's words. What tells them apart is the edge's *own* words — its predicate and its two ends —
read against the question's shape (``question_shape``): its content keys (lemmas, Porter-stemmed:
"wrote", "written" and "author" are all *write*, "designer" is *design*), the terms that name things,
and the kind of answer it asks for (``wants``: "who" a person-like name, "how many/much/long" and
"when" a quantity or date, "what is X" X's own ``is_a`` edge, "which option" an option, "which file" a
file name, "which license" a licence name; a yes/no question wants nothing more than a link).
``edge_fit`` reads three parts of a *stated* edge (not ``related_to``, not a chat speaker's
``mentions``: they state nothing), each 0 or 1:

- *verb*: its predicate shares a content key with the question;
- *answer*: one end is named by the question (or is a seed), the other is not and has the wanted kind;
- *link*: both ends are named by the question, each by a term the other lacks ("Project Heron →
  operates → Heron Mk II" for "… Heron Mk II drones used by Project Heron?"; "using tmux" and "tmux"
  are one thing, not a link).

An edge's fitted score is ``score · edge_factor · (1 + verb_boost · verb + answer_boost · answer +
link_boost · link)``, and paths are weighted from fitted scores as above. So in full, for a path P from
seed s over edges r_1..r_n (n = 1 or 2):

    w(P) = (Σ_i score(r_i) · edge_factor(r_i) · fit(r_i)) · (1 + seed_boost · s) / n

except that a two-edge path whose edges cite no document in common uses the unfitted scores: the fit
is read where a fact is stated, so one fitted edge does not lift every path that leaves its sentence
through a hub (a chat speaker, a person in many conversations). Without a question every fit is 1 and
the weights are the plain MiniRAG ones. Measured (issue 10): top path states the fact on
realdocs_set.json 0.05 → 0.20 (the store holds a stating path for only 6 of its 20 questions) and on
realdocs_holdout.json 0.13 → 0.20; LiHua-World Jan-Jun 2-fold hybrid-rrf 0.936/0.823 → 0.936/0.829
(Recall@10/nDCG@10), edge-bm25 0.923/0.806 → 0.923/0.811.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.model import (
    CONCEPT,
    IS_A,
    RELATED_TO,
    REQUIRES,
    Entity,
    Hit,
    Path,
    Relation,
    document_of_chunk,
)
from graphproof.graph.store import GraphStore
from graphproof.text.lexicon import ENGLISH_STOP_WORDS, LIGHT_VERBS, NUMBER_WORDS


@dataclass(frozen=True)
class WeightedPath:
    path: Path
    weight: float

    def format(self) -> str:
        return self.path.format()


@dataclass(frozen=True)
class PathWeighting:
    seed_boost: float = 1.0
    support: float = 0.1
    per_node: int = 50
    max_paths: int = 50
    cooccurrence: float = 0.5
    verb_boost: float = 0.5
    answer_boost: float = 0.5
    link_boost: float = 0.5


def _documents(relation: Relation) -> set[str]:
    return {document_of_chunk(c) for c in relation.chunk_ids}


def _lower_case(name: str) -> bool:
    return name == name.casefold() and any(c.isalpha() for c in name)


def is_concept(entity: Entity) -> bool:
    """A lower-case keyphrase ("license", "maintenance work"), as opposed to a name."""
    return entity.type == CONCEPT or _lower_case(entity.name)


def one_place(first: Relation, second: Relation) -> bool:
    """Whether two edges cite a document in common (or one of them cites none: a triple imported as is)."""
    a, b = _documents(first), _documents(second)
    return not (a and b) or bool(a & b)


def bridges_documents(first: Relation, middle: Entity, second: Relation) -> bool:
    """True when ``first`` and ``second`` meet only at a concept and cite no document in common."""
    return is_concept(middle) and not (_documents(first) & _documents(second))


def edge_factor(relation: Relation, config: PathWeighting) -> float:
    """``config.cooccurrence`` for a ``related_to`` edge with a one-word concept at either end, else 1."""
    if relation.predicate != RELATED_TO:
        return 1.0
    ends = (relation.source_name or relation.source_id, relation.target_name or relation.target_id)
    return config.cooccurrence if any(_lower_case(name) and len(name.split()) == 1 for name in ends) else 1.0


# ---------------------------------------------------------------- the question's shape

PERSON_LIKE, QUANTITY_LIKE, KIND, OPTION, FILE, LICENSE, YES_NO = (
    "person", "quantity", "kind", "option", "file", "license", "yes/no",
)  # fmt: skip
# Entity types the extractor gives people and values (``loaders.extract.patterns``; reasoning does not import it).
_PERSON_TYPE, _VALUE_TYPES = "person", frozenset(("quantity", "date", "time"))
# "how many", "how long", "how deep" …: a question that asks for a quantity (a regex alternative, lower case)
HOW_MUCH = r"how\s+(?:many|much|long|old|often|big|large|fast|deep|high|far|wide|tall|heavy|small|soon)"
# Nouns after "which" / "what" that ask for a person ("Which developer …") or a number ("What version …"), as "who"
# and "how many" do (``reasoning.answer.asked_kind`` reads the same lists); regex alternatives, lower case
PERSON_NOUNS = "person|people|individual|author|developer|programmer|maintainer|engineer|inventor|creator|man|woman"
NUMBER_NOUNS = "year|version|number|rfc|port|size|date|release|time|day"
# Up to two words between "which" / "what" and the noun that says what is asked ("Which Debian version …", "What
# minimum kernel version …", "Which GNOME developer …"), none of them a verb of the question ("What is the version …"
# asks about a version, and "Which file does version 2 read?" for a file)
NOUN_MODIFIERS = (
    r"(?:(?!(?:is|are|was|were|be|do|does|did|can|could|should|would|will|must|has|have|had|of|the|a|an)\b)"
    r"[\w+-]+\s+){0,2}"
)
# What a question asks for, from its opening words (first match wins; the question lower-cased).
_WANTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), wants)
    for pattern, wants in (
        (r"\b(?:which|what)\s+(?:\S+\s+)?licen[cs]e", LICENSE),
        (r"\bunder\s+(?:which|what)\b.*\blicen[cs]e", LICENSE),
        (r"^\s*(?:which|what)\s+(?:\S+\s+)?(?:option|flag|switch)s?\b", OPTION),
        (r"^\s*(?:which|what)\s+(?:\S+\s+)?(?:file|filename)s?\b", FILE),
        (r"^\s*who(?:m|se)?\b", PERSON_LIKE),
        (rf"^\s*(?:which|what)\s+{NOUN_MODIFIERS}(?:{PERSON_NOUNS})s?\b", PERSON_LIKE),
        (rf"^\s*(?:{HOW_MUCH}|when)\b", QUANTITY_LIKE),
        (rf"^\s*(?:which|what)\s+{NOUN_MODIFIERS}(?:{NUMBER_NOUNS})s?\b", QUANTITY_LIKE),
        (r"^\s*what\s+(?:kind|sort|type)\s+of\s+[^\s?]+\s+(?:is|are|was|were)\s+[^\s?]+(?:\s+[^\s?]+)?\s*\?*$", KIND),
        (r"^\s*what(?:'s|\s+is|\s+are|\s+was)\s+(?:an?\s+|the\s+)?[^\s?]+(?:\s+[^\s?]+)?\s*\?*\s*$", KIND),
        (r"^\s*(?:is|are|was|were|does|do|did|can|could|has|have|had|will|would|should)\b", YES_NO),
    )
)
# Nouns that name the doer of a verb Porter does not reduce to it ("author" asks who *wrote* it).
AGENT_NOUNS: Mapping[str, str] = {
    "author": "write", "writer": "write", "creator": "create", "inventor": "invent", "founder": "found",
    "maintainer": "maintain", "designer": "design", "developer": "develop", "publisher": "publish",
}  # fmt: skip
# Words too light to say what a relation is ("is", "has", "do"): never a verb match on their own.
_LIGHT = frozenset(LIGHT_VERBS) | {"be", "have", "do", "get", "make", "let", "like", "keep"}
_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
LICENSE_NAME = re.compile(  # a licence's name (``fits_answer``; ``reasoning.answer.holds_kind``)
    r"\b(?:MIT|BSD|[AL]?GPL(?:v?\d(?:\.\d)?)?\+?|Apache|ISC|MPL|Mozilla Public|Artistic|CC0|CC-BY\S*|Unlicense|"
    r"WTFPL|Boost Software|Eclipse Public|EUPL|PSF|Zlib|libpng)\b|\b(?:public domain|general public licen[cs]e|"
    r"creative commons)\b",
    re.IGNORECASE,
)
_PERSON_PART = re.compile(r"^(?:[A-Z][a-z'’\-]+|[A-Z]\.|[A-Z][a-z]*[A-Z][a-z]+)$")
_FILE_NAME = re.compile(r"^[\w.~/-]*[\w-]\.[A-Za-z0-9]{1,8}$|/")
_OPTION_NAME = re.compile(r"^-{1,2}\w|^[a-z0-9]+(?:-[a-z0-9]+)+(?:=\S*)?$")
_NUMBER = re.compile(r"\d|\b(?:" + "|".join(re.escape(w) for w in NUMBER_WORDS) + r")\b", re.IGNORECASE)


@lru_cache(maxsize=100_000)
def word_key(word: str) -> str:
    """A word's comparison key: its lemma (``simplemma``; agent nouns as their verb), Porter-stemmed.

    "wrote", "written", "writes" and "author" share the key of *write*; "designed" and "designer" that of
    *design*; "licensed" and "license" that of *license*.
    """
    import simplemma

    lemma = str(simplemma.lemmatize(word, lang="en")).casefold()
    lemma = AGENT_NOUNS.get(lemma, lemma)
    stems = default_analyzer().tokens(lemma)
    return stems[0] if len(stems) == 1 else lemma


def words(text: str) -> list[str]:
    """The words of ``text`` as written: letter/digit runs, joined across inner hyphens and apostrophes."""
    return _WORD.findall(text)


def content_keys(text: str) -> frozenset[str]:
    """The keys (``word_key``) of the words of ``text`` that say something: stop words and light verbs out."""
    found = [w.casefold() for w in words(text.replace("_", " "))]
    keys = {word_key(w) for w in found if w not in ENGLISH_STOP_WORDS and w not in _LIGHT}
    return frozenset(k for k in keys if k not in _LIGHT)


@dataclass(frozen=True)
class QuestionShape:
    """What path weighting reads in a question: its analysed terms (to tell which entities it names), its
    content keys (to match predicates) and the kind of answer it asks for (``wants``, or None)."""

    text: str
    terms: frozenset[str]
    keys: frozenset[str]
    wants: str | None = None


# a question about what something needs, however worded, asks for a ``requires`` edge: "Which program has to be
# installed before yq can be used?", "What does Quux depend on?", "Which libraries are needed to build X?"
_ASKS_REQUIREMENT = re.compile(
    r"\b(?:needs?|needed|requires?|required|depends?\s+on|prerequisites?|(?:has|have|must|need)\s+(?:to\s+)?be\s+"
    r"installed)\b"
)


def question_shape(question: str, analyzer: Analyzer | None = None) -> QuestionShape:
    """The shape of ``question``: terms, content keys, and what it asks for (see ``_WANTS``). A question about what
    something needs (``_ASKS_REQUIREMENT``) has the key of ``requires`` too, whatever its own verb."""
    analyzer = analyzer or default_analyzer()
    lowered = " ".join(question.casefold().split())
    wants = next((kind for pattern, kind in _WANTS if pattern.search(lowered)), None)
    keys = content_keys(question)
    if _ASKS_REQUIREMENT.search(lowered):
        keys |= {word_key(REQUIRES)}
    return QuestionShape(question, frozenset(analyzer.tokens(question)), keys, wants)


def question_terms_in(name: str, shape: QuestionShape, analyzer: Analyzer | None = None) -> frozenset[str]:
    """The question's terms that name ``name`` when at least half of the name's terms are question terms,
    else none ("using tmux" → {tmux} for "What is tmux?"; "tmux depends on libevent" → {})."""
    terms = set((analyzer or default_analyzer()).tokens(name))
    shared = frozenset(terms & shape.terms)
    return shared if terms and len(shared) * 2 >= len(terms) else frozenset()


def names_in_question(name: str, shape: QuestionShape, analyzer: Analyzer | None = None) -> bool:
    """Whether the question names ``name``: at least half of the name's terms are question terms."""
    return bool(question_terms_in(name, shape, analyzer))


def fits_answer(entity: Entity, wants: str | None) -> bool:
    """Whether ``entity`` has the kind of name an answer of kind ``wants`` has (``KIND``, ``YES_NO``: never)."""
    name = entity.name.strip()
    if wants == PERSON_LIKE:
        parts = name.split()
        return entity.type == _PERSON_TYPE or (2 <= len(parts) <= 4 and all(_PERSON_PART.match(p) for p in parts))
    if wants == QUANTITY_LIKE:
        return entity.type in _VALUE_TYPES or _NUMBER.search(name) is not None
    if wants == OPTION:
        return _OPTION_NAME.search(name) is not None
    if wants == FILE:
        return _FILE_NAME.search(name) is not None
    if wants == LICENSE:
        return LICENSE_NAME.search(name) is not None
    return False


# Predicates that state nothing about their ends: co-occurrence, and a chat speaker's ``mentions`` edge
# (``loaders.extract.rule.MENTIONS``: the speaker wrote the name, whatever the message said about it).
UNSTATED = frozenset((RELATED_TO, "mentions"))


def is_stated(relation: Relation) -> bool:
    """Whether ``relation`` states something of its ends (its predicate is not in ``UNSTATED``)."""
    return relation.predicate not in UNSTATED


@dataclass(frozen=True)
class Fit:
    """An edge's fit to the question (``edge_fit``): its *verb*, *answer* and *link* parts."""

    verb: bool = False
    answer: bool = False
    link: bool = False

    def factor(self, config: PathWeighting) -> float:
        """``1 + verb_boost · verb + answer_boost · answer + link_boost · link``."""
        return 1 + config.verb_boost * self.verb + config.answer_boost * self.answer + config.link_boost * self.link


def edge_ends(relation: Relation, entities: Mapping[str, Entity] | None = None) -> tuple[Entity, Entity]:
    """``relation``'s source and target: the stored entities where ``entities`` holds them (with their type),
    else built from the names the edge carries (no type)."""
    known = entities or {}
    return (
        known.get(relation.source_id) or Entity(relation.source_id, relation.source_name or relation.source_id),
        known.get(relation.target_id) or Entity(relation.target_id, relation.target_name or relation.target_id),
    )


def edge_fit(
    relation: Relation,
    shape: QuestionShape | None,
    seeds: frozenset[str] = frozenset(),
    entities: Mapping[str, Entity] | None = None,
) -> Fit:
    """How well an edge's own words fit the question (see the module docstring); nothing for an edge that
    states nothing (``UNSTATED``) or without a question.

    *verb*: its predicate shares a content key with the question. *answer*: one end is named by the
    question (or is a seed in ``seeds``) and the other is not but has the wanted kind; for "what is X",
    X's own ``is_a`` edge. *link*: both ends are entities the question names, each by a term the other's
    name lacks. An end's kind is read from its type where ``entities`` (id -> stored entity) holds it.
    """
    if shape is None or not is_stated(relation):
        return Fit()
    verb = bool(content_keys(relation.predicate) & shape.keys)
    ends = edge_ends(relation, entities)
    terms = [question_terms_in(e.name, shape) for e in ends]
    named = [e.id in seeds or bool(t) for e, t in zip(ends, terms, strict=True)]
    # two things the question names, each by a word the other lacks ("using tmux" and "tmux" are one thing)
    link = all(terms) and not (terms[0] <= terms[1] or terms[1] <= terms[0])
    if shape.wants == KIND:
        answer = named[0] and not named[1] and relation.predicate == IS_A
    else:
        answer = any(named[i] and not named[1 - i] and fits_answer(ends[1 - i], shape.wants) for i in (0, 1))
    return Fit(verb, answer, link)


def _oriented(relation: Relation, start: str, entities: Mapping[str, Entity]) -> tuple[Entity, Entity]:
    other = relation.target_id if relation.source_id == start else relation.source_id
    return entities[start], entities[other]


def weight_paths(
    store: GraphStore,
    seeds: Sequence[Hit[Entity]],
    edges: Sequence[Hit[Relation]],
    config: PathWeighting | None = None,
    question: QuestionShape | None = None,
) -> list[WeightedPath]:
    """Weighted paths, best first: each scored edge alone, and seed paths through scored edges; each edge's
    score is weighted by its fit to ``question`` when one is given (``edge_fit``)."""
    config = config or PathWeighting()
    seed_ids = frozenset(s.item.id for s in seeds)
    ends = sorted({i for h in edges for i in (h.item.source_id, h.item.target_id)})
    entities: dict[str, Entity] = {e.id: e for e in store.entities(ends)} if ends else {}
    for hit in edges:  # an end the store does not hold keeps the name its edge carries
        source, target = edge_ends(hit.item, entities)
        entities.setdefault(source.id, source)
        entities.setdefault(target.id, target)
    raw = {h.item.id: h.score * edge_factor(h.item, config) for h in edges}
    scores = {
        h.item.id: raw[h.item.id] * edge_fit(h.item, question, seed_ids, entities).factor(config) for h in edges
    }
    out: list[WeightedPath] = [
        WeightedPath(Path((entities[h.item.source_id], entities[h.item.target_id]), (h.item,)), scores[h.item.id])
        for h in edges
    ]
    if not seeds or not edges:
        return stated_first(_distinct(sorted(out, key=lambda p: -p.weight))[: config.max_paths])
    top = max(s.score for s in seeds)
    boost = {s.item.id: 1 + config.seed_boost * s.score / top for s in seeds}
    for seed in seeds:
        entities.setdefault(seed.item.id, seed.item)
    touching = {e: [h.item for h in edges if e in (h.item.source_id, h.item.target_id)] for e in entities}
    for seed in seeds:
        sid = seed.item.id
        for relation in touching.get(sid, []):
            start, end = _oriented(relation, sid, entities)
            out.append(WeightedPath(Path((start, end), (relation,)), scores[relation.id] * boost[sid]))
        for _, first, middle in store.neighbors([sid], per_node=config.per_node):
            entities.setdefault(middle.id, middle)
            for relation in touching.get(middle.id, []):
                if relation.id == first.id or sid in (relation.source_id, relation.target_id):
                    continue
                if bridges_documents(first, middle, relation):
                    continue
                _, end = _oriented(relation, middle.id, entities)
                fit = scores if one_place(first, relation) else raw  # fit is read where a fact is stated
                weight = (fit.get(first.id, 0.0) + fit[relation.id]) * boost[sid] / 2
                out.append(WeightedPath(Path((entities[sid], middle, end), (first, relation)), weight))
    out.sort(key=by_weight)
    return stated_first(_distinct(out)[: config.max_paths])


def by_weight(weighted: WeightedPath) -> tuple[float, tuple[str, ...]]:
    """The sort key of the weighted order: heaviest first, ties by the path's entity ids."""
    return -weighted.weight, weighted.path.entity_ids


def stated_first(paths: list[WeightedPath]) -> list[WeightedPath]:
    """``paths`` with every path that has a stated edge before those whose edges are all co-occurrence
    (``UNSTATED``), each group in its order: a path of ``related_to`` edges says nothing of how its ends are related,
    so it is never listed as the reason above one that says something, whatever its weight. The set of paths and
    their weights, and so the chunk scores, are unchanged."""
    return sorted(paths, key=lambda p: not any(is_stated(r) for r in p.path.relations))


def _distinct(paths: list[WeightedPath]) -> list[WeightedPath]:
    """The first (heaviest) of the paths over the same edges, whichever end they were walked from."""
    seen: set[frozenset[str]] = set()
    out = []
    for weighted in paths:
        key = frozenset(r.id for r in weighted.path.relations)
        if key not in seen:
            seen.add(key)
            out.append(weighted)
    return out


def chunk_scores(paths: Sequence[WeightedPath], support: float = 0.1) -> dict[str, float]:
    """Chunk id -> the best weight of a path citing it plus ``support`` x the other paths' weights."""
    weights: dict[str, list[float]] = {}
    for weighted in paths:
        cited = {c for r in weighted.path.relations for c in r.chunk_ids}
        for chunk_id in cited:
            weights.setdefault(chunk_id, []).append(weighted.weight)
    return {c: max(w) + support * (sum(w) - max(w)) for c, w in weights.items()}
