"""Tables written as text: rows of cells between bars, one row a line.

Three shapes are common in the documents people ingest, and all three are read here:

- ASCII tables of plain-text files (a README's registry of ids): ``uid | name | description``, a rule line
  ``------+------+------`` under the header, then one row a line;
- box-drawing tables (DocBook and man pages rendered to text): bars ``│`` between cells, rules ``├──┼──┤``
  between rows, and a cell's text wrapped over several lines of the same row (``continues``);
- the rows the Markdown, reStructuredText and HTML readers write: cells joined by `` | ``, the header first,
  no rule line.

A *row* is a line that bars cut into at least two cells (``cells_of``; border bars at either end make no
cell, and ``||`` — a shell's "or" — is no bar). A *table* (``tables``) is a run of at least ``MIN_ROWS`` rows
with the same number of cells, rule lines allowed between them. A row whose first cell is empty while the
row above has one goes on with that row (a cell wrapped over lines): their cells are joined.

The *header* is the first row when a rule line follows it and its cells are short (``_short_labels``: a box
table rules off every row), or when every cell of the first row is a short label (``looks_like_header``: one to
``HEADER_WORDS`` words, letters only — "UID/GID" is one word —, no digits). Headers name what each column holds,
so a row reads as facts about the thing its *key* cell names (``key_column``): the first column whose cells are
all filled, are not numbers, and are all different — a registry whose first column is a number is keyed by its
names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from graphproof.text.lines import line_spans

MIN_ROWS = 2  # rows (header included): one row alone with bars is a line of prose or a shell pipeline
HEADER_WORDS = 4  # words: a header cell is a label ("configure flag"), not a sentence

_BAR = re.compile(r"(?<!\|)[|│┃║](?!\|)")
_BORDER_START = re.compile(r"[ \t]*[|│┃║]")
_BORDER_END = re.compile(r"[|│┃║][ \t]*$")
_CODE_SPAN = re.compile(r"(`+)[^\n]*?\1")
# a rule line: box-drawing or ASCII dashes and crossings only, with at least three dashes
_RULE_CHARS = re.compile(r"[ \t]*[-=─━═:+ \t|│┃║├┼┤┝┿┥╞╪╡╟╫╢┌┬┐└┴┘╔╦╗╚╩╝╠╬╣╒╤╕╘╧╛]+[ \t]*")
_DASHES = re.compile(r"[-=─━═]")
_DASH_RUN = re.compile(r"[-=─━═:]+")
_MAYBE = re.compile(r"[|│┃║]|^[ \t]*[-=─━═:+├┝╞╟┌└╔╚╠╒╘]")
_NUMBER = re.compile(r"[-+]?\d[\d.,]*%?")
_LABEL_WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:[-/'’][^\W\d_]+)*[.:]?")


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row: ``text[start:end]`` holds it (its continuation lines included), ``cells`` what it says."""

    start: int
    end: int
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A table of ``text``: its header's cells (``()`` when it has none), its other rows in order, and the row
    of ``text`` that holds the header (``None`` when it has none there: no header, or one given from elsewhere)."""

    start: int
    end: int
    header: tuple[str, ...]
    rows: tuple[TableRow, ...]
    header_row: TableRow | None = None


def may_be_tabular(line: str) -> bool:
    """A cheap test: ``False`` when ``line`` can be neither a row (it has no bar) nor a rule (it starts with no
    dash, crossing or bar), so ``cells_of`` and ``is_rule`` need not look."""
    return _MAYBE.search(line) is not None


def is_rule(line: str) -> bool:
    """Whether ``line`` is a table's rule line (``----+----``, ``├──┼──┤``, ``|---|:--|``, ``=====  =====``):
    only dashes, crossings, bars and colons, with at least three dashes, and more than one run of them (a lone
    run, ``=====``, underlines a heading or rules off a section)."""
    return (
        _RULE_CHARS.fullmatch(line) is not None
        and len(_DASHES.findall(line)) >= 3
        and len(_DASH_RUN.findall(line)) >= 2
    )


def _bars(line: str) -> list[int]:
    """Where the bars of ``line`` are, save those inside inline code (``|this|`` between backticks)."""
    masked = _CODE_SPAN.sub(lambda m: "x" * len(m.group()), line) if "`" in line else line
    return [m.start() for m in _BAR.finditer(masked)]


def cells_of(line: str) -> tuple[str, ...] | None:
    """The cells of ``line`` when it is a table row (at least two cells between bars), else ``None``.
    Cells are stripped; a bar at the start of the line is a border and makes no cell, and so is one at its end
    when the line starts with one too ("a | b |" ends in an empty cell); a bar inside inline code (between
    backticks) is no bar."""
    if is_rule(line):
        return None
    bars = _bars(line)
    if not bars:
        return None
    cuts = [-1, *bars, len(line)]
    cells = [line[a + 1 : b].strip() for a, b in pairwise(cuts)]
    opened = _BORDER_START.match(line) is not None
    if opened:
        cells = cells[1:]
    if opened and _BORDER_END.search(line) and cells:  # "| a | b |"; "a | b |" has an empty last cell
        cells = cells[:-1]
    if len(cells) < 2 or not any(cells):
        return None
    return tuple(cells)


def aligned(line: str, following: str) -> bool:
    """Whether two rows of as many cells are rows of one table: either has borders (``_bordered``), they have
    three cells or more, or their bars stand in the same columns (a two-column ASCII table; two hard-wrapped
    prose lines that happen to hold a bar each, "ITU T.81 | ISO/IEC 10918 …", do not line up)."""
    return _aligned(line, cells_of(line), following, cells_of(following))


def _aligned(line: str, row: tuple[str, ...] | None, following: str, next_row: tuple[str, ...] | None) -> bool:
    """``aligned`` for rows whose cells (``cells_of``) are known."""
    if row is None or next_row is None or len(row) != len(next_row):
        return False
    if _bordered(line, row) or _bordered(following, next_row) or len(row) >= 3:
        return True

    def columns(text: str) -> list[int]:
        return [len(text[:i].expandtabs(8)) for i in _bars(text)]

    return columns(line) == columns(following)


def _bordered(line: str, cells: tuple[str, ...] | None) -> bool:
    """Whether ``line``, whose cells (``cells_of``) are ``cells``, is a row with a bar at its start or end: a
    table's row whatever follows it (a line of prose may hold a bar or two: "the OR operator | in expressions. …
    "a|b" or")."""
    return cells is not None and bool(_BORDER_START.match(line) or _BORDER_END.search(line))


