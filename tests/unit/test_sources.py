"""Source readers: text, Markdown, HTML, PDF, JSONL, chat logs and zips; detection; bad input."""

from __future__ import annotations

import io
import os
import stat
import zipfile
from pathlib import Path

import pytest
from graphproof.loaders.sources import (
    InvalidSource,
    UnknownFormat,
    UnsupportedFormat,
    detect_format,
    html_document,
    parse_chat,
    read_file,
    read_sources,
)
from graphproof.loaders.types import ChatMessage, SourceDocument, SourceFailure
from pypdf import PdfReader, PdfWriter

CHAT = (
    "Time: 20260924_20:00\n"
    "JenniferMoore: Hey Li Hua! Ready for the bench press? Note: warm up first 💪🎉\n"
    "LiHua: I’m up for it! “Let’s do it” at 7:30?\n"
    "JenniferMoore: Perfect. Here is the plan:\n"
    "1. **Warm-up**: 10 minutes\n"
    "For the cool-down, how about: stretching\n"
    "\n"
    "<END>\n"
)


def docs(items: list[SourceDocument | SourceFailure]) -> list[SourceDocument]:
    return [item for item in items if isinstance(item, SourceDocument)]


def failures(items: list[SourceDocument | SourceFailure]) -> list[SourceFailure]:
    return [item for item in items if isinstance(item, SourceFailure)]


def read_one(path: Path, fmt: str = "auto") -> SourceDocument | SourceFailure:
    items = list(read_file(path, fmt=fmt))
    assert len(items) == 1, items
    return items[0]


def text_of(path: Path, content: str) -> str:
    """The text of the one document ``content`` written at ``path`` reads as."""
    doc = read_one(write(path, content))
    assert isinstance(doc, SourceDocument), doc
    return doc.text


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def make_pdf(lines: list[str], title: str = "Pancake notes") -> bytes:
    """A minimal valid one-page PDF with a Helvetica text stream (pypdf cannot write text itself)."""

    def escape(text: str) -> str:
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    content = ("BT /F1 12 Tf 72 720 Td " + " 0 -16 Td ".join(f"({escape(line)}) Tj" for line in lines) + " ET").encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Title ({escape(title)}) >>".encode(),
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def encrypt(pdf: bytes, user_password: str, owner_password: str | None = None) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.encrypt(user_password, owner_password=owner_password)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


# --- plain text and Markdown ---------------------------------------------------------------------


def test_text_file_is_one_document_titled_by_its_stem(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "bakery notes.txt", "\ufeffLi Hua buys bread.\r\nHailey bakes it.\r\n"))
    assert isinstance(doc, SourceDocument)
    expected_id = (tmp_path / "bakery notes.txt").resolve().as_posix()
    assert (doc.id, doc.format, doc.title) == (expected_id, "text", "bakery notes")
    assert doc.source == doc.id, "a file's identity is its canonical path"
    assert doc.text == "Li Hua buys bread.\nHailey bakes it."  # BOM dropped, CRLF normalised
    assert doc.source == str(tmp_path / "bakery notes.txt")


def test_markdown_title_is_the_first_heading_outside_code(tmp_path: Path) -> None:
    text = "Intro line\n\n```bash\n# not a heading\n```\n\n## Rosemary Focaccia ##\n\n# Later heading\nBody.\n"
    doc = read_one(write(tmp_path / "recipes.md", text))
    assert isinstance(doc, SourceDocument)
    assert (doc.format, doc.title) == ("markdown", "Rosemary Focaccia")
    assert "# not a heading" in doc.text

    setext = read_one(write(tmp_path / "guide.markdown", "Garden Guide\n============\n\nPlant in spring.\n"))
    assert isinstance(setext, SourceDocument)
    assert setext.title == "Garden Guide"
    untitled = read_one(write(tmp_path / "plain.md", "Just text, #hashtag not a heading.\n"))
    assert isinstance(untitled, SourceDocument)
    assert untitled.title == "plain"


def test_markdown_is_read_as_its_readable_text(tmp_path: Path) -> None:
    text = (
        "# Zstandard\n\n[![Build Status](https://ci.example/badge.svg)](https://ci.example/zstd)\n\n"
        "Zstandard is **dual-licensed** under [BSD](LICENSE) and [GPLv2](COPYING),\nwritten in C.\n\n"
        '<p align="center"><img src="logo.png"> Fast <b>lossless</b> compression</p>\n\n'
        "- fast\n- small\n\n| tool | speed |\n|---|---|\n| zstd | 500 MB/s |\n\n```sh\nmake install\n```\n"
    )
    doc = read_one(write(tmp_path / "README.md", text))
    assert isinstance(doc, SourceDocument) and doc.title == "Zstandard"
    assert doc.text == (
        "Zstandard\n\nZstandard is dual-licensed under BSD and GPLv2, written in C.\n\n"
        "Fast lossless compression\n\n- fast\n\n- small\n\ntool | speed\nzstd | 500 MB/s\n\nmake install"
    )
    badges = read_one(write(tmp_path / "badges.md", "[![b](x.svg)](y)\n"))
    assert isinstance(badges, SourceFailure) and "no readable text" in badges.reason


