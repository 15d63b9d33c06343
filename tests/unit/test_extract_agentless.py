"""Issue 10, rule extractor: a passive with no agent ("X is supported", "Y is not provided") says what the document's
subject does (``loaders.extract.rule.agentless_links``)."""

from __future__ import annotations

from graphproof.loaders.extract.rule import RuleExtractor


def _triples(text: str, subject: str = "Zorp") -> set[tuple[str, str, str]]:
    meta = {"subject": subject} if subject else {}
    extraction = RuleExtractor(workers=1).extract([text], [meta])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def test_a_passive_with_no_agent_is_what_the_documents_subject_does() -> None:
    assert ("Zorp", "requires", "Quill 3.8") in _triples("Quill 3.8 or later is required.")
    assert ("Zorp", "provides", "pkg-config file") in _triples("A pkg-config file is provided.")
    assert ("Zorp", "requires", "libquux") in _triples("On Linux, libquux is also needed.")
    both = _triples("QuillOS and FreeQuill are supported.")
    assert {("Zorp", "supports", "QuillOS"), ("Zorp", "supports", "FreeQuill")} <= both


def test_a_negated_passive_is_what_the_subject_does_not_do() -> None:
    triples = _triples("FreeQuill is not supported.")
    assert ("Zorp", "does_not_support", "FreeQuill") in triples
    assert ("Zorp", "supports", "FreeQuill") not in triples


def test_the_members_listed_after_a_kind_or_the_following_are_the_objects() -> None:
    listed = _triples("The following three types of Quill authentication are supported: Digest, Basic and WSSE.")
    assert {("Zorp", "supports", n) for n in ("Basic", "WSSE")} <= listed
    kinds = _triples("Two output formats are provided: HTML and PDF.")
    assert {("Zorp", "provides", "HTML"), ("Zorp", "provides", "PDF")} <= kinds
    assert not any(t == "output formats" for h, _, t in kinds if h == "Zorp")


def test_a_clause_that_goes_on_after_the_verb_or_has_its_own_agent_says_nothing_of_the_subject() -> None:
    def stated_of_subject(text: str) -> bool:  # its ``related_to`` link (``topic_links``) states nothing
        return any(h == "Zorp" and r != "related_to" for h, r, _ in _triples(text))

    assert not stated_of_subject("SSL is not supported on Brindle.")
    assert not stated_of_subject("A pkg-config file is provided by libquux.")
    # the mention before the verb does not open its clause: "… for Brindle" is no subject
    assert not stated_of_subject("A plugin for Brindle is included.")


def test_without_a_document_subject_nothing_is_added() -> None:
    assert not any(r in ("supports", "requires") for _, r, _ in _triples("FreeQuill is supported.", subject=""))


def test_no_longer_says_what_the_subject_stopped_doing() -> None:
    listed = _triples("The following obsolete tools are no longer installed: quuxecho, quuxcat.")
    assert {("Zorp", "no_longer_installs", "quuxecho"), ("Zorp", "no_longer_installs", "quuxcat")} <= listed
    assert ("Zorp", "no_longer_supports", "FreeQuill") in _triples("FreeQuill is no longer supported.")
    assert ("Zorp", "supports", "FreeQuill") not in _triples("FreeQuill is no longer supported.")
