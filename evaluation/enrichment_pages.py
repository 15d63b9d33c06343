"""The enrichment benchmark's data: facts removed from MetaQA's KB and written back as HTML pages.

``removed_facts`` takes a fixed share of the triples of chosen relations out of ``kb.txt`` (seeded).
``fact_pages`` writes every removed fact as English prose into one HTML page per film, in phrasings
written here, apart from any extractor: for each relation at least five (active, passive, appositive,
a list, a sentence stating two facts, and others), chosen per fact by a seeded generator; each page also
carries distractor sentences about the same film with facts the graph still has (genre, writer,
language), and distractor pages about other films. The enrichment loop must find the removed facts in
these pages; a hidden set of pages in other phrasings is also used by the project.

``phrasings="other"`` writes the same facts in a second, separately written set (``PHRASING_SETS["other"]``:
other verbs and constructions — "helmed by", possessives, "featuring", "premiered in", lists and
two-fact sentences of their own), a perturbation: anything tuned on the first set is measured on these.
"""

from __future__ import annotations

import html
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from graphproof.evaluation.errors import DatasetError

Fact = tuple[str, str, str]
RELATIONS = ("directed_by", "starred_actors", "release_year")
DISTRACTOR_RELATIONS = ("written_by", "has_genre", "in_language")

ONE_FACT: dict[str, tuple[str, ...]] = {
    "directed_by": (
        "{film} was directed by {o}.",
        "{o} directed {film}.",
        "{film}, directed by {o}, was shown at several festivals.",
        "The director of {film} is {o}.",
        "Directed by {o}, {film} found a wide audience.",
        "{o} is credited as the director of {film}.",
    ),
    "starred_actors": (
        "{film} stars {o}.",
        "{o} starred in {film}.",
        "{film}, starring {o}, was praised by critics.",
        "The cast of {film} includes {o}.",
        "{o} plays a leading role in {film}.",
        "{o} appears in {film}.",
    ),
    "release_year": (
        "{film} was released in {o}.",
        "{film} came out in {o}.",
        "{film} ({o}) is remembered by many viewers.",
        "In {o}, {film} opened in cinemas.",
        "The release year of {film} is {o}.",
    ),
}
LISTS: dict[str, str] = {
    "directed_by": "Directors of {film}: {objects}.",
    "starred_actors": "Cast of {film}: {objects}.",
    "release_year": "Release years given for {film}: {objects}.",
}
TWO_FACTS = "{film} was directed by {director} and released in {year}."

# The perturbation set: written apart from the first one and from any extractor or aligner.
OTHER_ONE_FACT: dict[str, tuple[str, ...]] = {
    "directed_by": (
        "{film} was helmed by {o}.",
        "{film}'s director was {o}.",
        "{o} took the director's chair for {film}.",
        "{o} is the filmmaker behind {film}.",
        "Under the direction of {o}, {film} was finished on a modest budget.",
        "{film} is a film by {o}.",
    ),
    "starred_actors": (
        "{film}, featuring {o}, drew large crowds.",
        "{o} had a role in {film}.",
        "{film} features {o} in the lead.",
        "{o} acted in {film}.",
        "Among the actors of {film} was {o}.",
        "{o} was cast in {film}.",
    ),
    "release_year": (
        "{film} premiered in {o}.",
        "{film} first hit theaters in {o}.",
        "{film} is a {o} film.",
        "{film} was first shown to audiences in {o}.",
        "{o} saw the release of {film}.",
    ),
}
OTHER_LISTS: dict[str, str] = {
    "directed_by": "{film} was made by a team of directors: {objects}.",
    "starred_actors": "{film} features {objects}.",
    "release_year": "{film} reached cinemas several times, in {objects}.",
}
OTHER_TWO_FACTS = (
    "{film}, which {director} helmed, premiered in {year}.",
    "Made by {director}, {film} first hit theaters in {year}.",
)


@dataclass(frozen=True)
class Phrasings:
    """One set of sentence templates: per relation single-fact sentences, a list sentence, two-fact sentences."""

    one_fact: dict[str, tuple[str, ...]]
    lists: dict[str, str]
    two_facts: tuple[str, ...]


PHRASING_SETS: dict[str, Phrasings] = {
    "main": Phrasings(ONE_FACT, LISTS, (TWO_FACTS,)),
    "other": Phrasings(OTHER_ONE_FACT, OTHER_LISTS, OTHER_TWO_FACTS),
}
DISTRACTORS: dict[str, str] = {
    "written_by": "The screenplay of {film} was written by {o}.",
    "has_genre": "{film} is usually described as {o}.",
    "in_language": "{film} is in {o}.",
}


@dataclass(frozen=True)
class PageSet:
    """The pages written, which removed facts they state, and how many sentences of each phrasing."""

    folder: Path
    pages: int
    distractor_pages: int
    stated: frozenset[Fact]
    phrasings: dict[str, int]


def read_kb(path: Path) -> list[Fact]:
    """``head|relation|tail`` lines of ``path``; a malformed line is a ``DatasetError`` naming it."""
    facts: list[Fact] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            parts = line.rstrip("\n").split("|")
            if len(parts) != 3 or not all(p.strip() for p in parts):
                raise DatasetError(f"{path}:{number}: expected 'head|relation|tail', got {line.strip()[:80]!r}")
            facts.append((parts[0], parts[1], parts[2]))
    return facts