def test_a_markdown_line_of_labelled_badges_leaves_nothing(tmp_path: Path) -> None:
    text = (
        "# jq\n\n[![Coverage](https://c.example/b.svg)](https://c.example),\nUnix: [![Build](https://t.example/b.svg)]"
        "(https://t.example), Windows: [![Win](https://w.example/b.svg)](https://w.example)\n\n"
        "Note: a line with a label and words stays.\n\nThe logo ![logo](l.png) is drawn by hand.\n"
    )
    expected = "jq\n\nNote: a line with a label and words stays.\n\nThe logo  is drawn by hand."
    assert text_of(tmp_path / "README.md", text) == expected


RST_README = """\
..
   PyJWT is free software: you can redistribute it
   under the terms of the MIT License.

.. vim: set ft=rst:

PyJWT
=====

.. image:: https://ci.example/badge.svg
   :target: https://ci.example/pyjwt

:Author: Jane Roe
:Version: 2.7

A Python implementation of `RFC 7519 <https://tools.ietf.org/html/rfc7519>`_. Original implementation
was written by `@progrium <https://github.com/progrium>`_. See :func:`jwt.decode` and |logo|.

.. |logo| image:: https://example.org/logo.png

.. toctree::

   usage
   api

Tests
-----

You can run tests from the project root after cloning with:

.. code-block:: console

    $ tox

* fast
* small

--leeway SECONDS
    Accept tokens that expired this long ago.

.. note:: Keys are never logged.

+------+-------+
| tool | speed |
+======+=======+
| jwt  | fast  |
+------+-------+
"""


def test_restructuredtext_is_read_as_its_readable_text(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "README.rst", RST_README))
    assert isinstance(doc, SourceDocument)
    assert (doc.format, doc.title) == ("rst", "PyJWT")
    assert doc.text == (
        "PyJWT\n\nPyJWT is free software: you can redistribute it under the terms of the MIT License.\n\n"
        "Author: Jane Roe\n\nVersion: 2.7\n\n"
        "A Python implementation of RFC 7519. Original implementation was written by @progrium. "
        "See jwt.decode and .\n\n"
        "Tests\n\nYou can run tests from the project root after cloning with:\n\n$ tox\n\n- fast\n\n- small\n\n"
        "--leeway SECONDS\n\nAccept tokens that expired this long ago.\n\nKeys are never logged.\n\n"
        "tool | speed\njwt | fast"
    )
    for markup in ("badge.svg", "https://", "code-block", "toctree", "vim", ":func:", "..", "|logo|"):
        assert markup not in doc.text, markup


def test_the_text_inside_sphinx_container_directives_is_kept(tmp_path: Path) -> None:
    text = (
        "Usage\n=====\n\n.. tab:: Unix/macOS\n   :sync: unix\n\n   Run ``python -m pip show``.\n\n"
        ".. versionadded:: 1.2\n   The *leeway* option.\n\n.. deprecated:: 2.0\n\n   Use ``--leeway`` instead.\n\n"
        ".. pip-command-usage:: show\n\n.. autofunction:: jwt.decode\n"
    )
    assert text_of(tmp_path / "usage.rst", text) == (
        "Usage\n\nRun python -m pip show.\n\nAdded in version 1.2: The leeway option.\n\n"
        "Deprecated since version 2.0.\n\nUse --leeway instead."
    )  # a tab's label is not text of its own; directives that only generate text (Sphinx's) leave nothing


def test_restructuredtext_docutils_gives_up_on_is_a_failure_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import docutils.core

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ValueError("unbalanced table")

    monkeypatch.setattr(docutils.core, "publish_doctree", broken)
    failure = read_one(write(tmp_path / "table.rst", "Title\n=====\n\nText.\n"))
    assert isinstance(failure, SourceFailure)
    assert failure.source.endswith("table.rst")
    assert failure.reason == "reStructuredText could not be parsed: unbalanced table"