def line_break(line: str, following: str) -> bool | None:
    """How a table reads the break between ``line`` and the next line ``following``: ``False`` when
    ``following`` goes on with the row of ``line`` (``continues``: the lines are one row); ``True`` when the
    break stays (two rows of one table, ``aligned``; a rule line; a row with borders, ``_bordered``); ``None``
    when no table is there to say (prose, a line with a stray bar). Each line is cut into cells once."""
    if not (may_be_tabular(line) or may_be_tabular(following)):
        return None
    row, next_row = cells_of(line), cells_of(following)
    if row is not None and next_row is not None and continues(next_row, row):
        return False
    if (
        _aligned(line, row, following, next_row)
        or is_rule(line)
        or is_rule(following)
        or _bordered(line, row)
        or _bordered(following, next_row)
    ):
        return True
    return None


def continues(cells: tuple[str, ...], previous: tuple[str, ...]) -> bool:
    """Whether a row of ``cells`` goes on with the row of ``previous`` cells: the same number of cells, its
    first cell empty, the previous row's first filled (a cell's text wrapped over lines of its row)."""
    return len(cells) == len(previous) and not cells[0] and bool(previous[0]) and any(cells)


def looks_like_header(cells: tuple[str, ...]) -> bool:
    """Whether every cell is a short label: one to ``HEADER_WORDS`` words of letters ("uid", "configure
    flag", "Description"), a leading ``#`` allowed ("#define")."""
    for cell in cells:
        words = cell.lstrip("#").split()
        if not 1 <= len(words) <= HEADER_WORDS or not all(_LABEL_WORD.fullmatch(w) for w in words):
            return False
    return True


