"""Entity linking: which graph entities a question is about.

Full-text search over entity names (the index also holds each name's compact alias key, so
"LiHua" finds "Li Hua") fused by RRF with vector search over entity-name embeddings when the
store has them. The full-text hits must cover at least half of a name's terms, so a question that
merely shares a common word with a long name does not link to it; vector hits must reach a cosine
similarity of ``min_similarity``, so a question about nothing in the graph links to nothing.

This is the soft linker retrieval uses: a ranked set of seeds for path weighting, where a wrong extra
seed costs little. The GNN's topic linker (``reasoning.gnn.linking``) specialises it for precision —
one confident entity per mention (exact name, then full coverage of the name's terms, then a vector
at a high similarity), because a wrong topic entity makes every GNN answer wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphproof.graph.analyzer import Analyzer, default_analyzer
from graphproof.graph.model import Entity, Hit
from graphproof.graph.store import GraphStore
from graphproof.reasoning.fusion import rrf


def name_coverage(name: str, question_terms: set[str], analyzer: Analyzer | None = None) -> float:
    """The share of a name's terms that occur in ``question_terms`` (0.0 for a name without terms)."""
    terms = set((analyzer or default_analyzer()).tokens(name))
    return len(terms & question_terms) / len(terms) if terms else 0.0


def link_entities(
    store: GraphStore,
    question: str,
    vector: Sequence[float] | None,
    k: int = 5,
    analyzer: Analyzer | None = None,
    min_coverage: float = 0.5,
    min_similarity: float = 0.35,
) -> list[Hit[Entity]]:
    """The ``k`` entities the question most likely names, best first (scores are RRF scores)."""
    analyzer = analyzer or default_analyzer()
    terms = set(analyzer.tokens(question))
    hits = store.search_entities(question, k=4 * k)
    lexical = [h.item for h in hits if name_coverage(h.item.name, terms, analyzer) >= min_coverage]
    rankings: list[list[str]] = [[e.id for e in lexical]]
    by_id = {e.id: e for e in lexical}
    if vector is not None:
        dense = [h.item for h in store.nearest_entities(vector, k=k) if h.score >= min_similarity]
        rankings.append([e.id for e in dense])
        for entity in dense:
            by_id.setdefault(entity.id, entity)
    return [Hit(by_id[i], score) for i, score in rrf(rankings)[:k]]