def test_restructuredtext_without_readable_text_or_title(tmp_path: Path) -> None:
    badges = read_one(write(tmp_path / "badges.rst", ".. image:: https://ci.example/badge.svg\n"))
    assert isinstance(badges, SourceFailure)
    assert "reStructuredText file has no readable text" in badges.reason
    # two top-level sections: no document title, so the file's stem names it; a broken table is still read
    text = "One\n===\n\nFirst.\n\nTwo\n===\n\n+----+\n| a  |\n+---\n\nSecond.\n"
    doc = read_one(write(tmp_path / "notes.rst", text))
    assert isinstance(doc, SourceDocument)
    assert doc.title == "notes"
    assert doc.text.startswith("One\n\nFirst.\n\nTwo")
    assert doc.text.endswith("Second.")
    # a field list above the only top-level section (":orphan:") does not keep its title from naming the document
    orphan = read_one(write(tmp_path / "sunset.rst", ":orphan:\n\nZorp 2 Sunset\n=============\n\nGone.\n"))
    assert isinstance(orphan, SourceDocument)
    assert orphan.title == "Zorp 2 Sunset"
    # .rst files are found by extension, and can be named as the format of another file
    assert detect_format(tmp_path / "index.rst") == detect_format(tmp_path / "a.REST") == "rst"
    forced = read_one(write(tmp_path / "README", "Title\n=====\n\nBody *text*.\n"), fmt="rst")
    assert isinstance(forced, SourceDocument) and forced.text == "Title\n\nBody text."


def test_html_manual_navigation_bars_are_dropped() -> None:
    page = (
        "<html><head><title>Thread Safety</title></head><body><div class='header'><p>Previous: "
        "<a href='a.html' rel='prev'>Closure Example</a>, Up: <a href='u.html' rel='up'>Using libffi</a> "
        "[<a href='i.html' rel='index'>Index</a>]</p></div><h4>Thread Safety</h4><p>libffi is not completely "
        "thread-safe. However, many parts are, and if you follow some simple rules, you can use it safely.</p>"
        "<nav><a href='/'>Home</a></nav></body></html>"
    )
    doc = html_document(page, "manual/Thread-Safety.html", "thread-safety")
    assert "libffi is not completely thread-safe" in doc.text
    assert "Previous" not in doc.text and "Closure Example" not in doc.text and "Home" not in doc.text


def test_japanese_text_file_is_read_as_utf8(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "日記.txt", "李華はパン屋に行きました。とても美味しかった！\n"))
    assert isinstance(doc, SourceDocument)
    assert doc.text == "李華はパン屋に行きました。とても美味しかった！"
    assert doc.title == "日記"


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.txt", b"", "empty file"),
        ("blank.md", b"  \n\n\t\n", "empty file"),
        ("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary content"),
        ("controls.txt", bytes(range(1, 8)) * 20, "binary content"),
        ("latin1.txt", "first line\ncafé crème\n".encode("latin-1"), "invalid UTF-8 at byte 14 (line 2)"),
        ("empty.pdf", b"", "empty file"),
        ("empty.jsonl", b"\n\n", "empty file"),
        ("blob.jsonl", b'{"id": 1}\n\x00\x01\x02\x03', "binary content"),
        ("empty.html", b"   ", "empty file"),
    ],
)
def test_bad_files_are_failures_with_reasons(tmp_path: Path, name: str, content: bytes, reason: str) -> None:
    failure = read_one(write(tmp_path / name, content))
    assert isinstance(failure, SourceFailure)
    assert failure.source == str(tmp_path / name)
    assert reason in failure.reason


def test_utf16_file_with_bom_is_decoded(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "wide.txt", "Hello from UTF-16 ✓".encode("utf-16")))
    assert isinstance(doc, SourceDocument)
    assert doc.text == "Hello from UTF-16 ✓"


# --- HTML --------------------------------------------------------------------------------------------

PAGE = """<!DOCTYPE html><html><head><title>Bakery news</title><script>var tracking = 1;</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/about">About us</a> | <a href="/shop">Shop online now</a></nav>
<header><p>Hailey's Bakery newsletter: subscribe for weekly offers!</p></header>
<main><article>
<h1>Rosemary focaccia is back</h1>
<p>Our rosemary focaccia returns this week. It is baked every morning with olive oil and sea salt,
and the crust stays crisp until the evening.</p>
<p>Li Hua ordered two loaves on Monday and picked them up at noon. Hailey recommends cherry
tomatoes as a topping for anyone who wants an extra burst of flavour.</p>
</article></main>
<footer><p>Copyright 2026 Hailey's Bakery. All rights reserved. Privacy policy. Cookie settings.</p></footer>
</body></html>"""


