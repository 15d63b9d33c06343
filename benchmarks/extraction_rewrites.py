"""Rewrite benchmark for the rule extractor (issue 10): one fact written in several forms, each form extracted alone.

    python -m benchmarks.extraction_rewrites [--json]

A rule made for one sentence of one README can read that sentence and nothing else. Here each fact (a type, a
licence, a requirement, an author, a maintainer, a property, a dependency, an abbreviation) is written the way
documentation writes it — active and passive, apposition and relative clause, a noun-phrase subject, an aside, a
permission to the reader, a plural subject — with made-up names. The forms were written on 2026-11-26, some of them
for rules made that day, so the share measures how many ways of writing a fact the rules cover, not how they do on
unseen text (``benchmarks.realdocs`` with its holdout sets does that). A form passes when the extractor
(``RuleExtractor``, plain text, no metadata) gives a triple that is not ``related_to``, whose ends name the fact's
two things (whole words, case-insensitive, either end first where the relation reads both ways: "Ann Lee → wrote →
Quux" states what "Quux → was_written_by → Ann Lee" states) and whose predicate holds one of the fact's relation
words (or is one: ``is_a``). A negated form passes only with a negated predicate (``not_…``, ``is_not``), and a
positive one only without: polarity is part of the fact. A wrong triple beside the right one ("Zorp → depends_on →
Expat" for "Quux's parser, unlike Zorp's parser, depends on Expat") is shown, not counted.

Prints one row per form (the fact, the form, pass or miss, the triples that are not ``related_to``) and one row per
fact with the share of its forms that pass, then the share over all forms. The forms known to miss are kept: they
are what the extractor cannot read yet.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NEGATED = re.compile(r"(?:^|_)not(?:_|$)")


@dataclass(frozen=True)
class Fact:
    name: str
    first: str  # a word or phrase the first thing's entity name holds
    second: str
    relation: tuple[str, ...]  # predicate words, any of which states the relation
    forms: tuple[str, ...]
    either_way: bool = False  # the relation may be written from either end (active and passive)
    negated: bool = False


FACTS: tuple[Fact, ...] = (
    Fact("type", "Quux", "JSON processor", ("is_a",), (
        "We use Quux. Quux is a lightweight and flexible command-line JSON processor.",
        "We use Quux. Quux, a lightweight command-line JSON processor, reads standard input.",
        "We use Quux. The Quux tool is a command-line JSON processor.",
        "We use Quux. Quux is an efficient, portable JSON processor.",
        "We use Quux and Zorp. Quux and Zorp are command-line JSON processors.",
    )),
    Fact("licence", "Quux", "MIT License", ("licensed", "released", "distributed"), (
        "We use Quux. Quux is licensed under the MIT License.",
        "We use Quux. Quux is released under the terms of the MIT License.",
        "We use Quux. You may redistribute Quux under the terms of the MIT License.",
        "We use Quux. Quux is free software. It can be used, modified and distributed under the MIT License.",
        "We use Quux. The MIT License covers Quux.",
    )),
    Fact("requirement", "Quux", "compiler", ("requires", "needs", "required"), (
        "We use Quux. Quux requires a modern compiler.",
        "We use Quux. Quux needs a modern compiler.",
        "We use Quux. A modern compiler is required to build Quux.",
        "We use Quux. Building Quux requires a modern compiler.",
    ), either_way=True),
    Fact("author", "Quux", "Ann Lee", ("written", "wrote", "write"), (
        "We use Quux. Quux was written by Ann Lee.",
        "We use Quux. Ann Lee wrote Quux.",
        "We use Quux. Quux was originally written by Ann Lee in 2001.",
        "Ann Lee, who wrote Quux, lives in Oslo.",
        "We use Quux. Quux, which was written by Ann Lee, parses JSON.",
    ), either_way=True),
    Fact("maintainer", "Quux", "Bob Stone", ("maintained", "maintain", "maintains"), (
        "We use Quux. Quux is maintained by Ann Lee and Bob Stone.",
        "We use Quux. Ann Lee and Bob Stone maintain Quux.",
        "We use Quux. Quux is currently maintained by Bob Stone.",
    ), either_way=True),
    Fact("property", "Quux", "thread-safe", ("is",), (
        "We use Quux. Quux is thread-safe.",
        "We use Quux. Quux is fast and thread-safe.",
        "We use Quux and Zorp. Quux and Zorp are thread-safe.",
    )),
    Fact("negated property", "Quux", "thread-safe", ("is",), (
        "We use Quux. Quux is not thread-safe.",
        "We use Quux. Quux is not fast or thread-safe.",
    ), negated=True),
    Fact("dependency", "Quux", "Expat", ("depends", "requires", "uses"), (
        "We use Quux. Quux depends on Expat.",
        "We use Quux. Quux, like Zorp, depends on Expat.",
        "We use Quux. Quux, which is small, depends on Expat.",
        "Quux's parser, unlike Zorp's parser, depends on Expat.",
        "We use Quux. Quux uses Expat.",
    )),
    Fact("abbreviation", "FFI", "Foreign Function Interface", ("stands", "means"), (
        "FFI stands for Foreign Function Interface.",
        "The name FFI stands for Foreign Function Interface.",
        "FFI means Foreign Function Interface.",
    )),
)


def _names(term: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(term.casefold())}(?!\w)", name.casefold()) is not None


def states(fact: Fact, triple: tuple[str, str, str]) -> bool:
    """Whether ``(head, relation, tail)`` states ``fact`` (module docstring)."""
    head, relation, tail = triple
    if relation == "related_to" or bool(NEGATED.search(relation)) != fact.negated:
        return False
    if not any(word == relation or word in relation.split("_") for word in fact.relation):
        return False
    if _names(fact.first, head) and _names(fact.second, tail):
        return True
    return fact.either_way and _names(fact.second, head) and _names(fact.first, tail)


def run(facts: Iterable[Fact] = FACTS) -> dict[str, object]:
    from graphproof.loaders.extract.rule import RuleExtractor

    extractor = RuleExtractor(workers=1)
    rows, per_fact = [], {}
    for fact in facts:
        passed = 0
        for form in fact.forms:
            extraction = extractor.extract([form], [{}])[0]
            triples = [(r.head, r.relation, r.tail) for r in extraction.relations if r.relation != "related_to"]
            ok = any(states(fact, t) for t in triples)
            passed += ok
            rows.append({"fact": fact.name, "form": form, "ok": ok, "triples": triples})
        per_fact[fact.name] = passed / len(fact.forms)
    total = sum(r["ok"] for r in rows) / len(rows)
    return {"rows": rows, "facts": per_fact, "forms": len(rows), "share": total}


def print_report(out: dict[str, object]) -> None:
    rows: Sequence[dict[str, object]] = out["rows"]  # type: ignore[assignment]
    print("\n### Rule extractor on rewritten facts\n")
    print("| fact | form | states it | triples (not related_to) |\n|---|---|---|---|")
    for row in rows:
        shown = "; ".join(" → ".join(t) for t in row["triples"][:3])  # type: ignore[index]
        print(f"| {row['fact']} | {row['form']} | {'yes' if row['ok'] else '**no**'} | {shown} |")
    print("\n| fact | forms that state it |\n|---|---:|")
    for name, share in out["facts"].items():  # type: ignore[union-attr]
        print(f"| {name} | {share:.2f} |")
    print(f"\nAll {out['forms']} forms: {out['share']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="Print one JSON object instead of tables.")
    args = parser.parse_args()
    out = run()
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print_report(out)


if __name__ == "__main__":
    main()
