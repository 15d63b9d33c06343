"""The ``graphproof`` command line.

Exit codes: 0 success; 1 a graphproof error (a store, loader, export or settings problem — the
message goes to stderr, without a traceback); 2 a usage error (reported by typer/click).
``--json`` output goes to stdout as one JSON document; progress and errors go to stderr.
"""

from __future__ import annotations

import json
import logging
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

import graphproof.cli_evaluation
import graphproof.cli_gnn  # noqa: F401  (registers gnn train/eval/paths)
from graphproof import render
from graphproof.cli_enrich import enrich_app
from graphproof.cli_evaluation import chat_command
from graphproof.cli_ingest import delete_command, ingest_command, report_table
from graphproof.cli_retrieval import ask_command
from graphproof.cli_serve import serve_command
from graphproof.cli_support import (
    CliState,
    JsonFlag,
    cli_store,
    eval_app,
    gnn_app,
    graphproof_errors,
    print_json,
    stderr,
    stdout,
)
from graphproof.cli_verify import verify_command
from graphproof.loaders.triples import DEFAULT_BATCH_SIZE, import_triples
from graphproof.progress import ImportProgress
from graphproof.settings import DEFAULT_STORE

app = typer.Typer(
    name="graphproof",
    help="Knowledge-graph RAG on Neo4j (or an embedded SQLite store): import, search and inspect graphs.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
export_app = typer.Typer(help="Export part of the graph to a file.", no_args_is_help=True)
app.add_typer(export_app, name="export")
app.command("ingest")(ingest_command)
app.command("delete")(delete_command)
app.command("ask")(ask_command)
app.command("verify")(verify_command)
app.command("chat")(chat_command)
app.command("serve")(serve_command)
app.add_typer(eval_app, name="eval")
app.add_typer(gnn_app, name="gnn")
app.add_typer(enrich_app, name="enrich")


class TripleFormatChoice(StrEnum):
    auto = "auto"
    pipe = "pipe"
    jsonl = "jsonl"


class SearchKind(StrEnum):
    edges = "edges"
    chunks = "chunks"
    entities = "entities"


def _print_version(value: bool) -> None:
    if value:
        from graphproof import __version__

        typer.echo(f"graphproof {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            envvar="GRAPHPROOF_STORE",
            show_default=DEFAULT_STORE,
            metavar="URL",
            help="Store URL: sqlite:///path.db (relative), sqlite:////abs/path.db, sqlite:///:memory:, "
            "neo4j://[user:password@]host:7687[?database=name], bolt://… (+s/+ssc variants).",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Print the version and exit."),
    ] = False,
) -> None:
    """graphproof: knowledge graphs you can search, inspect and check."""
    # The Neo4j driver logs every retry of an unreachable server as a warning; the final error is reported anyway.
    logging.getLogger("neo4j").setLevel(logging.CRITICAL)
    ctx.obj = CliState(store_url=store)


@app.command()
def init(ctx: typer.Context) -> None:
    """Create the store's constraints and indexes (idempotent); creates an SQLite file if needed."""
    with cli_store(ctx, create=True) as store:
        store.init()
        stdout().print(Text(f"Initialised the {store.backend} store at {store.location}"), soft_wrap=True)


@app.command("import-triples")
def import_triples_command(
    ctx: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            exists=True, dir_okay=False, metavar="FILE", help="Triples file: subject|relation|object lines or JSONL."
        ),
    ],
    fmt: Annotated[
        TripleFormatChoice, typer.Option("--format", help="auto: .jsonl/.json are JSONL, anything else pipe.")
    ] = TripleFormatChoice.auto,
    strict: Annotated[
        bool, typer.Option("--strict", help="Reject the whole file (write nothing) if any line is malformed.")
    ] = False,
    batch_size: Annotated[
        int, typer.Option("--batch-size", min=1, help="Entities/relations per write transaction.")
    ] = DEFAULT_BATCH_SIZE,
    as_json: JsonFlag = False,
) -> None:
    """Import triples (MetaQA kb.txt pipe format or JSONL) into the store; malformed lines are reported."""
    started = time.perf_counter()
    with cli_store(ctx, create=True) as store, ImportProgress(file, enabled=not as_json, console=stderr()) as progress:
        report = import_triples(  # strict mode: MalformedInput names the file and the first lines, exit 1
            store, file, fmt.value, strict=strict, batch_size=batch_size,
            on_progress=progress.lines_read, on_batch=progress.batch_written,
        )  # fmt: skip
    if as_json:
        print_json(report.as_dict())
        return
    console = stdout()
    console.print(render.import_summary(report, time.perf_counter() - started), soft_wrap=True)
    if report.skipped:
        console.print(render.skipped_lines_from(report.skipped), soft_wrap=True)


@app.command()
def documents(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1_000_000, help="At most this many.")] = 1000,
    as_json: JsonFlag = False,
) -> None:
    """List the documents (id, source, title, chunks), ordered by id."""
    with cli_store(ctx, read_only=True) as store:
        listed = store.list_documents(limit)
    if as_json:
        print_json([item.as_dict() for item in listed])
        return
    table = Table(title=f"{len(listed)} document(s)", title_justify="left")
    for column in ("id", "title", "chunks", "created"):
        table.add_column(column, overflow="fold", justify="right" if column == "chunks" else "left")
    for item in listed:
        d = item.document
        table.add_row(d.id, d.title, str(item.chunks), d.created_at)
    stdout().print(table)