def test_html_main_text_drops_navigation_and_boilerplate(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "site" / "news.html", PAGE))
    assert isinstance(doc, SourceDocument)
    assert doc.format == "html"
    assert "Li Hua ordered two loaves on Monday" in doc.text
    assert "olive oil and sea salt" in doc.text
    for boilerplate in ("Shop online now", "All rights reserved", "var tracking", "subscribe for weekly"):
        assert boilerplate not in doc.text
    assert doc.title in {"Bakery news", "Rosemary focaccia is back"}


def test_html_document_reads_a_fetched_page_from_a_string() -> None:
    doc = html_document(PAGE, "https://bakery.example/news", "web:bakery-news")
    assert (doc.id, doc.source, doc.format) == ("web:bakery-news", "https://bakery.example/news", "html")
    assert "rosemary focaccia returns" in doc.text


def test_broken_html_does_not_crash_and_keeps_visible_text() -> None:
    broken = "<html><body><p>Unclosed <b>bold <div>Li Hua &amp; Adam</p></span><p>second <i>para</html><<>"
    doc = html_document(broken, "broken.html", "broken.html")
    assert "Li Hua & Adam" in doc.text
    assert "second" in doc.text
    assert "<" not in doc.text.replace("<<>", "")


SOURCE_WRAPPED = (
    "<html><head><title>Throttle</title></head><body><div><p>By default, throttle will execute the function as soon "
    "as you call it for the first time.\n        If you'd like to disable the leading-edge\n        call, pass "
    "<tt>{leading: false}</tt>, and if you'd like to disable the\n        execution on the trailing-edge, pass<br>\n"
    "        <tt>{trailing: false}</tt>.</p>\n<pre>var x = 1;\nvar y = 2;</pre>\n<p>Another paragraph long enough "
    "for the extractor to keep it as main text of the page.</p></div></body></html>"
)


def test_a_line_break_in_a_paragraphs_html_source_is_a_space_as_on_the_page() -> None:
    from graphproof.loaders.sources.html_page import strip_tags

    for text in (html_document(SOURCE_WRAPPED, "t.html", "t.html").text, strip_tags(SOURCE_WRAPPED)[0]):
        # one line up to the <br>, as a browser shows it; <pre> keeps its lines
        wanted = (
            "If you'd like to disable the leading-edge call, pass {leading: false}, and if you'd like to disable the "
            "execution on the trailing-edge, pass\n{trailing: false}."
        )
        assert wanted in text, text
        assert "var x = 1;\nvar y = 2;" in text, text


def test_an_xhtml_page_with_an_xml_declaration_is_read_as_a_browser_shows_it() -> None:
    xhtml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + SOURCE_WRAPPED
    text = html_document(xhtml, "t.html", "t.html").text
    assert "If you'd like to disable the leading-edge call, pass {leading: false}" in text, text


LAYOUT_PAGE = (
    "<html><head><title>FAQ</title></head><body><table width='100%'><tr><td><table><tr><td><a href='i.html'>Home"
    "</a></td></tr></table></td><td><table><tr><td><h1>The Quux library FAQ</h1><ol><li><em>Does Quux build on "
    "Windows?</em><p>Yes, with the MinGW toolchain since release 2.1 of the library and later ones.</p></li><li><em>"
    "Are there C++ bindings</em><p>Yes, for example quuxpp, which wraps every function of the library.</p></li></ol>"
    "</td></tr></table></td></tr></table></body></html>"
)
DATA_TABLE = (
    "<html><head><title>Tools</title></head><body><p>The tools that ship with Quux, each with what it does for the "
    "build, are listed in the following table of the manual.</p><table><tr><th>tool</th><th>what it does</th></tr>"
    "<tr><td>clean</td><td><p>remove built files.</p><p>Adding -g also removes generated files.</p></td></tr><tr><td>"
    "graph</td><td><p>output a file for graphviz.</p></td></tr></table></body></html>"
)


def test_a_page_laid_out_in_nested_tables_keeps_its_paragraphs_and_list_items_apart() -> None:
    text = html_document(LAYOUT_PAGE, "faq.html", "faq.html").text
    lines = text.splitlines()
    assert not any("Windows?" in line and "C++ bindings" in line for line in lines), text  # one "| … |" row before
    assert any(line.lstrip("- ").startswith("Are there C++ bindings") for line in lines), text
    assert "|" not in text
    # a table of values, even with paragraphs in its cells, keeps its rows
    rows = html_document(DATA_TABLE, "tools.html", "tools.html").text.splitlines()
    assert any(line.startswith("| clean |") and "remove built files" in line for line in rows), rows


