"""Outside text → enrichment triples: fixed-length pieces, ranked by similarity to the question, checked.

The seed paper's enrichment step, without the store writes (``graphproof.enrichment`` does those):

1. ``fixed_pieces`` cuts a page's text into pieces of ``size`` words with ``overlap`` words shared
   between neighbours (fixed-length chunks, as the paper), keeping the page's line breaks between words
   so that a heading does not run into the sentence after it;
2. ``rank_pieces`` scores each piece by cosine similarity to the question (unit vectors from the
   packaged all-MiniLM-L6-v2; numpy, no FAISS: a few hundred pieces a question) and keeps the ``keep``
   best at or above ``min_score`` — low-ranked pieces are dropped;
3. the pieces go through an extractor (the rule extractor offline, the few-shot LLM extractor when a
   chat model is set: ``loaders.extract``);
4. ``enrichment_records`` turns the triples into ``Entity`` and ``Relation`` records with
   ``origin="enrichment"``, the page's ``source_url``, ``confidence`` = the piece's similarity score,
   ``created_at``, resolving names to entities the graph already has (``resolve``). A triple with an
   empty part, a control character, an absurd length, one end equal to the other, or that only records
   co-occurrence with a concept (``related_to`` to "wide audience") is rejected with its reason
   (``Rejected``), never written and never silently dropped.

Page text is untrusted: it is only ever data here (split, embedded, passed to an extractor whose
prompt delimits it); nothing in it is executed or interpolated into a query.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
from graphproof.graph.model import CONCEPT, RELATED_TO, Entity, Relation, normalize_id
from graphproof.loaders.errors import LoaderError
from graphproof.loaders.relation_types import (
    Aligner,
    Alignment,
    Candidate,
    Evidence,
    Role,
    TypeProfile,
    build_profile,
    choose,
    roles_of,
)
from graphproof.loaders.resolve import clean_name, clean_predicate
from graphproof.loaders.types import ExtractedRelation, Extraction
from numpy.typing import NDArray

if TYPE_CHECKING:
    from graphproof.graph.store import GraphStore

MAX_NAME_CHARS = 200
MAX_RELATION_CHARS = 80
MAX_DESCRIPTION_CHARS = 1000
_WORD = re.compile(r"\S+")
EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]
ResolveFn = Callable[[str], "str | None"]


@dataclass(frozen=True)
class Piece:
    """A fixed-length piece of one page: where it came from, its position, its text and its score."""

    url: str
    index: int
    text: str
    score: float = 0.0
    title: str = ""


@dataclass(frozen=True)
class Rejected:
    """A triple that was not written, with the page it came from and why. ``invalid`` marks a triple that
    failed a check (control characters, lengths, empty parts, a failed extraction) — those go into the run
    record; the others were only left out by a selection rule (no end at the question's entity, co-occurrence
    with a concept)."""

    url: str
    triple: str
    reason: str
    invalid: bool = True


@dataclass
class EnrichmentRecords:
    """What one set of pieces yields: new or resolved entities, relations, and the rejected triples."""

    entities: list[Entity] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)

    def touching(self, entity_ids: set[str]) -> EnrichmentRecords:
        """Only the relations with an end in ``entity_ids`` (and their entities); the others become rejected."""
        kept: list[Relation] = []
        left: list[Relation] = []
        for r in self.relations:
            (kept if r.source_id in entity_ids or r.target_id in entity_ids else left).append(r)
        ends = {e for r in kept for e in (r.source_id, r.target_id)}
        rejected = self.rejected + [
            Rejected(r.source_url or "", f"{r.source_name!r} -[{r.predicate}]-> {r.target_name!r}",
                     "neither end is an entity the question names", invalid=False)
            for r in left
        ]  # fmt: skip
        return EnrichmentRecords([e for e in self.entities if e.id in ends], kept, rejected)


def fixed_pieces(text: str, url: str, size: int = 120, overlap: int = 20, title: str = "") -> list[Piece]:
    """``text`` cut into pieces of ``size`` words, neighbours sharing ``overlap`` words (module docstring);
    each piece keeps its page's ``title``. Between two words a piece keeps one line break where the text has
    any (a heading stays a line of its own, not the start of the next sentence), else one space."""
    if size < 1 or not 0 <= overlap < size:
        raise LoaderError(f"piece size must be >= 1 and 0 <= overlap < size, got size={size}, overlap={overlap}")
    spans = [m.span() for m in _WORD.finditer(text)]
    if not spans:
        return []
    words = [text[a:b] for a, b in spans]
    separators = ["\n" if "\n" in text[a[1] : b[0]] else " " for a, b in pairwise(spans)]
    step = size - overlap
    pieces = []
    for index, start in enumerate(range(0, max(len(words) - overlap, 1), step)):
        end = min(start + size, len(words))
        chunk = "".join([words[start], *(separators[i - 1] + words[i] for i in range(start + 1, end))])
        pieces.append(Piece(url, index, chunk, title=title))
    return pieces


def rank_pieces(
    question: str, pieces: Sequence[Piece], embed: EmbedFn, keep: int = 8, min_score: float = 0.2
) -> list[Piece]:
    """The ``keep`` pieces most similar to ``question`` with a score ≥ ``min_score``, best first (ties by order)."""
    if not pieces:
        return []
    vectors = embed([question, *(p.text for p in pieces)])
    scores = vectors[1:] @ vectors[0]
    ranked = sorted(range(len(pieces)), key=lambda i: (-float(scores[i]), i))
    out = [replace(pieces[i], score=round(float(scores[i]), 6)) for i in ranked if float(scores[i]) >= min_score]
    return out[:keep]


def _control(head: str, relation: str, tail: str) -> str | None:
    """A control or format character anywhere in the raw triple (before cleaning could hide it)."""
    for part, value in (("head", head), ("relation", relation), ("tail", tail)):
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in value):
            return f"control character in the {part}"
    return None


def _problem(head: str, relation: str, tail: str) -> str | None:
    for part, value, limit in (("head", head, MAX_NAME_CHARS), ("relation", relation, MAX_RELATION_CHARS),
                               ("tail", tail, MAX_NAME_CHARS)):  # fmt: skip
        if not value.strip():
            return f"empty {part}"
        if len(value) > limit:
            return f"{part} longer than {limit} characters ({len(value)})"
    if normalize_id(head) == normalize_id(tail):
        return "head and tail are the same entity"
    return None


def _cooccurring_concept(predicate: str, triple: ExtractedRelation) -> str | None:
    """Co-occurrence (``related_to``) with a concept ("wide audience", "cast") states no fact worth writing."""
    if predicate == RELATED_TO and CONCEPT in (triple.head_type.casefold(), triple.tail_type.casefold()):
        return "co-occurrence with a concept states no fact"
    return None


def enrichment_records(
    pieces: Sequence[Piece],
    extractions: Sequence[Extraction],
    created_at: str,
    resolve: ResolveFn | None = None,
) -> EnrichmentRecords:
    """Entities and relations of the pieces' triples (module docstring, step 4); ``extractions[i]`` is piece i's."""
    if len(pieces) != len(extractions):
        raise LoaderError(f"got {len(extractions)} extractions for {len(pieces)} pieces")
    out = EnrichmentRecords()
    entities: dict[str, Entity] = {}
    relations: dict[str, Relation] = {}

    def entity_id(name: str, type_: str) -> str:
        known = resolve(name) if resolve is not None else None
        if known is not None:
            return known
        found = Entity.named(name, type_)
        entities.setdefault(found.id, found)
        return found.id

    for piece, extraction in zip(pieces, extractions, strict=True):
        if extraction.error is not None:
            out.rejected.append(Rejected(piece.url, f"piece {piece.index}", f"extraction failed: {extraction.error}"))
            continue
        for triple in extraction.relations:
            head, tail = clean_name(triple.head), clean_name(triple.tail)
            predicate = clean_predicate(triple.relation)
            shown = f"{triple.head!r} -[{triple.relation}]-> {triple.tail!r}"
            problem = _control(triple.head, triple.relation, triple.tail) or _problem(head, predicate, tail)
            if problem is not None:
                out.rejected.append(Rejected(piece.url, shown[:300], problem))
                continue
            vague = _cooccurring_concept(predicate, triple)
            if vague is not None:
                out.rejected.append(Rejected(piece.url, shown[:300], vague, invalid=False))
                continue
            source, target = entity_id(head, triple.head_type), entity_id(tail, triple.tail_type)
            relation = Relation(
                source, target, predicate, head, tail,
                keywords=triple.keywords[:MAX_DESCRIPTION_CHARS],
                description=(triple.description or piece.text)[:MAX_DESCRIPTION_CHARS],
                origin="enrichment", source_url=piece.url, confidence=max(0.0, min(1.0, piece.score)),
                created_at=created_at,
            )  # fmt: skip
            best = relations.get(relation.id)
            if best is None or (relation.confidence or 0.0) > (best.confidence or 0.0):
                relations[relation.id] = relation
    out.entities = list(entities.values())
    out.relations = list(relations.values())
    return out


# predicate alignment (step 5) ---------------------------------------------------------------------
PROFILE_HUBS = 50
PROFILE_PER_NODE = 40
PROFILE_ROUNDS = 3
PROFILE_FRONTIER = 1500
ROLES_PER_NODE = 200


def sample_type_profile(
    store: GraphStore,
    *,
    hubs: int = PROFILE_HUBS,
    per_node: int = PROFILE_PER_NODE,
    rounds: int = PROFILE_ROUNDS,
    frontier: int = PROFILE_FRONTIER,
    min_count: int = 3,
) -> TypeProfile:
    """The store's relation-type profile (``relation_types.build_profile``) from a sample of its edges.

    Starting at the ``hubs`` entities with most edges, ``rounds`` times: read up to ``per_node`` edges of
    each entity of the frontier (``GraphStore.neighbors``), which gives those entities' roles; the next
    frontier is the first ``frontier`` entities not read yet (by id). Only existing store reads are used.
    """
    if min(hubs, per_node, rounds, frontier) < 1:
        raise LoaderError(f"profile sampling needs positive sizes, got hubs={hubs}, per_node={per_node}, "
                          f"rounds={rounds}, frontier={frontier}")  # fmt: skip
    current = store.top_entities(hubs)
    entities: dict[str, Entity] = {e.id: e for e in store.entities(current)}
    relations: dict[str, Relation] = {}
    seen: list[tuple[str, Relation]] = []
    read: set[str] = set()
    for _ in range(rounds):
        if not current:
            break
        read.update(current)
        rows = store.neighbors(current, per_node=per_node)
        for from_id, relation, other in rows:
            entities.setdefault(other.id, other)
            relations.setdefault(relation.id, relation)
            seen.append((from_id, relation))
        current = sorted({other.id for _, _, other in rows} - read)[:frontier]
    roles = roles_of(seen)
    return build_profile(relations.values(), entities, {k: v for k, v in roles.items() if k in read},
                         min_count=min_count)  # fmt: skip


def entity_roles(store: GraphStore, ids: Sequence[str], per_node: int = ROLES_PER_NODE) -> dict[str, frozenset[Role]]:
    """The roles (``(predicate, side)``) that the stored entities ``ids`` play in non-enrichment edges; an id
    with none is absent."""
    if not ids:
        return {}
    return roles_of((from_id, relation) for from_id, relation, _ in store.neighbors(sorted(set(ids)), per_node))


@dataclass(frozen=True)
class AlignedTriple:
    """One relation as extracted, what the aligner said (None: it stays free text) and every candidate scored."""

    extracted: Relation
    alignment: Alignment | None
    candidates: tuple[Candidate, ...] = ()


def triple_evidence(
    relation: Relation, types: Mapping[str, str], roles: Mapping[str, frozenset[Role]], question: str = ""
) -> Evidence:
    """The aligner's evidence for an extracted ``relation``: its names, predicate, the ends' entity types
    (``types``, by id), its description as the sentence, the ends' roles (absent: None) and the question it
    was found for (without the names it links)."""
    return Evidence(
        relation.source_name or relation.source_id, relation.predicate, relation.target_name or relation.target_id,
        types.get(relation.source_id, ""), types.get(relation.target_id, ""), relation.description,
        roles.get(relation.source_id), roles.get(relation.target_id), question,
    )  # fmt: skip


def aligned_relation(relation: Relation, alignment: Alignment) -> Relation:
    """``relation`` with the aligned type as its predicate, its ends swapped when the alignment says so, and the
    extracted triple kept at the end of its description."""
    ends = [(relation.source_id, relation.source_name), (relation.target_id, relation.target_name)]
    (source, source_name), (target, target_name) = ends[::-1] if alignment.reversed else ends
    note = f" [extracted as: {relation.source_name} -[{relation.predicate}]-> {relation.target_name}]"
    description = relation.description[: max(MAX_DESCRIPTION_CHARS - len(note), 0)] + note
    return replace(relation, source_id=source, target_id=target, predicate=alignment.type, source_name=source_name,
                   target_name=target_name, description=description[:MAX_DESCRIPTION_CHARS], id="")  # fmt: skip


def align_records(
    records: EnrichmentRecords, aligner: Aligner, types: Mapping[str, str], roles: Mapping[str, frozenset[Role]],
    question: str = "",
) -> tuple[EnrichmentRecords, list[AlignedTriple]]:  # fmt: skip
    """``records`` with each relation aligned where the aligner finds a type (step 5), and what it decided.

    Two relations that align to the same typed edge become one (the more confident). ``types`` and ``roles``
    describe the relations' ends, ``question`` is what they were found for (``triple_evidence``).
    """
    evidences = [triple_evidence(r, types, roles, question) for r in records.relations]
    found = aligner.candidates(evidences)
    decided = [
        AlignedTriple(r, choose(c, aligner.weights), tuple(c)) for r, c in zip(records.relations, found, strict=True)
    ]
    relations: dict[str, Relation] = {}
    for item in decided:
        relation = item.extracted if item.alignment is None else aligned_relation(item.extracted, item.alignment)
        best = relations.get(relation.id)
        if best is None or (relation.confidence or 0.0) > (best.confidence or 0.0):
            relations[relation.id] = relation
    return EnrichmentRecords(records.entities, list(relations.values()), records.rejected), decided
