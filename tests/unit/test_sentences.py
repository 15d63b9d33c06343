"""The one sentence splitter: exact offsets, numbers/URLs/e-mails kept whole, linear on lines of any length."""

from __future__ import annotations

from itertools import pairwise

from graphproof.text.sentences import MAX_SEGMENT, segments, sentence_spans, split_sentences, unwrap


def test_numbers_file_names_urls_and_addresses_are_not_cut() -> None:
    text = "Install zip 1.9 from https://example.org/a.b/c.tar.gz today. Write to ada@lab.example.org for help."
    assert split_sentences(text) == [
        "Install zip 1.9 from https://example.org/a.b/c.tar.gz today.",
        "Write to ada@lab.example.org for help.",
    ]


def test_a_sentence_may_start_with_markdown_emphasis() -> None:
    line = "The pod is made by Aoba Robotics. **Tobias Reyes** is a field engineer. " * 6  # > 300 chars: the rule
    expected = ["The pod is made by Aoba Robotics.", "**Tobias Reyes** is a field engineer."]
    assert split_sentences(line.strip())[:2] == expected


def test_a_line_without_breaks_is_cut_into_bounded_segments_with_exact_offsets() -> None:
    sentence = "Dr. Quill met Mr. Feld in St. Ives, e.g. at noon; they spoke of 3.5 drones. "
    text = sentence * 2000  # ~150 kB on one line: every boundary is doubtful
    pieces = segments(text)
    assert all(b - a <= MAX_SEGMENT for a, b in pieces)
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(b == c for (_, b), (c, _) in pairwise(pieces)), "segments tile the line"
    spans = sentence_spans(text)
    assert all(text[a:b] == text[a:b].strip() and text[a:b] for a, b in spans)
    assert all(b <= c for (_, b), (c, _) in pairwise(spans)), "in order, never overlapping"
    assert sum(b - a for a, b in spans) >= 0.95 * len(text.replace(" ", "")), "nothing is lost"


def test_a_single_word_longer_than_a_segment_is_cut_at_the_limit() -> None:
    word = "あ" * (MAX_SEGMENT * 2 + 10)
    assert segments(word) == [(0, MAX_SEGMENT), (MAX_SEGMENT, 2 * MAX_SEGMENT), (2 * MAX_SEGMENT, len(word))]


def test_a_line_that_breaks_off_after_a_preposition_goes_on_past_a_blank_line() -> None:
    text = (
        "Send bug reports, comments, questions, etc. to \n\n\tThomas E. Dickey <dickey@example.net>\n\thttps://x.org/\n"
    )
    assert (
        split_sentences(text)[0]
        == "Send bug reports, comments, questions, etc. to \n\n\tThomas E. Dickey <dickey@example.net>"
    )
    # a complete line, or two blank lines, or a list item after it: no join
    assert split_sentences("Send bug reports to Tom.\n\nThomas E. Dickey")[0] == "Send bug reports to Tom."
    assert len(split_sentences("Send bug reports to\n\n\nThomas E. Dickey")) == 2
    assert len(split_sentences("Read the notes of\n\n- the first item")) == 2


def test_a_long_line_cuts_after_an_abbreviation_where_pysbd_reads_a_sentence_end() -> None:
    """On a line longer than pysbd's limit, a doubtful end followed by a capital is decided by pysbd in a window
    around it: '"Time Inc." It was …' is two sentences, 'Dr. Quill' and 'St. Ives' stay whole."""
    filler = "The magazine was read widely in the towns along the coast for many years after the war. " * 4
    line = filler + 'Golf Magazine is owned by "Time Inc." It was started by Dr. Quill in St. Ives in 1959. ' + filler
    pieces = split_sentences(line.strip())
    assert 'Golf Magazine is owned by "Time Inc."' in pieces
    assert "It was started by Dr. Quill in St. Ives in 1959." in pieces


