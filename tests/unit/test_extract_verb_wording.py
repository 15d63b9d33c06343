"""Issue 10, rule extractor: the words around a verb that are no mention and no object ("no longer", a possessive's
"own", a conjunction that opens a new clause), found on real READMEs (``loaders.extract.keyphrases.candidates``,
``loaders.extract.rule.between_predicate``)."""

from __future__ import annotations

from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.text.english_words import is_english


def _triples(text: str) -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [{}])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def test_no_longer_is_part_of_the_verb_not_a_mention() -> None:
    passive = _triples("Quill 2 is no longer supported by the most current release.")
    assert ("Quill 2", "is_no_longer_supported_by", "current release") in passive
    assert not any("longer" in (h, t) for h, _, t in passive)
    assert ("libzorp", "no_longer_supports", "FreeQuill") in _triples("Libzorp no longer supports FreeQuill.")
    assert ("zorp", "no_longer_depends_on", "libquill") in _triples("Zorp no longer depends on libquill.")
    # a plain negation keeps its reading, and "longer" elsewhere is a word of a noun phrase
    assert ("zorp", "does_not_need", "libquill") in _triples("Zorp does not need libquill any longer.")
    assert ("longer timeout", "is_used_for", "slow links") in _triples("The longer timeout is used for slow links.")


def test_a_possessives_own_is_no_verb() -> None:
    triples = _triples("Zorp's own parser reads the file.")
    assert not any(r == "own" for _, r, _ in triples)
    assert ("parser", "reads", "file") in triples
    assert ("users", "own", "files") in _triples("Users own their files.")


def test_a_conjunction_before_the_second_mention_opens_a_new_clause() -> None:
    text = "When using old versions of quill, the Requires-Zorp directive is not honored and invalid versions are used."
    assert not any(r.startswith("is_not_honored") for _, r, _ in _triples(text))
    assert ("quux", "was_written_by", "Ann Lee") in _triples("Quux was written and maintained by Ann Lee.")


def test_a_noun_after_and_the_is_no_verb() -> None:
    triples = _triples("Since January 2020 and the release of Quill 45, Zorp 2 is no longer supported.")
    assert not any(r.startswith("release") for _, r, _ in triples)


def test_a_word_that_counts_the_object_is_not_part_of_the_verb() -> None:
    triples = _triples("The default Zorp config does not include many modules your system might want.")
    assert ("config", "does_not_include", "modules") in triples
    assert not any(r.endswith("_many") for _, r, _ in triples)


def test_a_list_run_into_the_line_after_a_colon_holds_the_items() -> None:
    text = (
        "The following obsolete quux programs are no longer installed:\nquuxecho, quuxcat, quuxinto. These were "
        "either installed in\nerror or have been replaced by modern tools.\n"
    )
    triples = _triples(text)
    expected = {("obsolete quux programs", "are_no_longer_installed", n) for n in ("quuxecho", "quuxcat", "quuxinto")}
    assert expected <= triples


def test_a_hyphenated_name_ending_in_ed_is_a_name() -> None:
    assert ("zorpd-resolved", "uses", "Quill DNS") in _triples("By default, zorpd-resolved uses Quill DNS servers.")
    # "systemd" is no inflection of "system": it stays a name, no English word
    assert not is_english("systemd") and not is_english("lockd")
    assert is_english("used") and is_english("saved") and is_english("user-defined")


def test_a_quoted_no_is_a_value_not_a_negation() -> None:
    triples = _triples('This option defaults to "no", disabling the ~C command-line that was enabled before.')
    assert not any(r.startswith("not_") for _, r, _ in triples)
    assert ("zorp", "does_not_read", "file") in _triples("The zorp tool does not read the file.")


def test_a_release_notes_o_bullet_opens_a_line() -> None:
    triples = _triples("Changes:\no Replace deprecated FindQuill with SpotQuill. Thanks to Ann Lee.\n")
    assert not any(h == "Replace" for h, _, _ in triples)  # the imperative's verb, not a name