def removed_facts(
    facts: Sequence[Fact], relations: Sequence[str] = RELATIONS, share: float = 0.2, seed: int = 0
) -> tuple[list[Fact], list[Fact]]:
    """``(kept, removed)``: ``share`` of the lines of each relation in ``relations`` removed, seeded.

    A fact is removed with every copy of it: ``kb.txt`` states some facts twice (same-title films merged
    into one name), and a copy left in ``kept`` would keep the fact in the graph, so it could be neither
    lost nor recovered. ``removed`` lists each removed fact once, in file order."""
    if not 0 < share < 1:
        raise DatasetError(f"share must be within (0, 1), got {share}")
    rng = random.Random(seed)  # noqa: S311 - a seeded, reproducible sample, not a secret
    removed: set[int] = set()
    for relation in relations:
        indexes = [i for i, f in enumerate(facts) if f[1] == relation]
        if not indexes:
            raise DatasetError(f"the KB has no {relation!r} triples to remove")
        removed.update(rng.sample(indexes, round(share * len(indexes))))
    gone = list(dict.fromkeys(facts[i] for i in sorted(removed)))
    dropped = set(gone)
    return [f for f in facts if f not in dropped], gone


def _sentences(
    film: str, facts: Sequence[Fact], rng: random.Random, counts: dict[str, int], phrasings: Phrasings
) -> list[str]:
    by_relation: dict[str, list[str]] = defaultdict(list)
    for _, relation, obj in facts:
        by_relation[relation].append(obj)
    out: list[str] = []
    directors, years = by_relation.get("directed_by", []), by_relation.get("release_year", [])
    if directors and years and rng.random() < 0.3:  # one sentence, two facts
        index = rng.randrange(len(phrasings.two_facts)) if len(phrasings.two_facts) > 1 else 0  # main: as before
        out.append(phrasings.two_facts[index].format(film=film, director=directors.pop(), year=years.pop()))
        counts["two facts" if len(phrasings.two_facts) == 1 else f"two facts {index + 1}"] += 1
    for relation, objects in by_relation.items():
        if len(objects) >= 3 and rng.random() < 0.5:
            listed = ", ".join(objects[:-1]) + " and " + objects[-1]
            out.append(phrasings.lists[relation].format(film=film, objects=listed))
            counts[f"{relation}: list"] += 1
            continue
        for obj in objects:
            index = rng.randrange(len(phrasings.one_fact[relation]))
            out.append(phrasings.one_fact[relation][index].format(film=film, o=obj))
            counts[f"{relation}: phrasing {index + 1}"] += 1
    rng.shuffle(out)
    return out


def _page(title: str, sentences: Iterable[str], titled: bool = True) -> str:
    body = "".join(f"<p>{html.escape(s)}</p>" for s in sentences)
    if not titled:  # a page that does not say what it is about: no <title>, no heading
        return f"<!doctype html><html><body>{body}</body></html>"
    head = f"<head><title>{html.escape(title)}</title></head>"
    return f"<!doctype html><html>{head}<body><h1>{html.escape(title)}</h1>{body}</body></html>"


def fact_pages(
    removed: Sequence[Fact], kept: Sequence[Fact], folder: Path, seed: int = 0, distractor_pages: int = 200,
    titled: bool = True, phrasings: str = "main",
) -> PageSet:
    """One HTML page per film of ``removed`` (module docstring) plus ``distractor_pages`` pages of other films;
    ``titled=False`` leaves out each page's ``<title>`` and heading (a perturbation: pages that do not name
    their subject); ``phrasings`` names the template set (``PHRASING_SETS``)."""
    if phrasings not in PHRASING_SETS:
        raise DatasetError(f"unknown phrasing set {phrasings!r}; expected one of {sorted(PHRASING_SETS)}")
    templates = PHRASING_SETS[phrasings]
    rng = random.Random(seed)  # noqa: S311 - seeded phrasing choices, not a secret
    folder.mkdir(parents=True, exist_ok=True)
    by_film: dict[str, list[Fact]] = defaultdict(list)
    for fact in removed:
        by_film[fact[0]].append(fact)
    others: dict[str, list[Fact]] = defaultdict(list)
    for fact in kept:
        if fact[1] in DISTRACTOR_RELATIONS:
            others[fact[0]].append(fact)
    counts: dict[str, int] = defaultdict(int)
    for number, (film, facts) in enumerate(sorted(by_film.items())):
        sentences = _sentences(film, facts, rng, counts, templates)
        sentences += [DISTRACTORS[r].format(film=film, o=o) for _, r, o in others.get(film, [])[:3]]
        rng.shuffle(sentences)
        (folder / f"film-{number:05d}.html").write_text(_page(film, sentences, titled), encoding="utf-8")
    spare = sorted(f for f in others if f not in by_film)
    chosen = rng.sample(spare, min(distractor_pages, len(spare)))
    for number, film in enumerate(sorted(chosen)):
        sentences = [DISTRACTORS[r].format(film=film, o=o) for _, r, o in others[film][:4]]
        (folder / f"other-{number:05d}.html").write_text(_page(film, sentences, titled), encoding="utf-8")
    return PageSet(folder, len(by_film), len(chosen), frozenset(removed), dict(counts))