def test_a_short_line_wrapped_before_a_long_word_goes_on_in_the_next_line() -> None:
    text = (
        "'update-ca-certificates' will then update /etc/ssl/certs/ which may be\n"
        "used by various software in Debian.  It will also generate the hash\n"
        "symlinks and generate a single-file version in\n"
        "/etc/ssl/certs/ca-certificates.crt.  Some web browsers use their own.\n"
    )
    assert "symlinks and generate a single-file version in\n/etc/ssl/certs/ca-certificates.crt." in split_sentences(
        text
    )[1]
    # a heading, a table's header above its rule, or a short line whose next word would have fitted (a heading,
    # a field or code as far as the line's length tells) stays a line of its own
    assert split_sentences("Installation\n" + "https://example.org/" + "x" * 70)[0] == "Installation"
    table = "    uid   | name              | description\n    ------+-------------------+---------------\n"
    assert len(split_sentences(table)) == 2
    assert split_sentences("It will generate a version in\nthe folder.")[0] == "It will generate a version in"


def test_a_capitalised_initialism_ends_a_sentence_when_a_sentence_opener_follows() -> None:
    text = "It is the largest hospital in Washington, D.C. A member of MedStar Health, it has 926 beds."
    assert split_sentences(text) == [
        "It is the largest hospital in Washington, D.C.",
        "A member of MedStar Health, it has 926 beds.",
    ]
    for kept in ("It was in the U.S. Army for years.", "J.R.R. Tolkien wrote it.", "Dr. A. Smith is here."):
        assert split_sentences(kept) == [kept]


def test_a_section_number_opening_a_line_stays_with_its_heading() -> None:
    text = "------\n\n1.1. How do you pronounce Quux?\nLike crooks.\n\n2.3.1.  Connecting to a Font Server\n"
    assert split_sentences(text) == [
        "------", "1.1. How do you pronounce Quux?", "Like crooks.", "2.3.1.  Connecting to a Font Server",
    ]  # fmt: skip
    assert split_sentences("It was fixed in 3.79.1. It works.") == ["It was fixed in 3.79.1.", "It works."]


def test_a_lower_case_name_with_its_verb_opens_a_sentence_in_a_long_paragraph() -> None:
    # a paragraph longer than PYSBD_MAX_LINE is cut in windows, where only a capital after a period was an end
    said = (
        "mount(8) now supports a new option --mkdir as a shortcut for X-mount.mkdir, and libmount supports new mount "
        "options X-mount.subdir= to mount a sub-directory from a filesystem instead of the root directory. "
        "lsfd is a NEW COMMAND. lsfd is intended to be a modern replacement for lsof(8) on Linux systems, with "
        "simpler code. lsfd uses Libsmartcols for output formatting and filtering."
    )
    assert split_sentences(said)[1:] == [
        "lsfd is a NEW COMMAND.",
        "lsfd is intended to be a modern replacement for lsof(8) on Linux systems, with simpler code.",
        "lsfd uses Libsmartcols for output formatting and filtering.",
    ]
    kept = "Use a short flag, e.g. tar is fine here. Old tools, etc. are listed."  # after an abbreviation: no end
    assert split_sentences(kept) == ["Use a short flag, e.g. tar is fine here.", "Old tools, etc. are listed."]


def test_a_release_notes_o_bullet_is_a_list_item() -> None:
    text = (
        "Changes in this version include:\no CLI-271:  CommandLine.getXXX should accept an Option as a parameter\n"
        "o CLI-276:  Adjust access-modifier of checkRequiredOptions() to protected.\n"
    )
    assert split_sentences(text) == [
        "Changes in this version include:",
        "o CLI-271:  CommandLine.getXXX should accept an Option as a parameter",
        "o CLI-276:  Adjust access-modifier of checkRequiredOptions() to protected.",
    ]


def test_a_file_extension_after_a_space_is_not_cut_after_its_dot() -> None:
    # pysbd, asked about the doubtful "resp." end, cut after the dot of ".pyc": "an extension ." | "pyc (resp. pyo)."
    text = (
        "To speed up subsequent imports, it tries to save the byte-code along with\n"
        "the source with an extension .pyc (resp. pyo). This will fail if the\n"
        "libraries are installed in a non-writable directory."
    )
    sentences = split_sentences(text)
    assert len(sentences) == 2
    assert sentences[0].endswith("with an extension .pyc (resp. pyo).")


def test_a_headings_underline_stays_a_line_when_wrapped_lines_are_joined() -> None:
    text = "Enable networkd\n===============\nnetworkd is a small service, designed\nfor servers.\n\nNext\n----\nMore."
    joined = unwrap(text)
    assert len(joined) == len(text)  # offsets are kept
    assert split_sentences(joined) == [
        "Enable networkd", "===============", "networkd is a small service, designed for servers.", "Next", "----",
        "More.",
    ]  # fmt: skip
