"""Issue 10, what a document tells its reader to do: "Use --disable-nls if …" in gettext's README is a relation of
gettext's (``you_use`` → --disable-nls), so a question about gettext's switch has a stated path to the answer."""

from __future__ import annotations

from graphproof.loaders.extract.patterns import Span
from graphproof.loaders.extract.rule import RuleExtractor, reader_instructions


def _triples(text: str, metadata: dict[str, str]) -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [metadata])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


def _told(text: str) -> set[tuple[str, str, str]]:
    return {t for t in _triples(text, {"subject": "Zorpix"}) if t[1].startswith("you_")}


def test_an_imperative_with_an_object_is_what_the_reader_does_with_the_subject() -> None:
    assert _told("Use --disable-nls if you do not want the message catalogs.") == {
        ("Zorpix", "you_use", "--disable-nls")
    }
    # after an opening clause, and with coordinated objects
    assert _told("To do this, use the --with-system-includedir and --with-system-libdir configure flags.") == {
        ("Zorpix", "you_use", "--with-system-includedir"),
        ("Zorpix", "you_use", "--with-system-libdir"),
    }
    # the reader as the subject of the verb
    assert _told("You can run corepack enable to install the shims.") == {("Zorpix", "you_run", "corepack enable")}
    assert _told("Please edit config.mk before building.") == {("Zorpix", "you_edit", "config.mk")}


def test_no_instruction_without_a_base_form_verb_right_before_its_object() -> None:
    for text in (
        "The cache is stored in /var/cache/zorpix.",  # no imperative
        "Then the tiles are drawn by the renderer.",  # "then" is no verb
        "Creates the index in /var/cache/zorpix.",  # an inflected form describes, it does not instruct
        "Man pages are installed in /usr/share/man.",  # a noun WordNet also lists as a verb, no article after it
        "Note the /var/cache/zorpix directory.",  # says nothing of what it names
        "Use of --disable-nls is discouraged.",  # a preposition between the verb and the mention
        "Complete documentation on zorpix(3) is in zorpix.pdf.",  # an adjective before its noun
    ):
        assert _told(text) == set(), text
    # a bare space joins a name to its kind: one object ("the --no-sandbox command line argument")
    assert _told("You can use the --no-sandbox command line argument to run it as root.") == {
        ("Zorpix", "you_use", "--no-sandbox")
    }


def test_no_instruction_in_chats_rows_or_without_a_subject() -> None:
    assert not any(r.startswith("you_") for _, r, _ in _triples("Use --disable-nls if needed.", {}))
    chat = "[10:00] Ann: Use --disable-nls if needed."
    assert not any(r.startswith("you_") for _, r, _ in _triples(chat, {"speakers": "Ann", "subject": "Zorpix"}))
    spans = [Span(4, 17, "--disable-nls", "name")]
    assert reader_instructions("Use --disable-nls.", spans, "", "", "") == []
    # the subject itself is no object
    assert reader_instructions("Use Zorpix daily.", [Span(4, 10, "Zorpix", "name")], "Zorpix", "", "") == []