def test_tiny_page_falls_back_to_tag_stripping() -> None:
    doc = html_document("<html><head><title>T</title><style>p{}</style></head><p>short note</p></html>", "s", "s")
    assert doc.text == "short note"
    assert doc.title == "T"
    unclosed = html_document("<html><head><title>Unclosed title<body><p>body text survives", "u", "u")
    assert unclosed.text == "body text survives"
    assert unclosed.title == "Unclosed title"


def test_html_without_visible_text_is_invalid() -> None:
    with pytest.raises(InvalidSource, match="no visible text"):
        html_document("<html><head><script>alert(1)</script></head><body> </body></html>", "x.html", "x.html")
    with pytest.raises(InvalidSource, match="empty HTML"):
        html_document("  ", "y.html", "y.html")


def test_html_file_in_its_declared_charset(tmp_path: Path) -> None:
    page = '<html><head><meta charset="iso-8859-1"><title>Café</title></head><body><p>crème brûlée</p></body></html>'
    doc = read_one(write(tmp_path / "latin.htm", page.encode("latin-1")))
    assert isinstance(doc, SourceDocument)
    assert "crème brûlée" in doc.text


# --- PDF ---------------------------------------------------------------------------------------------


def test_pdf_text_title_and_page_count(tmp_path: Path) -> None:
    pdf = make_pdf(["Li Hua bakes pancakes (with syrup).", "Hailey delivers bread on Mondays."])
    doc = read_one(write(tmp_path / "notes.pdf", pdf))
    assert isinstance(doc, SourceDocument)
    assert doc.format == "pdf"
    assert "Li Hua bakes pancakes (with syrup)." in doc.text
    assert "Hailey delivers bread on Mondays." in doc.text
    assert (doc.title, doc.metadata["pages"]) == ("Pancake notes", "1")


def test_encrypted_pdf_needing_a_password_is_a_failure(tmp_path: Path) -> None:
    pdf = encrypt(make_pdf(["secret plans"]), "hunter2")
    failure = read_one(write(tmp_path / "locked.pdf", pdf))
    assert isinstance(failure, SourceFailure)
    assert "encrypted PDF" in failure.reason
    assert "password" in failure.reason


def test_pdf_encrypted_with_an_empty_user_password_is_read(tmp_path: Path) -> None:
    pdf = encrypt(make_pdf(["open to all readers"]), "", owner_password="owner")
    doc = read_one(write(tmp_path / "restricted.pdf", pdf))
    assert isinstance(doc, SourceDocument)
    assert "open to all readers" in doc.text


def test_image_only_pdf_is_a_failure(tmp_path: Path) -> None:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buffer = io.BytesIO()
    writer.write(buffer)
    failure = read_one(write(tmp_path / "scan.pdf", buffer.getvalue()))
    assert isinstance(failure, SourceFailure)
    assert "no extractable text in 1 page(s)" in failure.reason


def test_corrupt_pdf_is_a_failure(tmp_path: Path) -> None:
    failure = read_one(write(tmp_path / "fake.pdf", "this is not a PDF at all"))
    assert isinstance(failure, SourceFailure)
    assert "not a readable PDF" in failure.reason


# --- JSONL -------------------------------------------------------------------------------------------


def test_jsonl_records_load_and_bad_lines_are_reported_with_line_numbers(tmp_path: Path) -> None:
    lines = [
        '{"id": "a1", "text": "Li Hua likes focaccia.", "title": "Focaccia", "source": "https://x.example/a1"}',
        "",
        '{"id": "a2", "text": "no closing brace"',
        '{"id": "a3", "title": "missing text"}',
        '["not", "an", "object"]',
        '{"id": "a1", "text": "duplicate id"}',
        '{"id": "a4", "text": "typo", "titel": "misspelt"}',
        '{"id": 7, "text": "integer id", "metadata": {"lang": "en", "year": 2026}}',
    ]
    path = write(tmp_path / "corpus.jsonl", "\n".join(lines) + "\n")
    items = list(read_file(path))
    loaded = docs(items)
    assert [d.id for d in loaded] == ["a1", "7"]
    assert (loaded[0].title, loaded[0].source, loaded[0].format) == ("Focaccia", "https://x.example/a1", "jsonl")
    assert (loaded[1].title, loaded[1].source) == ("7", str(path))
    assert dict(loaded[1].metadata) == {"lang": "en", "year": "2026"}
    reasons = [f.reason for f in failures(items)]
    assert all(f.source == str(path) for f in failures(items))
    assert [reason.split(":")[0] for reason in reasons] == ["line 3", "line 4", "line 5", "line 6", "line 7"]
    assert "invalid JSON" in reasons[0]
    assert "text" in reasons[1] and "Field required" in reasons[1]
    assert "expected a JSON object" in reasons[2]
    assert "duplicate id 'a1' (first used on line 1)" in reasons[3]
    assert "titel" in reasons[4]


