"""HTML files and fetched web pages: main-text extraction.

``trafilatura`` extracts the main text (dropping navigation, headers, footers and other
boilerplate; ``NAVIGATION_XPATH`` prunes the navigation bars it would keep). When it finds no main
text (a tiny page, or HTML too broken for it), a plain tag-stripping extraction with the standard
library's ``html.parser`` is used instead, which keeps every visible text node except scripts,
styles, ``<nav>`` and the like. Either way the white space of the page's text collapses as a browser renders it
(a line break in a paragraph's source is a space; ``<pre>`` keeps its lines), so a paragraph wrapped in the source
reads as one — XHTML pages too, whose XML declaration lxml refuses in a string and is dropped first. Tables that
lay the page out rather than hold values (``_unwrap_layout_tables``) are read as plain blocks, so their paragraphs
and list items stay apart. Broken HTML never raises; a page with no visible text at all is an ``InvalidSource``.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from graphproof.loaders.sources.decode import decode_text, stem_title
from graphproof.loaders.sources.errors import InvalidSource
from graphproof.loaders.types import SourceDocument

_INVISIBLE = frozenset({"script", "style", "noscript", "template", "svg", "head", "iframe", "object", "nav"})
# Navigation that trafilatura's recall-favouring mode keeps: <nav>, ARIA navigation, and the "Next: … Previous: …
# Up: … [Index]" bars of generated manuals (texinfo, Sphinx), which link with rel="next"/"prev"/"up".
NAVIGATION_XPATH = [
    "//nav",
    "//*[@role='navigation']",
    "//*[a[@rel='next' or @rel='prev' or @rel='previous' or @rel='up']]",
]
_BLOCK = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
        "table", "td", "th", "tr", "ul",
    }
)
_CELLS = frozenset({"td", "th"})
_ROW_PARTS = frozenset({"td", "th", "tr"})
_TABLE_PARTS = frozenset({"table", "thead", "tbody", "tfoot", "tr"})
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "wbr"})
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_WHITE = re.compile(r"[ \t\r\n\f]+")  # HTML's white space (not the no-break space, which the page shows)
_PREFORMATTED = frozenset({"pre", "textarea", "listing", "plaintext", "xmp"})
_BLANK_LINES = re.compile(r"\n\s*\n+")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")  # lxml takes no encoding declaration in a str (XHTML pages)


class _TextCollector(HTMLParser):
    """Visible text of an HTML document, with line breaks at block elements (a table row a line, its cells
    joined by `` | ``; what a cell holds stays on its row), and its ``<title>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title_parts: list[str] = []
        self.h1_parts: list[str] = []
        self._stack: list[str] = []
        self._cells = 0  # cells of the table row being read so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK or tag == "body":  # body content closes an unclosed <head> or <title>
            self._stack = [open_tag for open_tag in self._stack if open_tag not in ("head", "title")]
        if tag in _CELLS:  # a table row is a line, its cells joined by " | " (``text.tables`` reads it)
            self.parts.append(" | " if self._cells else "")
            self._cells += 1
        elif tag == "tr":
            self.parts.append("\n")
            self._cells = 0
        elif tag in _BLOCK:
            self.parts.append(" " if self._in_cell() else "\n")
        if tag not in _VOID:
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._stack:  # tolerate unclosed and stray end tags
            while self._stack and self._stack.pop() != tag:
                pass
        if tag == "tr":
            self._cells = 0
        if tag in _BLOCK and tag not in _ROW_PARTS:  # the next row's start breaks the line
            self.parts.append(" " if self._in_cell() else "\n")

    def _in_cell(self) -> bool:
        return any(open_tag in _CELLS for open_tag in self._stack)

    def handle_data(self, data: str) -> None:
        if self._stack and self._stack[-1] in _TABLE_PARTS and not data.strip():
            return  # the line breaks between a table's tags are no text: a row stays a line
        if "title" in self._stack:
            self.title_parts.append(data)
        elif not _INVISIBLE.intersection(self._stack):
            # white space collapses as on the page (``_collapsed``), save in preformatted text
            self.parts.append(data if _PREFORMATTED.intersection(self._stack) else _WHITE.sub(" ", data))
            if "h1" in self._stack:
                self.h1_parts.append(data)


def _tidy(text: str) -> str:
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()


def strip_tags(html: str) -> tuple[str, str]:
    """``(text, title)`` of ``html`` by plain tag stripping (never raises on malformed markup)."""
    collector = _TextCollector()
    try:
        collector.feed(html)
        collector.close()
    except Exception:  # noqa: S110 - html.parser is lenient; keep whatever was collected before a failure
        pass
    title = _tidy("".join(collector.title_parts)) or _tidy("".join(collector.h1_parts))
    return _tidy("".join(collector.parts)), " ".join(title.split())


