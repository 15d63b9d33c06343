"""``graphproof ingest`` and ``graphproof delete``: documents, chat logs and web pages into the graph."""

from __future__ import annotations

from dataclasses import asdict
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from graphproof import render
from graphproof.cli_support import JsonFlag, cli_store, fail, graphproof_errors, print_json, stderr, stdout
from graphproof.components import make_embedder
from graphproof.graph.store import GraphStore
from graphproof.llm import chat_model
from graphproof.loaders.extract import make_extractor
from graphproof.loaders.ingest import IngestOptions, IngestReport, ingest
from graphproof.loaders.pieces import PIECE_CONTEXT, PIECE_MESSAGES
from graphproof.loaders.sources import canonical_source, read_sources
from graphproof.loaders.types import SourceDocument, SourceFailure
from graphproof.settings import load_settings

SHOWN_PROBLEMS = 20


class FormatChoice(StrEnum):
    auto = "auto"
    text = "text"
    markdown = "markdown"
    rst = "rst"
    html = "html"
    pdf = "pdf"
    jsonl = "jsonl"
    chat = "chat"


class ExtractorChoice(StrEnum):
    rule = "rule"
    llm = "llm"


def report_table(report: IngestReport) -> Table:
    table = Table(title="Ingested", show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("documents read", report.documents), ("  added", report.added), ("  replaced", report.replaced),
        ("  unchanged (nothing written)", report.unchanged), ("chunks written", report.chunks),
        ("entities upserted (new or merged)", report.entities), ("relations upserted", report.relations),
        ("mentions upserted", report.mentions), ("sources skipped", len(report.failures)),
        ("chunks whose extraction failed", len(report.extraction_errors)),
    ]  # fmt: skip
    for name, value in rows:
        table.add_row(name, str(value))
    table.add_row("time by stage", ", ".join(f"{k} {v:.1f}s" for k, v in report.timings.items()))
    return table


def problems_text(report: IngestReport) -> Text:
    lines = [f"skipped {f.source}: {f.reason}" for f in report.failures]
    lines += [f"extraction failed for chunk {c}: {e}" for c, e in report.extraction_errors]
    shown = lines[:SHOWN_PROBLEMS]
    if len(lines) > SHOWN_PROBLEMS:
        shown.append(f"… and {len(lines) - SHOWN_PROBLEMS} more (use --json for all)")
    return Text("\n".join(shown), style="yellow")


def ingest_command(
    ctx: typer.Context,
    paths: Annotated[
        list[Path], typer.Argument(exists=True, metavar="PATH...", help="Files or folders (read recursively).")
    ],
    fmt: Annotated[
        FormatChoice,
        typer.Option(
            "--format",
            help="auto: by extension (also under .gz) or a conventional name (README, NEWS …); .txt files with a "
            "Time: header are chats.",
        ),
    ] = FormatChoice.auto,
    extractor: Annotated[
        ExtractorChoice,
        typer.Option("--extractor", help="rule: offline rule-based; llm: the chat model named by GRAPHPROOF_LLM."),
    ] = ExtractorChoice.rule,
    embed: Annotated[
        bool, typer.Option("--embed/--no-embed", help="Embed chunks and entities (all-MiniLM-L6-v2 by default).")
    ] = True,
    pieces: Annotated[
        bool,
        typer.Option(
            "--pieces/--no-pieces",
            help="Also embed each chunk piece by piece (a chat's messages, a long text's sentence runs): vector "
            "search finds a chunk by its best piece; there is more text to embed.",
        ),
    ] = True,
    piece_messages: Annotated[
        int,
        typer.Option(
            "--piece-messages", min=1,
            help="Messages a chat piece reads, its own and those before it (of which it reads the end, "
            "--piece-context characters).",
        ),
    ] = PIECE_MESSAGES,
    piece_context: Annotated[
        int,
        typer.Option(
            "--piece-context", min=0,
            help="Characters a chat piece reads from the end of the messages before its own; 0: all of them "
            "(on LiHua-World no better than 120, and slower).",
        ),
    ] = PIECE_CONTEXT,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when any source or chunk was skipped (the rest is still written).")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Ingest documents (text, Markdown, reStructuredText, HTML, PDF, JSONL, chat logs, zips of chats; any of them
    gzip-compressed) into the graph.

    Re-ingesting an unchanged source writes nothing; a changed one replaces exactly its own chunks, mentions
    and the relations only it supported. Unreadable sources are reported per file and the rest still lands.
    """
    with graphproof_errors():
        settings = load_settings()
        model = chat_model(settings) if extractor is ExtractorChoice.llm else None
        chosen = make_extractor(extractor.value, model)
        embedder = make_embedder(settings) if embed else None
        sources = read_sources(paths, fmt.value)
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    lines = not as_json and not stderr().is_terminal  # a log or a pipe: one plain line per stage, no spinner
    bar = Progress(*columns, console=stderr(), disable=as_json or lines)
    with cli_store(ctx, create=True) as store, bar as progress:
        task = progress.add_task("reading sources", total=None)
        seen = {"documents": 0, "skipped": 0}

        def tick(item: SourceDocument | SourceFailure) -> None:
            seen["skipped" if isinstance(item, SourceFailure) else "documents"] += 1
            progress.update(task, description=f"{seen['documents']} documents, {seen['skipped']} skipped")

        def stage(name: str, seconds: float, items: int) -> None:
            what = STAGE_ITEMS[name]
            if lines:
                stderr().print(f"{name}: {items} {what} in {seconds:.1f} s", soft_wrap=True, highlight=False)
            else:
                progress.update(task, description=f"{name} done: {items} {what} in {seconds:.1f} s")

        with graphproof_errors():
            options = IngestOptions(
                pieces=pieces, piece_messages=piece_messages, piece_context=piece_context or None
            )
            report = ingest(store, sources, chosen, embedder, options, on_document=tick, on_stage=stage)
            graph = store.stats()
    if as_json:
        print_json(report.as_dict() | {"graph": graph.as_dict()})
    else:
        stdout().print(report_table(report))
        stdout().print(render.stats_table(graph))
        if report.skipped:
            stderr().print(problems_text(report), soft_wrap=True)
    if strict and report.skipped:
        fail(f"{report.skipped} source(s) or chunk(s) were skipped (--strict)")
    if report.failures and report.documents == 0:
        fail(f"nothing was ingested: all {len(report.failures)} input(s) were skipped")


STAGE_ITEMS = {"chunk": "chunks", "extract": "relations", "embed": "vectors", "write": "rows"}


def delete_command(
    ctx: typer.Context,
    document: Annotated[
        str, typer.Argument(metavar="DOC", help="The document id, or the path of the file it was ingested from.")
    ],
    as_json: JsonFlag = False,
) -> None:
    """Delete a document: its chunks, their mentions, relations only it supported, and orphaned entities."""
    with cli_store(ctx) as store:
        document_id = resolve_document(store, document)
        result = store.delete_document(document_id)
    if as_json:
        print_json(asdict(result))
    elif not result.found:
        fail(f"no document with id or source {document!r}; `graphproof documents` lists them")
    else:
        stdout().print(
            Text(f"Deleted {document_id}: {result.chunks} chunks, {result.mentions} mentions, "
                 f"{result.relations} relations, {result.entities} orphaned entities"),
            soft_wrap=True,
        )  # fmt: skip
    if not result.found:
        raise typer.Exit(1)


def resolve_document(store: GraphStore, given: str) -> str:
    """``given`` when it is a document id, else the id of the file it names (its canonical path)."""
    if store.documents([given]):
        return given
    return canonical_source(Path(given))
