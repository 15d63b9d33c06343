"""Tables of contents written as text (``text.contents``)."""

from __future__ import annotations

from graphproof.text.contents import contents_spans

FAQ = (
    "Frequently Asked Questions about quux\n\n"
    "1.0\tGeneral Concepts\n1.1\tQuux -- what is it?\n1.2\tWhere do I get quux?\n"
    "1.2.1\tWhy can't I get the sum(1) result reported in\n\tREADME.quux?\n\n"
    "2.0\tQuux Ports\n2.1\tWhat ports exist?\n"
    "______\n\n1.0\tGeneral Concepts\n\n1.1\tQuux -- what is it?\n\n\tQuux is a tool. It lists open files.\n"
)


def _entries(text: str) -> list[str]:
    return [text[a:b] for a, b in contents_spans(text)]


def test_an_faqs_numbered_questions_before_their_sections_are_its_contents() -> None:
    entries = _entries(FAQ)
    assert entries[:3] == ["1.0\tGeneral Concepts", "1.1\tQuux -- what is it?", "1.2\tWhere do I get quux?"]
    assert "1.2.1\tWhy can't I get the sum(1) result reported in\n\tREADME.quux?" in entries  # wrapped, one entry
    assert entries[-1] == "2.1\tWhat ports exist?" and len(entries) == 6  # across the blank line, to the rule
    # the sections themselves are headings followed by what they say: no contents
    assert not any(a > FAQ.index("______") for a, _ in contents_spans(FAQ))


def test_a_contents_heading_makes_a_one_level_list_contents_and_numbered_steps_are_not() -> None:
    listed = "Table of Contents\n1. Background\n2. Compiling, installing and configuring\n3. Miscellaneous\n"
    assert _entries(listed) == ["1. Background", "2. Compiling, installing and configuring", "3. Miscellaneous"]
    assert _entries("Manual ........ 2\nContents\n1. Intro .... 3\n2. Use .... 9\n3. Index .... 12\n") == [
        "1. Intro .... 3", "2. Use .... 9", "3. Index .... 12",
    ]  # fmt: skip
    steps = "To build it:\n1. Run configure\n2. Run make\n3. Run make install\n"
    assert contents_spans(steps) == []  # steps, no contents: no heading names them so, and they are not nested
    assert contents_spans("Contents\n1. Run configure.\n2. Then make.\n3. Done.\n") == []  # sentences, no titles
