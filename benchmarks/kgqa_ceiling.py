r"""What a MetaQA test split lets any graph reader get right: each question's template path and its chance Hit@1.

MetaQA builds every question from a template ("who directed [X]") and a relation path (``directed_by``);
the gold answers are meant to be what that path reaches from the topic entity. The KB, though, merges
films that share a title: "Invincible" (2001, Werner Herzog) and "Invincible" (2006, Ericson Core) are one
entity with two ``directed_by`` edges, and the question "who is the director for [Invincible]" lists only
Werner Herzog. A reader that follows the asked relation reaches both, and nothing in the graph says which
film the question meant. This module measures how often that happens on a split, so that a Hit@1 figure
can be read against what the data allows.

* The **template** of a question is its text with the bracketed topic replaced by ``[]``.
* A template's **path** is learned from training questions only: of every relation path of the hop count
  from the topic (each step a relation in either direction), the one whose reached entities best match the
  gold answers, by F1 summed over at most ``per_template`` questions of the template.
* A test question with reached set :math:`N` (topic excluded) and gold set :math:`G` is

  - *decided* when :math:`\emptyset \ne N \subseteq G`: every entity the path reaches is right;
  - *ambiguous* when :math:`N \cap G \ne \emptyset` and :math:`N \not\subseteq G`;
  - *off path* when :math:`N \cap G = \emptyset` (the KB lacks the asked fact; the gold is reached some other way);
  - *unseen* when its template never occurred in training.

  Its **chance** Hit@1 is :math:`|N \cap G| / |N|`: what a reader that knows the path and picks one of its
  entities at random scores. Its **popular** Hit@1 is 1 when the entity of :math:`N` with the most triples in the
  KB (ties by id) is gold: what a reader that knows the path and prefers well-known entities scores. On the
  merged titles it tells whether the question generator favoured the better-documented film (it did not: see
  ``benchmarks/results/kgqa.md``).
* The **ambiguity ceiling** of a split is :math:`1 - \frac{1}{n}\sum_{q\ \text{ambiguous}} (1 - |N_q \cap G_q|/|N_q|)`:
  the expected Hit@1 of a model that gets every other question right and cannot tell merged films apart.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from graphproof.graph.model import normalize_id
from graphproof.reasoning.gnn.dataset import answer_ids
from graphproof.reasoning.gnn.qa import QAExample

Step = tuple[str, bool]  # (relation, True for subject → object)
RelationPath = tuple[Step, ...]
CATEGORIES = ("decided", "ambiguous", "off_path", "unseen")
_TOPIC = re.compile(r"\[([^\]]+)\]")


def template(question: str) -> str:
    """``"who directed [Alien]"`` → ``"who directed []"``."""
    return _TOPIC.sub("[]", question)


def topic_id(example: QAExample) -> str:
    """The normalised id of the question's (first) bracketed topic; ``ValueError`` when it has none."""
    if not example.topics:
        raise ValueError(f"question {example.question!r} has no [topic]; expected MetaQA's bracketed topic entity")
    return normalize_id(example.topics[0])


class TripleGraph:
    """Triples as adjacency sets keyed by normalised id (the store's entity ids), for path reading."""

    def __init__(self, triples: Iterable[tuple[str, str, str]]) -> None:
        self._out: dict[str, dict[Step, set[str]]] = defaultdict(lambda: defaultdict(set))
        self._degree: Counter[str] = Counter()
        for subject, relation, obj in triples:
            s, o = normalize_id(subject), normalize_id(obj)
            self._out[s][(relation, True)].add(o)
            self._out[o][(relation, False)].add(s)
            self._degree.update((s, o))

    def degree(self, entity: str) -> int:
        """How many triples name ``entity`` (as subject or object)."""
        return self._degree[entity]

    def steps(self, entity: str) -> Mapping[Step, set[str]]:
        return self._out.get(entity, {})

    def reach(self, start: str, path: RelationPath) -> set[str]:
        """The entities ``path`` reaches from ``start``, ``start`` itself excluded."""
        frontier = {start}
        for step in path:
            frontier = {n for e in frontier for n in self.steps(e).get(step, ())} - {start}
        return frontier

    def paths(self, start: str, hops: int) -> dict[RelationPath, set[str]]:
        """Every relation path of exactly ``hops`` steps from ``start`` that reaches something, with what it reaches."""
        layer: dict[RelationPath, set[str]] = {(): {start}}
        for _ in range(hops):
            grown: dict[RelationPath, set[str]] = defaultdict(set)
            for path, frontier in layer.items():
                for entity in frontier:
                    for step, targets in self.steps(entity).items():
                        grown[(*path, step)] |= targets
            layer = {path: reached - {start} for path, reached in grown.items() if reached - {start}}
        return layer