def _merged(row: TableRow, more: TableRow) -> TableRow:
    cells = tuple(" ".join(filter(None, pair)) for pair in zip(row.cells, more.cells, strict=True))
    return TableRow(row.start, more.end, cells)


def _short_labels(cells: tuple[str, ...]) -> bool:
    """Whether every cell is at most ``HEADER_WORDS`` words with a letter, and none opens with a digit or a
    dash: a header row over a rule ("Size (bytes)", "Version 2"), not an option's or a number's row."""
    return all(
        cell and len(cell.split()) <= HEADER_WORDS and any(c.isalpha() for c in cell) and cell[0] not in "-–—0123456789"
        for cell in cells
    )


def _table(found: list[TableRow], ruled_after_first: bool) -> Table:
    first = found[0]
    if (ruled_after_first and _short_labels(first.cells)) or looks_like_header(first.cells):
        return Table(first.start, found[-1].end, first.cells, tuple(found[1:]), first)
    return Table(first.start, found[-1].end, (), tuple(found))


def tables(text: str, header: Sequence[str] = ()) -> list[Table]:
    """The tables of ``text`` (module docstring), in order. Rows keep their offsets in ``text``.

    ``header``, when given, is the header of a table that ``text`` starts inside of (a chunk whose rows' header an
    earlier chunk holds): the first table, when only blank text comes before it and it has as many columns, is
    read under it, its first row a row again if it was taken for a header."""
    found = _tables(text)
    before = text[: found[0].start].split("\n") if found else []
    if not header or not found or not all(not line.strip() or is_rule(line) for line in before):
        return found  # only blank lines and rules may come before a table that goes on from an earlier text
    first = found[0]
    rows = (first.header_row, *first.rows) if first.header_row else first.rows
    if len(header) != len(rows[0].cells):
        return found
    return [Table(first.start, first.end, tuple(header), tuple(rows)), *found[1:]]


def _tables(text: str) -> list[Table]:
    out: list[Table] = []
    rows: list[TableRow] = []
    ruled_after_first = False
    rule_pending = False

    def close() -> None:
        nonlocal rows, ruled_after_first, rule_pending
        if len(rows) >= MIN_ROWS:
            out.append(_table(rows, ruled_after_first))
        rows, ruled_after_first, rule_pending = [], False, False

    for start, end, line in line_spans(text):
        if not line.strip():
            close()  # a blank line ends a table
            continue
        if is_rule(line):
            rule_pending = bool(rows)
            continue
        cells = cells_of(line)
        if cells is None or (rows and len(cells) != len(rows[-1].cells)):
            close()
            if cells is None:
                continue
        row = TableRow(start, end, cells)
        if rows and not rule_pending and continues(cells, rows[-1].cells):
            rows[-1] = _merged(rows[-1], row)
            continue
        if len(rows) == 1 and rule_pending:
            ruled_after_first = True
        rows.append(row)
        rule_pending = False
    close()
    return out


def key_column(table: Table) -> int:
    """The column whose cell names what a row is about: the first whose cells are all filled, not all
    numbers, and all different; else the first column."""
    columns = range(len(table.header or table.rows[0].cells))
    for column in columns:
        cells = [row.cells[column] for row in table.rows]
        if all(cells) and not all(_NUMBER.fullmatch(c) for c in cells) and len(set(cells)) == len(cells):
            return column
    return 0


def is_number(cell: str) -> bool:
    """Whether ``cell`` is a number ("64001", "80%", "1,024")."""
    return _NUMBER.fullmatch(cell) is not None