def test_jsonl_line_with_invalid_utf8_fails_alone(tmp_path: Path) -> None:
    path = write(tmp_path / "mixed.jsonl", b'{"id": "x", "text": "caf\xe9"}\n{"id": "y", "text": "fine"}\n')
    items = list(read_file(path))
    assert [d.id for d in docs(items)] == ["y"]
    assert failures(items)[0].reason.startswith("line 1: invalid UTF-8")


# --- chat logs ---------------------------------------------------------------------------------------


def test_chat_log_messages_metadata_and_text(tmp_path: Path) -> None:
    doc = read_one(write(tmp_path / "week38" / "20260924_2000.txt", CHAT))
    assert isinstance(doc, SourceDocument)
    assert doc.format == "chat"
    assert dict(doc.metadata) == {"time": "20260924_20:00", "speakers": "JenniferMoore, LiHua", "date": "2026-09-24"}
    assert doc.messages == (
        ChatMessage("JenniferMoore", "Hey Li Hua! Ready for the bench press? Note: warm up first 💪🎉"),
        ChatMessage("LiHua", "I’m up for it! “Let’s do it” at 7:30?"),
        ChatMessage(
            "JenniferMoore",
            "Perfect. Here is the plan:\n1. **Warm-up**: 10 minutes\nFor the cool-down, how about: stretching",
        ),
    )
    assert doc.text.startswith("Time: 20260924_20:00\nJenniferMoore: Hey Li Hua!")
    assert "<END>" not in doc.text
    assert doc.title == "Chat 2026-09-24 20:00 (JenniferMoore, LiHua)"


def test_chat_speakers_with_spaces_and_fullwidth_colons() -> None:
    text = "Time: 20260701_10:00\nTirion Fordring: The storm goes on.\nLi Hua: Stay safe!\n李华：好的\n"
    doc = parse_chat(text, id="c", source="c")
    assert [m.speaker for m in doc.messages] == ["Tirion Fordring", "Li Hua", "李华"]
    assert doc.metadata["speakers"] == "Tirion Fordring, Li Hua, 李华"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("LiHua: hi\nAdam: hello\n", "expected a first line 'Time: YYYYMMDD_HH:MM', got 'LiHua: hi'"),
        ("Time: 2026-09-24 20:00\nLiHua: hi\n", "expected a first line 'Time: YYYYMMDD_HH:MM'"),
        ("Time: 20261340_25:99\nLiHua: hi\n", "invalid time '20261340_25:99'"),
        ("Time: 20260924_20:00\n\n<END>\n", "no 'Speaker: message' lines"),
        ("Time: 20260924_20:00\nfor snacks, how about: nuts\n", "expected 'Speaker: message' after the 'Time:' header"),
    ],
)
def test_malformed_chat_logs_are_failures(tmp_path: Path, text: str, reason: str) -> None:
    failure = read_one(write(tmp_path / "bad.txt", text), fmt="chat")
    assert isinstance(failure, SourceFailure)
    assert reason in failure.reason


