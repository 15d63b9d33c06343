"""Issue 10: hard-wrapped lines, dotted file names, quantifiers, "Label: value" fields, license sections, "It"."""

from __future__ import annotations

from graphproof.loaders.chunking import OPENING_KEY
from graphproof.loaders.extract.patterns import file_spans, pattern_spans
from graphproof.loaders.extract.rule import (
    RuleExtractor,
    between_predicate,
    document_subjects,
    field_lines,
    license_names,
    title_subject,
)
from graphproof.text.sentences import joins_next, split_sentences


def _triples(text: str, metadata: dict[str, str] | None = None) -> set[tuple[str, str, str]]:
    extraction = RuleExtractor(workers=1).extract([text], [metadata or {}])[0]
    return {(r.head, r.relation, r.tail) for r in extraction.relations}


# 1. hard-wrapped lines -------------------------------------------------------------------------------------------
WRAPPED = (
    "mawk's built-in regular expression engine does not yet support brace\n"
    "expressions, e.g.,\n"
    "\n"
    "A:  LZMA stands for Lempel-Ziv-Markov chain-Algorithm. It is the name\n"
    "    of the compression algorithm designed by Igor Pavlov for 7-Zip.\n"
)


def test_a_wrapped_line_goes_on_in_the_next() -> None:
    assert split_sentences(WRAPPED) == [
        "mawk's built-in regular expression engine does not yet support brace\nexpressions, e.g.,",
        "A:  LZMA stands for Lempel-Ziv-Markov chain-Algorithm.",
        "It is the name\n    of the compression algorithm designed by Igor Pavlov for 7-Zip.",
    ]


def test_headings_items_fields_code_and_sentence_ends_are_not_joined() -> None:
    long = "This paragraph line is long enough to be a wrapped line of a README"
    assert joins_next(long, "and it goes on here.")
    assert not joins_next(long + ".", "And a new sentence starts.")
    assert not joins_next("Installation", "Run make and then make install to put it in place")
    assert not joins_next(long, "- a bullet item")
    assert not joins_next(long, "2. a numbered item")
    assert not joins_next(long, "## A heading")
    assert not joins_next(long, "| a | table row |")
    assert not joins_next(long, "        indented_code_block()")
    assert not joins_next(long, "Author: Philip A. Nelson")
    assert not joins_next(long, "")
    assert not joins_next(long, "=======")


def test_a_hanging_indent_after_a_marker_is_joined() -> None:
    assert joins_next("A:  LZMA stands for it. It is the name of the thing that is long enough", "    of LZMA.")
    assert joins_next("\t--with-readline tells bc to use the readline package that allows", "\t  for editing.")


def test_chat_lines_stay_one_message_each() -> None:
    chat = (
        "Time: 2026-01-05 10:00\n"
        "LiHua: hey did you see the new schedule for the gym this week or not\n"
        "AdamSmith: yes I did and it looks like the pool closes early on friday\n"
    )
    assert split_sentences(chat) == [line for line in chat.splitlines()]


def test_the_wrapped_sentence_gives_the_whole_object() -> None:
    triples = _triples(WRAPPED)
    assert any(t == "brace expressions" for _, _, t in triples)
    assert not any(t == "brace" for _, _, t in triples)


# 2. dotted file names --------------------------------------------------------------------------------------------
def test_dotted_file_names_stay_whole() -> None:
    text = "By default, it looks for a file named build.ninja; see config.h, README.md and file.tar.gz, e.g. U.S. 1.2.3"
    assert [s.name for s in file_spans(text)] == ["build.ninja", "config.h", "README.md", "file.tar.gz"]
    triples = _triples("Ninja reads the file named build.ninja in the current directory.")
    assert any("build.ninja" in (h, t) for h, _, t in triples)
    assert not any("build" in (h, t) for h, _, t in triples)