@app.command()
def stats(ctx: typer.Context, as_json: JsonFlag = False) -> None:
    """Count documents, chunks, entities, relations and mentions."""
    with cli_store(ctx, read_only=True) as store:
        result = store.stats()
    if as_json:
        print_json(result.as_dict())
    else:
        stdout().print(render.stats_table(result))


@app.command()
def search(
    ctx: typer.Context,
    kind: Annotated[
        SearchKind,
        typer.Argument(metavar="KIND", help="What to search: edges (relation text), chunks or entities (names)."),
    ],
    text: Annotated[str, typer.Argument(metavar="TEXT", help="Search text (BM25 over the shared analyzer's terms).")],
    k: Annotated[int, typer.Option("-k", "--k", min=1, max=1000, help="How many hits.")] = 10,
    as_json: JsonFlag = False,
) -> None:
    """Full-text (BM25) search over edges, chunks or entities."""
    with cli_store(ctx, read_only=True) as store:
        if kind is SearchKind.edges:
            hits: list[Any] = store.search_relations(text, k)
            rows, table = [render.relation_json(h) for h in hits], render.relations_table
        elif kind is SearchKind.chunks:
            hits = store.search_chunks(text, k)
            rows, table = [render.chunk_json(h) for h in hits], render.chunks_table
        else:
            hits = store.search_entities(text, k)
            rows, table = [render.entity_json(h) for h in hits], render.entities_table
    if as_json:
        print_json({"kind": kind.value, "query": text, "hits": rows})
    elif not hits:
        stdout().print(Text(f"No {kind.value} match {text!r}."))
    else:
        stdout().print(table(hits, f"{kind.value} matching {text!r}"))


def parse_params(pairs: list[str]) -> dict[str, Any]:
    """``["k=v", ...]`` as a dict; values parse as JSON when they can (numbers, lists), else strings."""
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise typer.BadParameter(f"expected NAME=VALUE with NAME an identifier, got {pair!r}", param_hint="--param")
        try:
            params[key] = json.loads(raw)
        except json.JSONDecodeError:
            params[key] = raw
    return params


@app.command()
def cypher(
    ctx: typer.Context,
    query: Annotated[
        str, typer.Argument(metavar="QUERY", help="A Cypher statement; pass values with --param, not inline.")
    ],
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param", "-p", metavar="NAME=VALUE", help="A query parameter (repeatable); JSON values are parsed."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Run a Cypher statement (Neo4j backend only) and print the records."""
    params = parse_params(param or [])
    with cli_store(ctx) as store:
        records = store.cypher(query, params)
    if as_json:
        print_json(records)
    else:
        stdout().print(render.records_table(records))


@export_app.command("html")
def export_html_command(
    ctx: typer.Context,
    out: Annotated[Path, typer.Argument(dir_okay=False, metavar="OUT", help="The HTML file to write.")],
    entity: Annotated[
        list[str] | None, typer.Option("--entity", "-e", help="Start from this entity (repeatable).")
    ] = None,
    hops: Annotated[
        int, typer.Option("--hops", min=0, max=5, help="How far to expand from the starting entities.")
    ] = 1,
    limit: Annotated[int, typer.Option("--limit", min=1, max=5000, help="At most this many entities.")] = 300,
    as_json: JsonFlag = False,
) -> None:
    """Write a self-contained HTML page (works offline) to explore a subgraph in a browser.

    Without --entity it shows the whole graph when that has at most --limit entities, else the best-connected
    entities and their neighbourhood.
    """
    from graphproof.export import export_html

    with cli_store(ctx, read_only=True) as store:
        result = export_html(store, out, names=entity or None, hops=hops, limit=limit)
    if as_json:
        print_json(result.as_dict())
        return
    note = " (truncated by caps)" if result.truncated else ""
    stdout().print(
        Text(f"Wrote {result.path} ({result.entities} entities, {result.relations} relations{note})"), soft_wrap=True
    )


@app.command()
def demo(
    out: Annotated[Path, typer.Option("--out", file_okay=False, help="Directory for the demo store and page.")] = Path(
        ".graphproof/demo"
    ),
    as_json: JsonFlag = False,
) -> None:
    """Build a fresh demo graph from the bundled corpus (offline): ingest, search, export a page."""
    from graphproof.demo import demo_json, run_demo

    with graphproof_errors():
        result = run_demo(out)
    if as_json:
        print_json(demo_json(result))
        return
    console = stdout()
    console.print(Text(f"Demo store: {result.store}", style="bold"), soft_wrap=True)
    console.print(report_table(result.ingest))
    console.print(render.stats_table(result.stats))
    console.print(render.relations_table(result.hits, f"Edges for: {result.question}"))
    console.print(render.chunks_table(result.chunks, f"Chunks for: {result.question}"))
    for asked in result.answers:
        console.print(Text(f"\nQ: {asked.question}", style="bold"), soft_wrap=True)
        for path in asked.retrieval.paths[:3]:
            console.print(Text(f"   path {path.weight:.2f}: {path.format()}"), soft_wrap=True)
        console.print(Text(f"A ({asked.answer.method}, {asked.method}): {asked.answer.text}"), soft_wrap=True)
    console.print(Text(f"Subgraph page: {result.page.path}", style="bold"), soft_wrap=True)
    console.print(Text(f"Open it in a browser: {result.page.path.as_uri()}"), soft_wrap=True)


def main() -> None:
    """Console-script entry point (``graphproof``)."""
    app(prog_name="graphproof")