def make_zip(path: Path, members: dict[str, str], symlinks: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
        for name, target in (symlinks or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


def test_zip_of_chats_rejects_unsafe_members_and_loads_the_rest(tmp_path: Path) -> None:
    path = make_zip(
        tmp_path / "chats.zip",
        {
            "LiHua-World/week2/20260112_1500.txt": "Time: 20260112_15:00\nJenniferMoore: Hi Li Hua!\nLiHua: Hi!\n",
            "LiHua-World/week1/20260106_0900.txt": "Time: 20260106_09:00\nAdamSmith: Welcome!\n",
            "../evil.txt": "Time: 20260106_09:00\nMallory: escaped\n",
            "/etc/evil.txt": "Time: 20260106_09:00\nMallory: absolute\n",
            "LiHua-World/broken.txt": "no header here\n",
            "LiHua-World/readme.md": "ignored: not a .txt member",
            "__MACOSX/LiHua-World/._20260106_0900.txt": "\x00\x05\x16\x07",
        },
        symlinks={"LiHua-World/link.txt": "/etc/passwd"},
    )
    items = list(read_file(path))
    assert [d.id for d in docs(items)] == [
        f"{path.resolve().as_posix()}/LiHua-World/week1/20260106_0900.txt",
        f"{path.resolve().as_posix()}/LiHua-World/week2/20260112_1500.txt",
    ]
    assert docs(items)[0].metadata["speakers"] == "AdamSmith"
    by_member = {f.source.removeprefix(f"{path}/"): f.reason for f in failures(items)}
    assert set(by_member) == {"../evil.txt", "/etc/evil.txt", "LiHua-World/broken.txt", "LiHua-World/link.txt"}
    assert "'..' escapes the archive" in by_member["../evil.txt"]
    assert "absolute path" in by_member["/etc/evil.txt"]
    assert "symbolic link" in by_member["LiHua-World/link.txt"]
    assert "expected a first line 'Time: YYYYMMDD_HH:MM'" in by_member["LiHua-World/broken.txt"]


def test_bad_zip_is_one_failure(tmp_path: Path) -> None:
    failure = read_one(write(tmp_path / "broken.zip", b"PK\x03\x04 truncated"))
    assert isinstance(failure, SourceFailure)
    assert "not a readable zip archive" in failure.reason


# --- detection and directories -----------------------------------------------------------------------


def test_detect_format_by_extension_content_and_override(tmp_path: Path) -> None:
    chat = write(tmp_path / "c.txt", "\n\nTime: 20260924_20:00\nA: b\n")
    plain = write(tmp_path / "p.txt", "Time flies.\n")
    expected = {"a.md": "markdown", "a.MARKDOWN": "markdown", "a.htm": "html", "a.pdf": "pdf", "a.jsonl": "jsonl"}
    for name, fmt in expected.items():
        assert detect_format(tmp_path / name) == fmt
    assert detect_format(tmp_path / "a.zip") == "chat"
    assert (detect_format(chat), detect_format(plain)) == ("chat", "text")
    assert detect_format(tmp_path / "notes.log", "text") == "text"
    with pytest.raises(UnsupportedFormat, match=r"unsupported file type \.docx"):
        detect_format(tmp_path / "report.docx")
    with pytest.raises(UnknownFormat, match="unknown source format 'word'"):
        detect_format(plain, "word")
    with pytest.raises(UnknownFormat):
        read_sources([plain], fmt="word")


def test_a_projects_text_files_are_read_by_their_conventional_names_and_compressed(tmp_path: Path) -> None:
    import gzip

    from graphproof.loaders.sources.read import gunzip

    readme = "jq\n==\n\njq is a JSON processor.\n\n[![Build](https://ci.example/jq.svg)](https://ci.example/jq)\n"
    write(tmp_path / "jq" / "README", readme)  # Markdown with no .md: its heading and badge say so
    write(tmp_path / "gz" / "README.gz", gzip.compress(b"This is the README of gzip.\n"))
    write(tmp_path / "gz" / "README.md.gz", gzip.compress(b"# Gzip\n\nRead [the manual](https://x.example/m).\n"))
    write(tmp_path / "udev" / "README.Debian", "Predictable names are [used](https://a.example) here.\n")
    write(tmp_path / "bad" / "NEWS.gz", b"not gzip at all")
    write(tmp_path / "bad" / "README.docx", b"PK\x03\x04")
    items = list(read_sources([tmp_path]))
    found = {Path(d.source).relative_to(tmp_path).as_posix(): (d.format, d.text) for d in docs(items)}
    assert found == {
        "gz/README.gz": ("text", "This is the README of gzip."),
        "gz/README.md.gz": ("markdown", "Gzip\n\nRead the manual."),
        "jq/README": ("markdown", "jq\n\njq is a JSON processor."),
        "udev/README.Debian": ("text", "Predictable names are [used](https://a.example) here."),  # no heading
    }
    reasons = {Path(f.source).name: f.reason for f in failures(items)}
    assert reasons["NEWS.gz"].startswith("not readable as gzip-compressed data")
    assert "unsupported file type .docx" in reasons["README.docx"]
    assert detect_format(tmp_path / "INSTALL") == detect_format(tmp_path / "changelog.Debian.gz") == "text"
    # a conventional name as the first or last word of a longer one: lsof's 00FAQ, util-linux's release notes
    longer = ("00FAQ.gz", "descore.README.gz", "v2.38-ReleaseNotes.gz", "ChangeLog-2013", "libstemmer_c_README")
    assert {detect_format(tmp_path / name) for name in longer} == {"text"}
    for name in ("00LSOF-L", "faq-logo.png", "install-notes.docx"):  # no such word, or a binary format
        with pytest.raises(UnsupportedFormat):
            detect_format(tmp_path / name)
    with pytest.raises(InvalidSource, match="decompresses to more than 1000 bytes"):
        gunzip(gzip.compress(b"a" * 5000), "bomb.gz", limit=1000)  # a small file that inflates is refused


def test_read_sources_walks_directories_in_a_stable_order(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    write(root / "b.md", "# B\ntext b\n")
    write(root / "a" / "z.txt", "text z\n")
    write(root / "a" / "chat.txt", CHAT)
    write(root / ".hidden.txt", "skip me\n")
    write(root / ".git" / "config.txt", "skip me too\n")
    write(root / "empty.txt", "")
    write(root / "photo.png", b"\x89PNG")
    (root / "dangling.txt").symlink_to(root / "missing-target.txt")
    single = write(tmp_path / "single.txt", "a direct file\n")

    items = list(read_sources([root, single, tmp_path / "nope.txt"]))
    expected = [root / "a" / "chat.txt", root / "a" / "z.txt", root / "b.md", single]
    assert [d.id for d in docs(items)] == [p.resolve().as_posix() for p in expected]
    assert [d.format for d in docs(items)] == ["chat", "text", "markdown", "text"]
    reasons = {Path(f.source).name: f.reason for f in failures(items)}
    assert reasons == {
        "dangling.txt": "cannot read: broken symbolic link",
        "empty.txt": "empty file (no text)",
        "photo.png": reasons["photo.png"],
        "nope.txt": "cannot read: no such file or directory",
    }
    assert "unsupported file type .png" in reasons["photo.png"]
    assert items == list(read_sources([root, single, tmp_path / "nope.txt"]))  # deterministic


def test_two_files_that_share_a_name_are_two_documents(tmp_path: Path) -> None:
    first = write(tmp_path / "one" / "notes.txt", "first\n")
    second = write(tmp_path / "two" / "notes.txt", "second\n")
    items = list(read_sources([first.parent, second.parent]))
    assert [d.text for d in docs(items)] == ["first", "second"]
    assert [d.id for d in docs(items)] == [first.resolve().as_posix(), second.resolve().as_posix()]
    assert failures(items) == []


def test_the_same_file_named_twice_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notes = write(tmp_path / "one" / "notes.txt", "first\n")
    monkeypatch.chdir(tmp_path / "one")
    items = list(read_sources([notes, Path("notes.txt"), tmp_path / "one"]))
    assert [d.text for d in docs(items)] == ["first"]
    assert all("duplicate document id" in f.reason for f in failures(items)) and len(failures(items)) == 2


def test_explicit_format_applies_to_every_file(tmp_path: Path) -> None:
    write(tmp_path / "d" / "page.txt", "<html><body><p>markup in a txt file</p></body></html>")
    items = list(read_sources([tmp_path / "d"], fmt="html"))
    assert [(d.format, d.text) for d in docs(items)] == [("html", "markup in a txt file")]


def test_an_unexpected_reader_error_is_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(data: bytes, *, id: str, source: str) -> SourceDocument:
        raise RuntimeError("boom")

    monkeypatch.setattr("graphproof.loaders.sources.read.pdf_document", explode)
    path = write(tmp_path / "x.pdf", make_pdf(["text"]))
    items = list(read_sources([path, write(tmp_path / "ok.txt", "fine\n")]))
    assert failures(items) == [SourceFailure(str(path), "unexpected error while reading: RuntimeError: boom")]
    assert [Path(d.id).name for d in docs(items)] == ["ok.txt"]


def test_unreadable_files_and_folders_are_failures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "corpus"
    locked = write(root / "locked.txt", "secret\n")
    write(root / "private" / "inner.txt", "hidden by permissions\n")
    write(root / "open.txt", "readable\n")
    read_bytes, scandir = Path.read_bytes, os.scandir

    def deny_file(self: Path) -> bytes:
        if self.name == "locked.txt":
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    def deny_folder(path: str | os.PathLike[str]) -> object:  # os.walk lists folders with os.scandir
        if Path(path).name == "private":
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(Path, "read_bytes", deny_file)
    monkeypatch.setattr(os, "scandir", deny_folder)
    items = list(read_sources([root]))
    assert [Path(d.id).name for d in docs(items)] == ["open.txt"]
    assert failures(items) == [
        SourceFailure(str(root / "private"), "cannot list the folder: Permission denied"),
        SourceFailure(str(locked), "cannot read: Permission denied"),
    ]


def test_html_falls_back_to_the_plain_parser_when_trafilatura_cannot_be_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "trafilatura", None)  # `import trafilatura` now raises ImportError
    page = "<html><head><title>Tide</title></head><body><p>Herons feed at dawn.</p><script>x()</script></body></html>"
    doc = html_document(page, source="page.html", id="page.html")
    assert doc.text == "Herons feed at dawn." and doc.title == "Tide"