def _collapsed(html: str) -> object:
    """``html`` parsed (an lxml tree) with the white space of its text collapsed as a browser renders it: a run of
    spaces, tabs and line breaks is one space, save inside ``<pre>``, ``<textarea>`` and ``<listing>``. A line break
    in the source of a paragraph ("… disable the leading-edge⏎        call, pass …") breaks no line on the page,
    so it must not end a line of the text either; ``<br>`` and block elements still do. ``html`` itself when lxml
    cannot parse it."""
    try:
        from lxml import html as lxml_html

        tree = lxml_html.fromstring(_XML_DECLARATION.sub("", html, count=1))
    except Exception:  # markup lxml refuses: trafilatura parses it itself
        return html
    _unwrap_layout_tables(tree)
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue  # a comment or processing instruction
        in_pre = any(a.tag in _PREFORMATTED for a in element.iterancestors())
        if element.text and not (in_pre or element.tag in _PREFORMATTED):
            element.text = _WHITE.sub(" ", element.text)
        if element.tail and not in_pre:
            element.tail = _WHITE.sub(" ", element.tail)
    return tree


def _own_table(element: object) -> object:
    return next(element.iterancestors("table"), None)  # type: ignore[attr-defined]


def _unwrap_layout_tables(tree: object) -> None:
    """Turn the tables that lay a page out — a table of one cell, or one with another table in a cell — into plain
    blocks, in place.

    Pages of the early 2000s (libxml2's and libxslt's manuals, many project sites) put the whole page in nested
    tables. trafilatura reads a table as rows of cells, so such a page came out as one "| … |" row holding every
    paragraph, list item and question of the page run together ("… foo.xml Is there C++ bindings ? Yes …"), and the
    sentence splitter could not part them. A table of values keeps its rows, and so does a table whose cells hold
    paragraphs or headings (DocBook's question-and-answer tables, Ninja's table of tools): its rows still pair what
    belongs together."""
    table_parts = _TABLE_PARTS | _CELLS
    for table in list(tree.iter("table")):  # type: ignore[attr-defined]
        parts = [e for e in table.iterdescendants() if isinstance(e.tag, str) and e.tag in table_parts]
        own = [e for e in parts if e.tag != "table" and _own_table(e) is table]
        cells = [e for e in own if e.tag in _CELLS]
        if len(cells) != 1 and not any(e.tag == "table" for e in parts):
            continue
        for element in (table, *own):
            element.tag = "div"


def _trafilatura(html: str) -> tuple[str, str, dict[str, str]]:
    """``(text, title, metadata)`` from trafilatura (over ``_collapsed`` HTML), or empty strings when it finds no
    main text."""
    try:
        import trafilatura  # slow to import: only when a page is read
    except ImportError:  # a broken install (e.g. lxml without lxml.html.clean): the plain parser still reads it
        return "", "", {}
    try:
        result = trafilatura.bare_extraction(
            _collapsed(html), with_metadata=True, include_comments=False, include_tables=True, favor_recall=True,
            prune_xpath=NAVIGATION_XPATH,
        )  # fmt: skip
    except Exception:  # broken markup: fall back to tag stripping
        return "", "", {}
    if result is None or not (result.text or "").strip():
        return "", "", {}
    metadata = {key: str(value) for key in ("url", "date", "author") if (value := getattr(result, key, None))}
    return _tidy(result.text), " ".join((result.title or "").split()), metadata


def html_document(html: str, source: str, id: str) -> SourceDocument:
    """The main text of an HTML page (a file's content or a fetched web page) as one document.

    ``source`` is where the page came from (a path or URL) and ``id`` its stable document id. The
    title is the page's ``<title>`` (or first ``<h1>``) as trafilatura or the fallback finds it, else
    the stem of ``id``. Raises ``InvalidSource`` when the page has no visible text.
    """
    if not html.strip():
        raise InvalidSource(source, "empty HTML page")
    text, title, metadata = _trafilatura(html)
    if not text or not title:
        fallback_text, fallback_title = strip_tags(html)
        text, title = text or fallback_text, title or fallback_title
    if not text:
        raise InvalidSource(source, "no visible text in the HTML page")
    return SourceDocument(
        id=id,
        source=source,
        title=title or stem_title(id),
        text=text,
        format="html",
        metadata=metadata,
    )


def html_file_document(data: bytes, *, id: str, source: str) -> SourceDocument:
    """An HTML file: UTF-8, or the charset its ``<meta charset>`` declares; then ``html_document``."""
    declared = _CHARSET.search(data[:4096])
    encoding = declared.group(1).decode("ascii") if declared else None
    return html_document(decode_text(data, source, fallback_encoding=encoding), source, id)
