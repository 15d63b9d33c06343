"""Shared pieces of the command line: the CLI state, consoles, error mapping and the store context."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from graphproof import render
from graphproof.errors import GraphproofError
from graphproof.graph.store import GraphStore
from graphproof.settings import load_settings
from graphproof.stores import open_store

JsonFlag = Annotated[bool, typer.Option("--json", help="Print one JSON document to stdout instead of tables.")]


@dataclass
class CliState:
    store_url: str | None = None


def stdout() -> Console:
    """The console for results: a terminal's own width; 200 columns into a pipe or file, so tables stay whole."""
    console = Console(highlight=False)
    return console if console.is_terminal else Console(highlight=False, width=max(console.width, 200))


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str) -> NoReturn:
    """Print ``message`` to stderr and exit with code 1."""
    stderr().print(Text(f"Error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(1)


@contextmanager
def graphproof_errors() -> Iterator[None]:
    """Turn graphproof's own errors into a message on stderr and exit code 1."""
    try:
        yield
    except GraphproofError as exc:
        fail(str(exc))


@contextmanager
def cli_store(ctx: typer.Context, *, create: bool = False, read_only: bool = False) -> Iterator[GraphStore]:
    """The store named by ``--store`` (or the settings), closed when the command ends.

    ``read_only`` (the read commands) opens an embedded store without writing to it, so a store on a
    read-only disk or with read-only permissions can still be queried.
    """
    state: CliState = ctx.obj or CliState()
    with graphproof_errors():
        settings = load_settings()
        store = open_store(state.store_url or settings.store, settings, create=create, read_only=read_only)
        try:
            yield store
        finally:
            store.close()


def print_json(data: Any) -> None:
    typer.echo(render.dumps(data))


eval_app = typer.Typer(
    help="Evaluate retrieval, reasoning and verification against public data sets.", no_args_is_help=True
)
gnn_app = typer.Typer(help="Train and evaluate the GNN (ReaRev) reasoner over the graph.", no_args_is_help=True)
