"""Acronyms a text spells out (``loaders.extract.acronyms``) and the ``stands_for`` edges the rule extractor makes."""

from __future__ import annotations

import pytest
from graphproof.loaders.extract.acronyms import STANDS_FOR, acronym_definitions
from graphproof.loaders.extract.rule import RuleExtractor


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a glossary's "ACRO: words - definition": a function word gives its initial or nothing
        ("- ICU: International Components for Unicode - Library for Unicode.",
         [("ICU", "International Components for Unicode")]),
        ("- CITGM: Canary In The Gold Mine - A smoke test.", [("CITGM", "Canary In The Gold Mine")]),
        ("FS = File System", [("FS", "File System")]),
        ("HTTP stands for HyperText Transfer Protocol.", [("HTTP", "HyperText Transfer Protocol")]),
        # capitals inside a word spell letters too; lower-case words count
        ("JSON (JavaScript Object Notation) is a format.", [("JSON", "JavaScript Object Notation")]),
        ("CRL - certificate revocation list", [("CRL", "certificate revocation list")]),
        ("- IPC: Inter-Process Communication - Mechanism", [("IPC", "Inter-Process Communication")]),
    ],
)  # fmt: skip
def test_an_acronym_is_defined_by_the_words_whose_initials_it_is(text: str, found: list[tuple[str, str]]) -> None:
    assert acronym_definitions(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "ls: list directory contents",  # not an acronym: lower case
        "GPL: see COPYING.",  # the words after it do not spell it
        "ICU: ICU is a library.",  # the acronym again, no expansion
        "It reads the certificate revocation list (CRL) first.",  # prose's short name for what it names: not read
        "- Deps: Dependencies - Upstream projects.",  # one capital: a word, not an acronym
        "The VT 9 console shows it.",
        "The XYZ: one two three",  # the words' initials are other letters
        "The API (Application Interface) is new.",  # a letter the words do not give
    ],
)
def test_words_that_do_not_spell_an_acronym_define_none(text: str) -> None:
    assert acronym_definitions(text) == []


def test_the_rule_extractor_gives_an_acronym_the_words_it_stands_for() -> None:
    text = (
        "# Glossary\n\nThis file documents various terms.\n\n"
        "- ZQC: Zorb Quality Check - A smoke test that tests a change with popular packages.\n"
        "- ICU: International Components for Unicode - Library providing support for Unicode.\n"
    )
    extraction = RuleExtractor(workers=1).extract([text], [{}])[0]
    triples = {(r.head, r.relation, r.tail) for r in extraction.relations}
    assert ("ZQC", STANDS_FOR, "Zorb Quality Check") in triples
    assert ("ICU", STANDS_FOR, "International Components for Unicode") in triples
    names = {e.name for e in extraction.entities}
    assert {"ZQC", "Zorb Quality Check", "International Components for Unicode"} <= names
