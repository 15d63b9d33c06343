"""``graphproof serve``: the local web app."""

from __future__ import annotations

from typing import Annotated

import typer

from graphproof.cli_support import cli_store
from graphproof.settings import load_settings


def serve_command(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to bind (local only by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8765,
    allow_writes: Annotated[bool, typer.Option("--allow-writes", help="Allow ingest upload and enrich.")] = False,
) -> None:
    """Serve the Ask, Entity, Documents and Store pages and the JSON API (docs at /docs)."""
    import uvicorn

    from graphproof.web.app import create_app

    checkpoint = load_settings().gnn_checkpoint  # offers the gnn method when a checkpoint is configured
    with cli_store(ctx, read_only=not allow_writes) as store:
        app = create_app(store, allow_writes=allow_writes, checkpoint=checkpoint)
        uvicorn.run(app, host=host, port=port, log_level="warning")
