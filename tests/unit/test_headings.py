"""Section headings written as text (``text.headings``)."""

from __future__ import annotations

from graphproof.text.headings import heading_spans


def _headings(text: str) -> list[str]:
    return [text[a:b] for a, b in heading_spans(text)]


def test_a_short_line_standing_alone_above_text_is_a_heading() -> None:
    text = (
        "os.totalmem()\n\n- Returns: {integer}\n\nReturns the total amount of memory.\n\n"
        "Setup\n\nYou will want to do the I/O initialization first.\n\nos.type()\n\nReturns the name."
    )
    assert _headings(text) == ["os.totalmem()", "Setup", "os.type()"]


def test_lines_that_say_something_or_are_code_are_no_headings() -> None:
    for line in (
        "You will want to do this first.",  # a sentence
        "or:",  # a clause going on below
        "$ mkosi boot",  # a prompt
        "#Serial number: 32D18D",  # a comment
        "Issuer: Root CA",  # a field
        "- a list item",
        "    indented code()",
        "a | b | c",  # a table row
        "x = 3",
        "2.",  # a section number alone
        "one two three four five six seven eight nine",  # too long
    ):
        assert _headings(f"Intro text here.\n\n{line}\n\nMore text follows.") == [], line


def test_a_heading_stands_between_blank_lines_and_heads_some_text() -> None:
    assert _headings("Setup\nYou will want to do this first.") == []  # no blank line after it
    assert _headings("Text.\nSetup\n\nYou will want to do this.") == []  # no blank line before it
    assert _headings("Text.\n\nSetup\n\n") == []  # nothing after it
    assert _headings("Text.\n\nSetup\n\n\nYou will want to do this.") == ["Setup"]


def test_an_underlined_line_is_a_heading() -> None:
    text = (
        "Frontend Interfaces\n===================\n\nThis file documents.\n\n"
        "Database Locking\n----------------\n\nAny frontend."
    )
    assert _headings(text) == ["Frontend Interfaces", "Database Locking"]
    assert _headings("Text.\n\nNot a heading.\n----\n\nMore.") == []  # a sentence underlined is still a sentence