def _f1(reached: set[str], gold: set[str]) -> float:
    hit = len(reached & gold)
    return 2 * hit / (len(reached) + len(gold)) if hit else 0.0


def template_paths(
    graph: TripleGraph, train: Sequence[QAExample], hops: int, per_template: int = 20
) -> dict[str, RelationPath]:
    """Each training template's path: the relation path with the highest F1 against gold, summed over at most
    ``per_template`` of its questions (ties broken by the path's sort order, so the result is deterministic)."""
    by_template: dict[str, list[QAExample]] = defaultdict(list)
    for example in train:
        if len(by_template[template(example.question)]) < per_template:
            by_template[template(example.question)].append(example)
    out: dict[str, RelationPath] = {}
    for key, examples in by_template.items():
        totals: dict[RelationPath, float] = defaultdict(float)
        for example in examples:
            gold = answer_ids(example)
            for path, reached in graph.paths(topic_id(example), hops).items():
                totals[path] += _f1(reached, gold)
        if totals:
            out[key] = min(totals, key=lambda p: (-totals[p], p))
    return out


@dataclass(frozen=True)
class Reading:
    """How one question's gold answers relate to what its template's path reaches."""

    category: str
    chance: float  # Hit@1 of a uniform pick among the reached entities (0 when off path or unseen)
    reached: int
    popular: float = 0.0  # Hit@1 of picking the reached entity with the most triples (0 when off path or unseen)


def read_question(graph: TripleGraph, paths: Mapping[str, RelationPath], example: QAExample) -> Reading:
    topic = topic_id(example)
    path = paths.get(template(example.question))
    if path is None:
        return Reading("unseen", 0.0, 0)
    reached = graph.reach(topic, path)
    gold = answer_ids(example)
    hit = len(reached & gold)
    if not hit:
        return Reading("off_path", 0.0, len(reached))
    if hit == len(reached):
        return Reading("decided", 1.0, len(reached), 1.0)
    popular = min(reached, key=lambda entity: (-graph.degree(entity), entity))
    return Reading("ambiguous", hit / len(reached), len(reached), float(popular in gold))


def ceiling_report(readings: Sequence[Reading], hit1: Sequence[float]) -> dict[str, object]:
    """Per category: questions, the model's Hit@1 (``hit1`` aligned with ``readings``), chance Hit@1 and the
    popular pick's Hit@1; and the ambiguity ceiling of the split."""
    if len(readings) != len(hit1):
        raise ValueError(f"{len(readings)} readings but {len(hit1)} Hit@1 scores; expected one per question")
    rows: dict[str, dict[str, float | int]] = {}
    for category in CATEGORIES:
        idx = [i for i, r in enumerate(readings) if r.category == category]
        if idx:
            rows[category] = {
                "questions": len(idx),
                "hit1": round(sum(hit1[i] for i in idx) / len(idx), 4),
                "chance": round(sum(readings[i].chance for i in idx) / len(idx), 4),
                "popular": round(sum(readings[i].popular for i in idx) / len(idx), 4),
            }
    n = len(readings)
    lost = sum(1 - r.chance for r in readings if r.category == "ambiguous")
    return {"categories": rows, "ambiguity_ceiling": round(1 - lost / n, 4) if n else 0.0}
