"""Topic entities of a question: exact name first, then full-text search, then vector search.

A bracketed mention (``[Joel Zwick]``, the MetaQA convention) is linked on its own. A question
without brackets is scanned for the longest word n-grams that are entity names; failing that, the
best full-text hit whose name terms all occur in the question, then the nearest entity vector.

It specialises retrieval's soft linker (``reasoning.linking``, whose ``name_coverage`` it uses) for
precision: the GNN reasons from the topic entity, so one wrong topic makes every answer wrong, while
retrieval can afford several ranked seeds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from graphproof.graph.analyzer import default_analyzer
from graphproof.graph.embed import Embedder
from graphproof.graph.model import Entity, normalize_id
from graphproof.graph.store import GraphStore, StoreError
from graphproof.reasoning.gnn.errors import NoLinkableEntity, TopicNotFound
from graphproof.reasoning.gnn.qa import topic_mentions
from graphproof.reasoning.linking import name_coverage

LinkMethod = Literal["id", "exact", "fulltext", "vector"]
MAX_NGRAM = 8
MIN_SIMILARITY = 0.8
_EDGE_PUNCT = re.compile(r"^[^\w]+|[^\w]+$")


@dataclass(frozen=True, slots=True)
class LinkedTopic:
    """A topic entity, the text it was linked from, how, and the score of that method (1.0 for exact)."""

    entity: Entity
    mention: str
    method: LinkMethod
    score: float = 1.0


def resolve_topics(store: GraphStore, names: Sequence[str]) -> list[LinkedTopic]:
    """Topic entities named by the caller (ids or names); ``TopicNotFound`` lists the ones the store lacks."""
    wanted: dict[str, str] = {}
    for name in names:
        try:
            wanted.setdefault(normalize_id(name), name)
        except ValueError as exc:
            raise TopicNotFound(f"topic entity {name!r} is blank; expected an entity name or id") from exc
    found = {e.id: e for e in store.entities(list(wanted))}
    missing = [wanted[i] for i in wanted if i not in found]
    if missing:
        raise TopicNotFound(
            f"topic entit{'y' if len(missing) == 1 else 'ies'} {', '.join(map(repr, missing))} not in the store "
            f"({store.location}); import the graph first or name an entity it holds"
        )
    return [LinkedTopic(found[i], wanted[i], "id") for i in wanted]


def _terms(text: str) -> set[str]:
    return set(default_analyzer().tokens(text))


def _fulltext(store: GraphStore, text: str, allowed: set[str] | None) -> LinkedTopic | None:
    """The best full-text hit whose terms equal the mention's (``allowed`` None) or all occur in ``allowed``."""
    wanted = _terms(text)
    if not wanted:
        return None
    for hit in store.search_entities(text, k=10):
        covered = _terms(hit.item.name) == wanted if allowed is None else name_coverage(hit.item.name, allowed) == 1
        if covered:
            return LinkedTopic(hit.item, text, "fulltext", hit.score)
    return None


def _vector(store: GraphStore, text: str, embedder: Embedder | None, min_similarity: float) -> LinkedTopic | None:
    if embedder is None:
        return None
    try:
        hits = store.nearest_entities(embedder.embed_query(text).tolist(), k=1)
    except StoreError:
        return None  # no entity vectors in this store (or of another dimension): nothing to match
    if hits and hits[0].score >= min_similarity:
        return LinkedTopic(hits[0].item, text, "vector", hits[0].score)
    return None


def link_mention(
    store: GraphStore, mention: str, embedder: Embedder | None = None, min_similarity: float = MIN_SIMILARITY
) -> LinkedTopic | None:
    """One name: the entity with that exact (normalised) name, else a full-text or vector match, else None."""
    try:
        found = store.entities([normalize_id(mention)])
    except ValueError:
        return None
    if found:
        return LinkedTopic(found[0], mention, "exact")
    return _fulltext(store, mention, None) or _vector(store, mention, embedder, min_similarity)


def _ngram_matches(store: GraphStore, question: str, max_ngram: int) -> list[LinkedTopic]:
    words = [_EDGE_PUNCT.sub("", w) for w in question.split()]
    spans: dict[tuple[int, int], str] = {}
    for start in range(len(words)):
        for end in range(start + 1, min(start + max_ngram, len(words)) + 1):
            text = " ".join(w for w in words[start:end] if w)
            if text and _terms(text):  # a span of stop words alone is never a topic
                spans[(start, end)] = text
    ids = {span: normalize_id(text) for span, text in spans.items()}
    known = {e.id: e for e in store.entities(sorted(set(ids.values())))} if ids else {}
    taken: set[int] = set()
    out: list[LinkedTopic] = []
    for (start, end), text in sorted(spans.items(), key=lambda s: (s[0][0] - s[0][1], s[0][0])):
        entity = known.get(ids[(start, end)])
        if entity is not None and not taken.intersection(range(start, end)):
            taken.update(range(start, end))
            out.append(LinkedTopic(entity, text, "exact"))
    return out


def link_topics(
    store: GraphStore,
    question: str,
    embedder: Embedder | None = None,
    *,
    min_similarity: float = MIN_SIMILARITY,
    max_ngram: int = MAX_NGRAM,
) -> list[LinkedTopic]:
    """The question's topic entities, deduplicated, in mention order.

    Raises ``TopicNotFound`` when no bracketed mention is in the store, ``NoLinkableEntity`` when a
    question without brackets mentions no entity the store knows.
    """
    mentions = topic_mentions(question)
    if mentions:
        linked = [link_mention(store, m, embedder, min_similarity) for m in mentions]
        found = [t for t in linked if t is not None]
        if not found:
            raise TopicNotFound(
                f"topic entit{'y' if len(mentions) == 1 else 'ies'} {', '.join(f'[{m}]' for m in mentions)} "
                f"of the question {question!r} not in the store ({store.location}): no exact name, full-text or "
                "vector match"
            )
        return _dedupe(found)
    found = _ngram_matches(store, question, max_ngram)
    if not found:
        one = _fulltext(store, question, _terms(question)) or _vector(store, question, embedder, min_similarity)
        found = [one] if one is not None else []
    if not found:
        raise NoLinkableEntity(
            f"no entity of the store ({store.location}) could be linked to the question {question!r} "
            "(tried exact names, full-text and vector search); put the topic entity in [brackets] or name it"
        )
    return _dedupe(found)


def _dedupe(topics: list[LinkedTopic]) -> list[LinkedTopic]:
    seen: dict[str, LinkedTopic] = {}
    for topic in topics:
        seen.setdefault(topic.entity.id, topic)
    return list(seen.values())