# 3. quantifiers --------------------------------------------------------------------------------------------------
def test_a_quantifier_does_not_steal_the_object() -> None:
    assert ("timetest", "takes", "10 minutes") in _triples(
        "The timetest step takes a minimum of 10 minutes to complete."
    )
    assert [s.name for s in pattern_spans("which has over 30,000 source files and more")] == ["30,000 source files"]
    assert [s.name for s in pattern_spans("man-db took around 40 seconds, at least three times")] == [
        "40 seconds",
        "three times",
    ]
    assert between_predicate(" takes a minimum of ") == "takes"
    assert between_predicate(" has over ", quantity=True) == "has"
    assert between_predicate(" has over ") == ""


# 4. Label: value fields ------------------------------------------------------------------------------------------
HEADER = "Program: GNU bc\nAuthor: Philip A. Nelson\nE-mail: phil@cs.wwu.edu\nOS: UNIX (BSD, System V)\n"


def test_label_value_lines_are_fields() -> None:
    labels = [label for label, _, _ in field_lines(HEADER + "Q:  What is it?\nNote: see below.\n")]
    assert labels == ["Program", "Author", "E-mail", "OS"]
    assert field_lines("Maintainer: Thomas E. Dickey <dickey@invisible-island.net>")[0][1] == "Thomas E. Dickey"
    assert field_lines("Machines: It has been compiled and run on the following environments:") == []
    assert field_lines("   at 0x80483BF: main (a.c:8)\n   by 0x80482CC: _start (start.S:81)\n") == []


def test_fields_state_facts_about_the_document_subject() -> None:
    triples = _triples("The bc manual.\n\n" + HEADER)
    assert ("GNU bc", "author", "Philip A. Nelson") in triples
    assert ("jq", "maintainer", "Jane Roe") in _triples("Maintainer: Jane Roe\n", {"subject": "jq"})
    assert ("jq", "is_licensed_under", "MIT") in _triples("License: MIT\n", {"title": "jq"})
    said = "lsof: can't lstat /dev/fd/3\nlsof: FATAL: no static size\n"  # the program's messages, no fields of it
    assert not any(r == "lsof" for _, r, _ in _triples(said, {"subject": "lsof"}))


def test_the_subject_is_the_title_and_carries_to_continuing_chunks() -> None:
    assert title_subject("GNU bc version 1.07:") == "GNU bc"
    assert title_subject("# libcbor") == "libcbor"
    assert title_subject("Welcome to tmux!") == ""
    first = "libcbor\n\nlibcbor is a C library for parsing CBOR. It is small and fast and well tested."
    second = "It is small and fast and well tested.\n\nLicense\nThe MIT License (MIT)\n"
    other = "Something else entirely\n\nwith its own text."
    assert document_subjects([first, second, other], [{}, {}, {}]) == ["libcbor", "libcbor", "Something else entirely"]
    assert document_subjects(["bc\n\ntext", "x"], [{"speakers": "A, B"}, {}]) == ["", "x"]


# 5. license sections ---------------------------------------------------------------------------------------------
def test_a_license_section_names_the_license() -> None:
    section = "Kudos to all.\n\n## License\nThe MIT License (MIT)\n\nCopyright (c) Someone, 2014\n"
    assert [name for name, _ in license_names(section)] == ["MIT License"]
    assert [
        name for name, _ in license_names("It is distributed under the terms of the GNU General Public License")
    ] == ["GNU General Public License"]
    assert ("libcbor", "is_licensed_under", "MIT License") in _triples(section, {"subject": "libcbor"})
    assert not any(r == "is_licensed_under" for _, r, _ in _triples(section))  # no subject, no claim


# 6. "It" at a sentence start -------------------------------------------------------------------------------------
def test_it_stands_for_the_previous_subject_name() -> None:
    triples = _triples(
        "LZMA stands for Lempel-Ziv-Markov chain-Algorithm. It is the name of the compression algorithm."
    )
    assert any(h == "LZMA" and t == "compression algorithm" for h, _, t in triples)
    assert not any(h == "LZMA" for h, _, _ in _triples("The weather was bad. It is the name of the game."))


