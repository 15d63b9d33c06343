"""reStructuredText as readable text: what a reader of the rendered page sees, and the prose of comments.

Parsed with ``docutils`` (the reference parser; no file inclusion, no raw passthrough, no syntax
highlighting, no messages printed). Kept: section titles, paragraphs (hard-wrapped lines joined), list items
(``- ``), a definition list's term and an option list's options on their own line before what describes
them, fields and the document's bibliographic fields as ``Label: value`` lines ("Author: Jane Roe"), table
rows (cells joined by `` | ``), literal, code and doctest blocks as written, line blocks line by line,
admonitions' text, a reference's text, and the prose of comments: a licence header is often
written as one, and what the author wrote there answers "Under what licence …?".
Dropped: images and badges (``.. image::``, ``|badge|`` substitutions), link targets and URLs that are only
targets, substitution definitions, directives docutils does not know (Sphinx's ``toctree``,
``autoclass`` …) and the parser's own messages; the text inside Sphinx's container directives
(``tab``, ``versionadded``, ``deprecated``, ``seealso``, ``only`` …: ``SPHINX_CONTAINERS``) is kept.
An interpreted text role docutils does not know
(Sphinx's ``:func:`load```, ``:ref:`Title <label>```) reads as its text ("load", "Title"). So a README's
"Original implementation was written by `@progrium <https://github.com/progrium>`_." reads "Original
implementation was written by @progrium.", and ``.. code-block:: console`` leaves only the code.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docutils import nodes

# docutils settings: parse only — nothing read from disk or config files, nothing printed, never halt
_SETTINGS: dict[str, Any] = {
    "report_level": 5,
    "halt_level": 5,
    "warning_stream": False,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "syntax_highlight": "none",
    "_disable_config": True,
}
# an unknown role left as written (a "problematic" node): ":role:`text`", ":role:`Title <target>`"
_ROLE = re.compile(r"^:[\w.+:-]+:`(?P<text>.*?)(?:\s*<[^<>]*>)?`_{0,2}$", re.DOTALL)
_REFERENCE = re.compile(r"^`?(?P<text>.*?)(?:\s*<[^<>]*>)?`?_{1,2}$", re.DOTALL)


COMMENT_WORDS = 4  # words a comment's paragraph needs to be read as prose, half of them plain words


class RstError(ValueError):
    """docutils could not parse the text (its message says why)."""


def _skipped(node: nodes.Node) -> bool:
    from docutils import nodes

    return isinstance(
        node,
        nodes.image
        | nodes.target
        | nodes.substitution_definition
        | nodes.system_message
        | nodes.raw
        | nodes.pending
        | nodes.footnote_reference
        | nodes.citation_reference,
    )


def _problematic(text: str) -> str:
    """The readable part of markup docutils left as written (an unknown role, an unresolved reference)."""
    for pattern in (_ROLE, _REFERENCE):
        if found := pattern.match(text.strip()):
            return found.group("text")
    return text


def _inline(node: nodes.Node) -> str:
    """The visible text of an inline node: images, targets and footnote marks dropped."""
    from docutils import nodes

    if isinstance(node, nodes.Text):
        return str(node)
    if _skipped(node):
        return ""
    if isinstance(node, nodes.problematic):
        return _problematic(node.astext())
    return "".join(_inline(child) for child in node.children)


def _line(node: nodes.Node) -> str:
    """An inline container (paragraph, title, term) as one line: hard-wrapped source lines joined."""
    return " ".join(_inline(node).split())


def _option(option: nodes.Node) -> str:
    """An option of an option list as written: "--leeway SECONDS", "-o=FILE" (an argument's text starts with
    its delimiter)."""
    return "".join(part.astext() for part in option.children)


def _cells(row: nodes.Node) -> str:
    from docutils import nodes

    cells = [" ".join(_line(p) for p in entry.children if isinstance(p, nodes.TextElement)) for entry in row.children]
    return " | ".join(cell for cell in cells if cell)


class _Reader:
    """Collects the readable blocks of a doctree (module docstring)."""

    def __init__(self) -> None:
        self.blocks: list[str] = []

    def add(self, text: str, prefix: str = "") -> None:
        if text.strip():
            self.blocks.append(prefix + text)

    def comment(self, text: str) -> None:
        """A comment's paragraphs of prose (a licence header), hard-wrapped lines joined; an editor's or a
        build tool's note ("vim: set ft=rst:", "-*- coding: utf-8 -*-") is not prose."""
        for paragraph in re.split(r"\n\s*\n", text):
            words = paragraph.split()
            if len(words) >= COMMENT_WORDS and sum(w.isalpha() for w in words) * 2 >= len(words):
                self.add(" ".join(words))

    def walk(self, node: nodes.Node, prefix: str = "") -> None:
        from docutils import nodes

        for child in node.children:
            if _skipped(child):
                continue
            if isinstance(child, nodes.comment):
                self.comment(child.astext())
            elif isinstance(child, nodes.literal_block | nodes.doctest_block):
                self.add(child.astext().rstrip("\n"))
            elif isinstance(child, nodes.line_block):
                self.add("\n".join(_line(line) for line in child.findall(nodes.line)))
            elif isinstance(child, nodes.paragraph):
                self.add(_line(child), prefix)
            elif isinstance(child, nodes.title | nodes.subtitle | nodes.rubric | nodes.term):
                self.add(_line(child))
            elif isinstance(child, nodes.option_group):  # "--leeway SECONDS, -l SECONDS"
                self.add(", ".join(_option(option) for option in child.children))
            elif isinstance(child, nodes.list_item):
                self.walk(child, "- ")
            elif isinstance(child, nodes.field):
                name, body = child.children[0], child.children[1]
                self.add(f"{_line(name)}: {' '.join(_line(p) for p in body.findall(nodes.paragraph))}".rstrip(": "))
            elif isinstance(child, nodes.Bibliographic) and isinstance(child, nodes.TextElement):
                self.add(f"{child.tagname.capitalize()}: {_line(child)}")  # docinfo: "Author: …", "Version: …"
            elif isinstance(child, nodes.table):
                self.add("\n".join(filter(None, (_cells(row) for row in child.findall(nodes.row)))))
            elif isinstance(child, nodes.Element):
                self.walk(child, prefix)  # sections, lists, definitions, admonitions, block quotes, references …


