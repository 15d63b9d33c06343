"""A tiny synthetic film graph whose answers are known: for tests, demos and smoke checks.

``n`` films (``Movie 00`` …), each ``directed_by`` one of ``n // 2`` directors (two films each),
``written_by`` one of 10 writers and ``release_year`` one of 5 years. Questions ask for the
director, the writer or the year of a film (1 hop), or for the other film of the same director
(2 hops), in the MetaQA format with the topic in brackets.
"""

from __future__ import annotations

from collections.abc import Iterable

from graphproof.graph.model import Entity, Relation, normalize_id
from graphproof.graph.store import GraphStore
from graphproof.reasoning.gnn.qa import QAExample


def film(i: int) -> str:
    return f"Movie {i:02d}"


def film_triples(n: int = 30) -> list[tuple[str, str, str]]:
    out = []
    for i in range(n):
        out.append((film(i), "directed_by", f"Director {chr(65 + (i // 2) % 26)}{i // 52 or ''}"))
        out.append((film(i), "written_by", f"Writer {i % 10}"))
        out.append((film(i), "release_year", str(1990 + i % 5)))
    return out


def load_triples(store: GraphStore, triples: Iterable[tuple[str, str, str]]) -> None:
    """Upsert ``(subject, predicate, object)`` name triples (entity ids are the normalised names)."""
    rows = list(triples)
    entities = {normalize_id(n): Entity.named(n) for s, _, o in rows for n in (s, o)}
    store.upsert_entities(entities.values())
    store.upsert_relations(
        Relation(normalize_id(s), normalize_id(o), p, source_name=s, target_name=o) for s, p, o in rows
    )


def build_film_store(store: GraphStore, n: int = 30) -> GraphStore:
    load_triples(store, film_triples(n))
    return store


def one_hop_questions(films: Iterable[int], n: int = 30) -> list[QAExample]:
    facts = {(s, p): o for s, p, o in film_triples(n)}
    out = []
    for i in films:
        name = film(i)
        out.append(QAExample(f"who directed [{name}]", (facts[(name, "directed_by")],)))
        out.append(QAExample(f"who wrote the script of [{name}]", (facts[(name, "written_by")],)))
        out.append(QAExample(f"when was [{name}] released", (facts[(name, "release_year")],)))
    return out


def two_hop_questions(films: Iterable[int], n: int = 30) -> list[QAExample]:
    """ "which movies share a director with [Movie 03]" → the other film of that director."""
    out = []
    for i in films:
        other = i + 1 if i % 2 == 0 else i - 1
        if other < n:
            out.append(QAExample(f"which movies share a director with [{film(i)}]", (film(other),)))
    return out


def qa_lines(examples: Iterable[QAExample]) -> str:
    """The examples as a MetaQA-format file body."""
    return "".join(f"{e.question}\t{'|'.join(e.answers)}\n" for e in examples)