# 7. a name found after an earlier one was masked keeps no mask -----------------------------------------------------
def test_a_setting_holding_a_path_names_neither_with_the_mask() -> None:
    from graphproof.loaders.extract.rule import RuleExtractor

    complaint = (
        "If lsof issues this complaint:\n\n    lsof: kvm_open(execfile=/boot/kernel/kernel,\n\t  corefile=/dev/mem: x\n"
    )
    names = [e.name for e in RuleExtractor(workers=1).extract_one(complaint, {}).entities]
    assert "/boot/kernel/kernel" in names and "/dev/mem" in names  # the paths are mentions of their own
    assert not any("|" in name for name in names)  # no "execfile=|||||" once the path inside it was taken
    faq = (
        "Lsof lists open files.\n\n1.4\tHow do I report a bug?\n\n"
        '\tRun lsof -v first, then see the "How do I report an\n\tlsof bug" answer.\n'
    )
    extraction = RuleExtractor(workers=1).extract([faq], [{"subject": "lsof"}])[0]
    assert not any("|" in e.name for e in extraction.entities)  # the subject, found first, is masked for the rest


# a title page: the authors listed under the title, in the chunk that opens the document ----------------------------
TITLE_PAGE = (
    "Quux Window Zap Extension Protocol\n\nX.Org Standard\n\nKay Packton\n\nQuux X Consortium\nIntel Corporation\n\n"
    "Hideo Hirano\n\nZapSoft, Inc.\n\nVersion 1.1\n\nThe Zap extension zaps the windows of a quux server.\n"
)


def test_the_chunk_that_opens_a_document_names_the_authors_of_its_title_page() -> None:
    triples = _triples(TITLE_PAGE, {OPENING_KEY: "yes"})
    written = {t for t in triples if t[1] in ("written_by", "works_for")}
    assert written == {
        ("Quux Window Zap Extension Protocol", "written_by", "Kay Packton"),
        ("Quux Window Zap Extension Protocol", "written_by", "Hideo Hirano"),
        # the organisations under an author's name; "X.Org Standard" above it is the document's status
        ("Kay Packton", "works_for", "Quux X Consortium"),
        ("Kay Packton", "works_for", "Intel Corporation"),
        ("Hideo Hirano", "works_for", "ZapSoft, Inc."),
    }
    # a later chunk that starts with a heading and a name is no title page: the flag says which chunk opens
    assert not {t for t in _triples(TITLE_PAGE) if t[1] == "written_by"}
    # a title followed by a sentence lists no authors
    assert not {t for t in _triples("Quux Notes\n\nKay Packton wrote these notes.\n", {OPENING_KEY: "yes"})
                if t[1] == "written_by"}  # fmt: skip


def test_the_names_under_edited_by_on_a_title_page_are_its_editors() -> None:
    page = (
        "ZAP-SHM (The Zap Shared Memory Extension)\n\nHow the shared memory extension works\n\nJon Corvette\n\n"
        "National Center for Zap Research\nZap Technology Division\n<jon@zap.example>\n\nEdited by\n\nKay Packton\n\n"
        "Quux X Consortium\n\nVersion 1.0\n\nThis document briefly describes how to use the shared memory extension.\n"
    )
    found = {t for t in _triples(page, {OPENING_KEY: "yes"}) if t[1] in ("written_by", "edited_by", "works_for")}
    title = "ZAP-SHM (The Zap Shared Memory Extension)"
    assert found == {
        (title, "written_by", "Jon Corvette"),
        ("Jon Corvette", "works_for", "National Center for Zap Research"),
        ("Jon Corvette", "works_for", "Zap Technology Division"),  # an organisation's line, no person's name
        (title, "edited_by", "Kay Packton"),
        ("Kay Packton", "works_for", "Quux X Consortium"),
    }