# Sphinx directives whose content is text a reader sees; docutils does not know them, and would drop it
SPHINX_CONTAINERS = (
    "tab", "tab-set", "tab-item", "tabs", "group-tab", "versionadded", "versionchanged", "deprecated", "seealso",
    "only", "hlist", "glossary", "centered", "card", "grid-item-card", "dropdown", "todo",
)  # fmt: skip


class _AnyOption(dict[str, Any]):
    """An option spec that takes any option as text (a Sphinx directive's options are not docutils')."""

    def __contains__(self, key: object) -> bool:
        return True

    def __missing__(self, key: str) -> Any:
        from docutils.parsers.rst import directives

        return directives.unchanged


_VERSION_LABELS = {"versionadded": "Added in version", "versionchanged": "Changed in version",
                   "deprecated": "Deprecated since version"}  # fmt: skip


@cache
def _register_containers() -> None:
    """Registers ``SPHINX_CONTAINERS`` with docutils (once, and only names it does not know yet) as directives
    whose content is parsed as ordinary text; a version directive's argument reads as Sphinx shows it ("Added
    in version 1.2: …"), other arguments (a tab's label) are left out."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives

    class Container(Directive):
        has_content = True
        optional_arguments = 1
        final_argument_whitespace = True
        option_spec = _AnyOption()

        def run(self) -> list[nodes.Node]:
            node = nodes.container()
            if self.name in _VERSION_LABELS and self.arguments:  # "Added in version 1.2: The leeway option."
                version, _, rest = self.arguments[0].partition("\n")
                version, _, same_line = version.strip().partition(" ")
                words = " ".join(f"{same_line} {rest}".split())
                label = f"{_VERSION_LABELS[self.name]} {version}" + (f": {words}" if words else ".")
                inline, messages = self.state.inline_text(label, self.lineno)
                node += [nodes.paragraph(label, "", *inline), *messages]
            self.state.nested_parse(self.content, self.content_offset, node)
            return [node]

    # what docutils knows, and what others registered (Sphinx, if it is loaded in this process)
    known = {**getattr(directives, "_directive_registry", {}), **getattr(directives, "_directives", {})}
    for name in SPHINX_CONTAINERS:
        if name not in known:
            directives.register_directive(name, Container)


def rst_doctree(text: str) -> nodes.document:
    """``text`` parsed by docutils with the settings above; ``RstError`` when docutils gives up."""
    from docutils.core import publish_doctree
    from docutils.utils import SystemMessage

    _register_containers()
    try:
        return publish_doctree(text, settings_overrides=_SETTINGS)
    except (SystemMessage, ValueError, IndexError, AttributeError, TypeError) as exc:
        raise RstError(f"reStructuredText could not be parsed: {exc}") from exc


def rst_text(text: str) -> tuple[str, str | None]:
    """The readable text of reStructuredText ``text`` (module docstring), blocks separated by blank lines,
    and the document's title (its first section title when that is the only top-level one, else ``None``; a field
    list before it, such as ":orphan:", does not count)."""
    from docutils import nodes

    tree = rst_doctree(text)
    reader = _Reader()
    reader.walk(tree)
    title = next((_line(child) for child in tree.children if isinstance(child, nodes.title)), None)
    if title is None:  # ":orphan:" or another field list above the title keeps docutils from promoting it
        sections = [child for child in tree.children if isinstance(child, nodes.section)]
        shown = [c for c in tree.children if not isinstance(c, nodes.docinfo | nodes.comment | nodes.target)]
        if len(sections) == 1 and shown[0] is sections[0]:
            title = next((_line(c) for c in sections[0].children if isinstance(c, nodes.title)), None)
    return "\n\n".join(reader.blocks), title or None
