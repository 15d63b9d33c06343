"""Tables written as text (``text.tables``): found, split into rows and read as facts by the extractor
(``loaders.extract.table_facts``), kept as lines of their own by the sentence splitter, carried across chunks by
the chunker, and given to the answer with their header."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path as FilePath

import pytest
from graphproof.graph.model import Chunk, Document, Hit
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.loaders.chunking import TABLE_HEADER_KEY, chunk_document, table_header_of
from graphproof.loaders.extract.patterns import NAME, QUANTITY
from graphproof.loaders.extract.rule import RuleExtractor
from graphproof.loaders.extract.table_facts import predicate_of, table_links
from graphproof.loaders.types import SourceDocument
from graphproof.reasoning.answer import answer_units, extractive_answer, table_rows
from graphproof.reasoning.retriever import Retrieval
from graphproof.text.sentences import split_sentences, unwrap
from graphproof.text.tables import aligned, cells_of, is_rule, key_column, looks_like_header, tables

REGISTRY = (
    "The following uids have been allocated. This is the registry of allocations.\n\n"
    "Reserved uids:\n"
    "    uid   | name              | description\n"
    "    ------+-------------------+---------------\n"
    "    64000 | ftn               | fidogate\n"
    "    64001 | mysql             | mysql-server\n"
    "    64045 | ceph              | ceph object storage\n"
    "    64060 | nova              | nova\n"
    "\nReserved gids:\n"
    "    gid   | name              | description\n"
    "    ------+-------------------+---------------\n"
    "    64001 | mysql             | mysql-server\n"
    "    64020 | asterisk          | asterisk\n"
)

BOXED = (
    "These flags are set when running configure scripts.\n\n"
    "┌───────────┬────────────────────────┬──────────────────────────────────┐\n"
    "│#define    │configure flag          │Description                       │\n"
    "├───────────┼────────────────────────┼──────────────────────────────────┤\n"
    "│TCPCONN    │--enable-tcp-transport  │Enables the INET (IPv4) Domain    │\n"
    "│           │                        │Socket based transport            │\n"
    "├───────────┼────────────────────────┼──────────────────────────────────┤\n"
    "│UNIXCONN   │--enable-unix-transport │Enables the UNIX Domain Socket    │\n"
    "│           │                        │based transport                   │\n"
    "├───────────┼────────────────────────┼──────────────────────────────────┤\n"
    "│DNETCONN   │Not available in X11R7  │Enables the DECnet transports     │\n"
    "└───────────┴────────────────────────┴──────────────────────────────────┘\n"
)

MARKDOWN_ROWS = (  # as the Markdown reader writes a table: cells joined by " | ", the header first, no rule
    "Options\n\n"
    "Option | Default | Meaning\n"
    "--jobs | 4 | how many files are compressed at once\n"
    "--level | - | the compression level\n"
)


# ---------------------------------------------------------------- finding tables


def test_an_ascii_registry_is_read_under_its_header_and_keyed_by_its_names() -> None:
    found = tables(REGISTRY)
    assert [t.header for t in found] == [("uid", "name", "description"), ("gid", "name", "description")]
    uids = found[0]
    assert [r.cells for r in uids.rows][:2] == [("64000", "ftn", "fidogate"), ("64001", "mysql", "mysql-server")]
    assert REGISTRY[uids.rows[1].start : uids.rows[1].end].strip().startswith("64001 | mysql")
    assert key_column(uids) == 1  # the uid column is numbers: the names column says what a row is about


def test_a_box_table_joins_a_cell_wrapped_over_lines_of_its_row() -> None:
    (table,) = tables(BOXED)
    assert table.header == ("#define", "configure flag", "Description")
    assert [r.cells[0] for r in table.rows] == ["TCPCONN", "UNIXCONN", "DNETCONN"]
    assert table.rows[1].cells[2] == "Enables the UNIX Domain Socket based transport"
    assert BOXED[table.rows[1].start : table.rows[1].end].count("\n") == 1  # the row's two lines
    assert key_column(table) == 0


def test_rows_a_reader_wrote_take_their_first_row_as_header_only_when_it_is_labels() -> None:
    (table,) = tables(MARKDOWN_ROWS)
    assert table.header == ("Option", "Default", "Meaning") and len(table.rows) == 2
    (headless,) = tables("64000 | ftn | fidogate\n64001 | mysql | mysql-server\n")
    assert headless.header == () and len(headless.rows) == 2
    assert looks_like_header(("configure flag", "#define")) and not looks_like_header(("mysql-server", "64001"))


def test_prose_with_a_bar_is_no_table() -> None:
    text = "Pipe the output, as in ls | grep foo, to see it.\nThe next line says more about the tool."
    assert tables(text) == []
    assert cells_of("a || b") is None  # a shell's "or" is no bar
    assert cells_of("we format the argument like ``|this|`` here") is None  # bars inside inline code
    # two hard-wrapped prose lines that hold a bar each are one sentence: their bars do not line up
    wrapped = (
        "This software implements ITU T.81 | ISO/IEC 10918 with some extensions from\n"
        "ITU T.871 | ISO/IEC 10918-5 (JPEG File Interchange Format), see the references.\n"
    )
    assert len(split_sentences(wrapped)) == 1
    prose = (  # a line of prose with two bars is no row either
        "  The most notable difference is that the S-Lang regular expressions do\n"
        '  not support the OR operator | in expressions. This means that "a|b" or\n'
        '  "a\\|b" do not have the meaning that they have in other packages.\n'
    )
    assert split_sentences(prose)[0].endswith("in expressions.")
    assert split_sentences(prose)[1].startswith('This means that "a|b" or\n')
    assert not aligned(*wrapped.splitlines()) and aligned("a   | one\n", "bb  | two\n")
    assert tables("Run ls | sort to list files.\n\nThen run du | sort -n to see sizes.\n") == []  # one row alone


def test_rule_lines() -> None:
    assert is_rule("------+------") and is_rule("├──┼──┤") and is_rule("|---|:--|") and is_rule("=====  =====")
    assert not is_rule("=====") and not is_rule("-----------") and not is_rule("a - b")


def test_a_text_that_starts_inside_a_table_is_read_under_the_header_it_is_given() -> None:
    rows = "    64001 | mysql             | mysql-server\n    64045 | ceph              | ceph object storage\n"
    assert tables(rows)[0].header == ()
    (table,) = tables(rows, ("uid", "name", "description"))
    assert table.header == ("uid", "name", "description") and len(table.rows) == 2
    # a first row that looked like a header is a row again under the given header
    (labels,) = tables("alpha | beta | gamma\ndelta | eps | zeta\n", ("a", "b", "c"))
    assert [r.cells[0] for r in labels.rows] == ["alpha", "delta"]
    assert tables(rows, ("uid", "name"))[0].header == ()  # a header of another width is not this table's
    # a box table's rows are each ruled off: a chunk that starts at a rule and a row is read under the header
    start = BOXED.index("├───────────┼────────────────────────┼──────────────────────────────────┤\n│UNIXCONN")
    (boxed,) = tables(BOXED[start:])
    assert boxed.header == ()  # "UNIXCONN | --enable-unix-transport | Enables the UNIX …" is no header
    (under,) = tables(BOXED[start:], ("#define", "configure flag", "Description"))
    assert [r.cells[0] for r in under.rows] == ["UNIXCONN", "DNETCONN"]


# ---------------------------------------------------------------- sentences and answers' units


def test_a_tables_rows_are_sentences_of_their_own() -> None:
    sentences = split_sentences(REGISTRY)
    assert "64001 | mysql             | mysql-server" in sentences
    assert any(s.startswith("uid   | name") for s in sentences)
    units = split_sentences(unwrap(BOXED))
    assert any(u.startswith("│UNIXCONN") and "based transport" in u for u in units)  # the wrapped cell joins its row
    assert not any(u.startswith("│TCPCONN") and "UNIXCONN" in u for u in units)


# ---------------------------------------------------------------- rows read as facts


def _triples(text: str, metadata: dict[str, str] | None = None) -> set[tuple[str, str, str]]:
    return {(r.head, r.relation, r.tail) for r in table_links(text, metadata)[1]}


def test_a_row_states_what_each_column_holds_for_its_key() -> None:
    found = _triples(REGISTRY)
    assert {("mysql", "uid", "64001"), ("mysql", "description", "mysql-server"), ("mysql", "gid", "64001")} <= found
    assert ("nova", "description", "nova") not in found  # a thing is not its own description
    entities, relations = table_links(REGISTRY)
    types = {e.name: e.type for e in entities}
    assert types["mysql"] == NAME and types["64001"] == QUANTITY
    mysql = next(r for r in relations if (r.head, r.relation) == ("mysql", "uid"))
    assert "uid: 64001" in mysql.description and "description: mysql-server" in mysql.description


def test_a_long_cell_or_a_placeholder_names_nothing() -> None:
    found = _triples(BOXED)
    assert ("UNIXCONN", "configure_flag", "--enable-unix-transport") in found
    assert not any(h == "UNIXCONN" and r == "description" for h, r, _ in found)  # seven words: a description
    assert ("DNETCONN", "description", "Enables the DECnet transports") in found
    assert ("--level", "default", "-") not in _triples(MARKDOWN_ROWS)
    assert ("--jobs", "default", "4") in _triples(MARKDOWN_ROWS)
    assert predicate_of("configure flag") == "configure_flag" and predicate_of("#define") == "define"
    assert predicate_of("1 2") == "" and predicate_of("a very long header of many words") == ""


def test_the_rule_extractor_reads_table_rows() -> None:
    relations = RuleExtractor().extract_one(REGISTRY).relations
    assert ("mysql", "uid", "64001") in {(r.head, r.relation, r.tail) for r in relations}


def test_a_chunk_that_starts_inside_a_table_carries_its_header() -> None:
    rows = "".join(f"    {64000 + i} | user{i:03d}           | service number {i}\n" for i in range(60))
    text = "Reserved uids:\n    uid   | name              | description\n    ------+------+------\n" + rows
    document = SourceDocument(id="d", source="d", title="", text=text, format="text")
    chunks = chunk_document(document, target_tokens=64, overlap_tokens=8)
    assert len(chunks) > 2
    later = chunks[-1]
    assert later.metadata[TABLE_HEADER_KEY] == "uid | name | description"
    assert TABLE_HEADER_KEY not in chunks[0].metadata
    assert table_header_of(later.metadata) == ("uid", "name", "description")
    last = 64000 + 59
    assert ("user059", "uid", str(last)) in _triples(later.text, dict(later.metadata))
    assert ("user059", "uid", str(last)) not in _triples(later.text)  # without the header: nothing to say


# ---------------------------------------------------------------- answers


@pytest.fixture
def store(tmp_path: FilePath) -> Iterator[SQLiteStore]:
    s = SQLiteStore(tmp_path / "g.db")
    s.init()
    s.upsert_documents([Document("reg", "docs/base/README", title="README", hash="reg")])
    s.upsert_chunks([Chunk("reg#0", "reg", 0, REGISTRY, "reg")])
    yield s
    s.close()


def test_a_rows_header_is_what_the_row_is_about_in_the_answer(store: SQLiteStore) -> None:
    chunks = [Hit(c, 1.0) for c in store.chunks(["reg#0"])]
    answer = extractive_answer(store, Retrieval("bm25", "Which uid is reserved for mysql?", chunks), sentences=3)
    assert answer.text.startswith("64001 | mysql | mysql-server")
    assert "ceph" not in answer.text  # the row after it does not go on with it
    assert "64000 | ftn" not in answer.text  # "Reserved uids:" announces the table, not its first row
    gid = extractive_answer(store, Retrieval("bm25", "Which gid does the asterisk group have?", chunks), sentences=1)
    assert gid.text.startswith("64020 | asterisk")
    rows = table_rows(store.chunks(["reg#0"])[0])
    # the same row in each table, each under its own header and the line that announces its table
    mysql = "64001 | mysql | mysql-server"
    assert (mysql, mysql, "Reserved uids: uid name description") in rows
    assert (mysql, mysql, "Reserved gids: gid name description") in rows


def test_a_row_is_given_as_its_cells(store: SQLiteStore) -> None:
    store.upsert_documents([Document("box", "docs/xtrans/xtrans.txt", title="xtrans", hash="box")])
    store.upsert_chunks([Chunk("box#0", "box", 0, BOXED, "box")])
    units = answer_units(store.chunks(["box#0"])[0])
    assert "UNIXCONN | --enable-unix-transport | Enables the UNIX Domain Socket based transport" in units
    assert not any("│" in u for u in units if "UNIXCONN" in u)
    chunks = [Hit(c, 1.0) for c in store.chunks(["box#0"])]
    question = "Which configure flag enables the UNIX domain socket transport?"
    answer = extractive_answer(store, Retrieval("bm25", question, chunks), sentences=1)
    assert answer.text == "UNIXCONN | --enable-unix-transport | Enables the UNIX Domain Socket based transport"


# ---------------------------------------------------------------- tables the readers write


def test_an_html_table_is_written_a_row_a_line_and_read_as_a_table() -> None:
    from graphproof.loaders.sources.html_page import strip_tags
    from graphproof.loaders.sources.markdown import markdown_text

    html = (
        "<table>\n<thead>\n<tr><th>Keybindings</th><th>Description</th><th>Notes</th></tr>\n</thead>\n"
        "<tr>\n  <td><kbd>Ctrl</kbd>+<kbd>L</kbd></td>\n  <td><p>Clear screen</p></td><td></td></tr>\n"
        "<tr><td>Ctrl+Y</td><td>Yank the deleted text</td><td>Only after Ctrl+U</td></tr>\n</table>"
    )
    text, _ = strip_tags(f"<p>Keys:</p>{html}<p>After.</p>")
    assert text == (
        "Keys:\n\nKeybindings | Description | Notes\nCtrl+L | Clear screen |\nCtrl+Y | Yank the deleted text | "
        "Only after Ctrl+U\n\nAfter."
    )
    (table,) = tables(markdown_text(f"Intro.\n\n{html}\n\nAfter."))  # an HTML block in Markdown
    assert table.header == ("Keybindings", "Description", "Notes")
    assert table.rows[0].cells == ("Ctrl+L", "Clear screen", "")  # a row ending in an empty cell
    assert ("Ctrl+L", "description", "Clear screen") in _triples(text)
