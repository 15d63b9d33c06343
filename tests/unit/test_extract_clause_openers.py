"""Issue 10, rule extractor: a participle clause that opens a sentence, a relative clause after an aside, a present
participle that ends a keyphrase, set phrases of manner inside a verb phrase, and verbs that are never concepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.text.verb_forms import read_verb_only_forms, verb_forms


def _triples(text: str) -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [{}])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def _entities(text: str) -> set[str]:
    return {e.name for e in RuleExtractor(workers=1).extract([text], [{}])[0].entities}


needs_wordnet = pytest.mark.skipif(
    not verb_forms(), reason="WordNet's index files are not installed (make setup installs them)"
)


@needs_wordnet
def test_an_opening_participle_clause_is_said_of_the_subject_after_its_comma() -> None:
    triples = _triples("When paired with the Quill toolkit, Brindle offers a quick way to draw windows.")
    assert ("Brindle", "paired_with", "Quill") in triples
    assert not any(h == "Quill" and t == "Brindle" for h, _, t in triples)  # not read backwards across the comma
    assert ("Zorp", "built_on", "libquux") in _triples("Built on libquux, Zorp runs scripts outside a browser.")
    assert ("Zorp", "linked_against", "OpenQuill") in _triples("If linked against OpenQuill, Zorp can use TLS.")


@needs_wordnet
def test_an_opening_clause_without_a_participle_or_a_subject_verb_is_not_read() -> None:
    # "When" + a noun is no participle clause; a mention followed by no verb is no subject
    assert not any(r.endswith("_with") for _, r, _ in _triples("When Quill with Brindle, Zorp runs scripts."))
    assert not any(r == "paired_with" for _, r, _ in _triples("When paired with Quill, Zorp and Brindle."))


def test_a_relative_clause_after_a_parenthetical_aside_belongs_to_the_mention_before_the_aside() -> None:
    text = 'The guide is in quill.pdf (shipped in this tarball), which is taken from the book "Brindle Tales".'
    assert ("quill.pdf", "is_taken_from", "Brindle Tales") in _triples(text)


def test_set_phrases_of_manner_are_no_part_of_the_relation() -> None:
    text = 'The guide is in quill.pdf, which is excerpted with permission from the book "Brindle Tales".'
    assert ("quill.pdf", "is_excerpted_from", "Brindle Tales") in _triples(text)
    assert "permission" not in {e.casefold() for e in _entities(text)}


@needs_wordnet
def test_a_present_participle_before_an_article_is_cut_from_the_keyphrase_and_read_as_the_verb() -> None:
    text = "This release adds signature support using the Quill backend."
    triples = _triples(text)
    assert ("signature support", "using", "Quill") in triples
    assert "signature support using" not in _entities(text)


@needs_wordnet
def test_a_word_that_can_only_be_a_verb_is_no_concept_in_a_document() -> None:
    text = 'Brindle also has other helpers such as "QMerge", which computes the shortest edit script of two files.'
    assert ("QMerge", "computes", "shortest edit script") in _triples(text)
    assert "computes" not in _entities(text)
    assert ("as_quill", "emit", "DOCTYPE") in _triples("Make as_quill emit the DOCTYPE declaration first.")


def test_verb_only_forms_leave_out_nouns_their_plurals_adjectives_and_adverbs(tmp_path: Path) -> None:
    (tmp_path / "index.verb").write_text(
        "  1 This software and database is being provided to you\n"
        "compute v 1 1 @ 1 0 00001\n"
        "build v 1 1 @ 1 0 00002\n"
        "clean v 1 1 @ 1 0 00003\n"
        "file v 1 1 @ 1 0 00004\n",
        encoding="utf-8",
    )
    (tmp_path / "index.noun").write_text("build n 1 1 @ 1 0 00005\nfile n 1 1 @ 1 0 00006\n", encoding="utf-8")
    (tmp_path / "index.adj").write_text("clean a 1 1 & 1 0 00007\n", encoding="utf-8")
    (tmp_path / "index.adv").write_text("", encoding="utf-8")
    only = read_verb_only_forms(tmp_path)
    assert {"compute", "computes", "computed", "computing"} <= only
    assert not {"build", "file", "files", "clean"} & only  # nouns, a noun's plural, an adjective
    assert "building" in only  # the -ing form is no noun lemma of this index
    (tmp_path / "index.noun").unlink()
    assert read_verb_only_forms(tmp_path) == frozenset()  # nothing known to be a noun: none is said to be verb-only


@needs_wordnet
def test_a_sentence_ending_in_a_verb_phrase_and_a_colon_relates_its_last_mention_to_the_items_after_it() -> None:
    text = "The current release of Zorp runs on:\n- Quillix and Brindle OS.\n- OpenQuill 3.7 and later."
    triples = _triples(text)
    assert ("Zorp", "runs_on", "quillix") in triples  # a sentence-initial name keeps its case folded
    assert ("Zorp", "runs_on", "OpenQuill 3.7") in triples
    # no verb before the colon: a heading or a label introduces nothing
    assert not any(h == "Zorp" and t.casefold() == "quillix" and r != "related_to"
                   for h, r, t in _triples("Some notes about Zorp:\n- Quillix is fine."))  # fmt: skip


def test_a_quoted_or_code_like_name_after_a_kind_noun_is_of_that_kind() -> None:
    triples = _triples("The Quill mailing list 'quill-talk@lists.example.org' is used to discuss issues.")
    assert ("quill-talk@lists.example.org", "is_a", "mailing list") in triples
    assert ("/etc/zorp.conf", "is_a", "configuration file") in _triples(
        "Edit the configuration file /etc/zorp.conf now."
    )
    # a plain capitalised word after a kind noun is no apposition ("the library Foo and …" may list or start anew)
    assert not any(r == "is_a" for _, r, _ in _triples("Later releases of the toolkit Brindle added a parser."))


@needs_wordnet
def test_a_present_participle_before_a_determiner_is_the_verb_too() -> None:
    triples = _triples("A keyring including all keys of old releases is shipped.")
    assert any(h == "keyring" and r.startswith("including") and t == "keys" for h, r, t in triples)
