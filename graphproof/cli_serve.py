"""``graphproof serve``: the local web app."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from graphproof.cli_support import cli_store, graphproof_errors
from graphproof.settings import load_settings


def serve_command(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="Address to bind (local only by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8765,
    allow_writes: Annotated[
        bool, typer.Option("--allow-writes", help="Allow ingest upload, enrich and undoing enrichment runs.")
    ] = False,
    sources: Annotated[
        Path | None, typer.Option("--sources", exists=True, metavar="DIR|URLS-FILE",
                                  help="With --allow-writes: outside text for the Ask page's enrich "
                                       "(a folder of saved pages, or a file of URLs).")
    ] = None,
    search: Annotated[
        bool, typer.Option("--search", help="With --allow-writes: enrich finds pages with ddgs.")
    ] = False,
    upload_dir: Annotated[
        Path | None, typer.Option("--upload-dir", file_okay=False, metavar="DIR",
                                  help="With --allow-writes: where uploaded files are kept (their path names the "
                                       "document). Default: uploads/ beside an embedded store, else a temp folder.")
    ] = None,
) -> None:
    """Serve the Ask, Entity, Documents, Runs and Store pages and the JSON API (docs at /docs)."""
    import uvicorn

    from graphproof.components import check_source_options
    from graphproof.web.app import create_app

    if (sources is not None or search or upload_dir is not None) and not allow_writes:
        raise typer.BadParameter("--sources, --search and --upload-dir go with --allow-writes",
                                 param_hint="--allow-writes")  # fmt: skip
    if sources is not None or search:
        with graphproof_errors():
            check_source_options(sources, search)
    checkpoint = load_settings().gnn_checkpoint  # offers the gnn method when a checkpoint is configured
    with cli_store(ctx, read_only=not allow_writes) as store:
        if upload_dir is None and getattr(store, "backend", "") == "sqlite" and str(store.location) != ":memory:":
            upload_dir = Path(str(store.location)).parent / "uploads"
        app = create_app(store, allow_writes=allow_writes, checkpoint=checkpoint, enrich_sources=sources,
                         enrich_search=search, upload_dir=upload_dir)  # fmt: skip
        uvicorn.run(app, host=host, port=port, log_level="warning")
