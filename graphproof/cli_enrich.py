"""``graphproof enrich run | runs | undo | schedule``: outside text → triples in the graph, seen and undone.

The loop itself is ``graphproof.enrichment.Enricher``; these commands choose its parts from the
options and the settings: the outside-text source (``--sources`` folder or URL list, ``--search``),
the extractor (the few-shot LLM one when ``GRAPHPROOF_LLM`` is set, else the rule extractor), and the
self-evaluation (the LLM's two checks with a model; else the GNN's path checks with
``GRAPHPROOF_GNN_CHECKPOINT``; else the retrieval-path checks — the run output says which).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from graphproof.api import enrich
from graphproof.cli_support import JsonFlag, cli_store, graphproof_errors, print_json, stderr, stdout
from graphproof.components import check_source_options, make_outside_source
from graphproof.errors import GraphproofError

if TYPE_CHECKING:
    from graphproof.enrichment import RunReport
    from graphproof.graph.store import GraphStore

enrich_app = typer.Typer(
    help="Enrich the graph from outside text (pages, URLs, search) and see or undo each run.", no_args_is_help=True
)
QuestionsOption = Annotated[
    Path | None,
    typer.Option("--questions", exists=True, dir_okay=False, metavar="FILE",
                 help="One question a line; a tab and |-separated answers may follow (MetaQA), they are not used. "
                      "Without it: the questions queued in the store by failed self-evaluations."),
]  # fmt: skip
SourcesOption = Annotated[
    Path | None,
    typer.Option("--sources", exists=True, metavar="DIR|URLS-FILE",
                 help="A folder of saved pages and text files, or a file of URLs (one a line)."),
]  # fmt: skip
SearchFlag = Annotated[bool, typer.Option("--search", help="Find pages with the web-search provider (ddgs).")]
ForceFlag = Annotated[
    bool, typer.Option("--force", help="Enrich every question, even when its self-evaluation passes.")
]
RunIdOption = Annotated[
    str | None, typer.Option("--resume", metavar="RUN", help="Resume this unfinished run (skips its done questions).")
]


def read_questions(path: Path) -> list[str]:
    """The questions of a file: one a line, anything after a tab ignored, blank lines skipped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise GraphproofError(f"{path}: cannot read the questions file as UTF-8 text ({exc})") from exc
    questions = [line.split("\t", 1)[0].strip() for line in lines]
    return list(dict.fromkeys(q for q in questions if q))


def _questions(store: GraphStore, path: Path | None) -> list[str]:
    if path is not None:
        return read_questions(path)
    queued = [item.question for item in store.queued_questions(1000)]
    if not queued:
        raise GraphproofError("no questions: pass --questions FILE, or let failed self-evaluations queue some first")
    return queued


def _report_table(report: RunReport) -> Table:
    table = Table(title=f"enrichment run {report.run_id}: {report.status}", title_justify="left")
    for column in ("question", "self-evaluation", "pages", "pieces", "triples added", "rejected", "path_2nd"):
        table.add_column(column, overflow="fold")
    for o in report.outcomes:
        verdict = "-" if o.evaluation is None else ("passed" if o.evaluation.passed else
                                                      "failed: " + ", ".join(o.evaluation.failed_checks))  # fmt: skip
        table.add_row(o.question, verdict, str(len(o.pages)), str(o.pieces_kept), str(o.relations_added),
                      str(len(o.rejected)), "\n".join(p.format() for p in o.path_2nd[:3]) or o.note)  # fmt: skip
    return table


@enrich_app.command("run")
def enrich_run_command(
    ctx: typer.Context,
    questions: QuestionsOption = None,
    sources: SourcesOption = None,
    search: SearchFlag = False,
    force: ForceFlag = False,
    resume: RunIdOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Enrich the graph for a questions file (or the queued questions) from outside text; one recorded run."""
    with graphproof_errors(), cli_store(ctx, create=True) as store:
        check_source_options(sources, search)
        report = enrich(store, _questions(store, questions), sources=sources, search=search, force=force,
                        resume=resume)  # fmt: skip
    if as_json:
        print_json(report.as_dict())
        return
    stdout().print(_report_table(report))
    stdout().print(Text(f"{report.relations_added} triples added in {report.seconds:.1f} s; "
                        f"undo with: graphproof enrich undo {report.run_id}"), soft_wrap=True)  # fmt: skip


@enrich_app.command("runs")
def enrich_runs_command(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Newest first, at most this many.")] = 50,
    as_json: JsonFlag = False,
) -> None:
    """List the enrichment runs recorded in the store (when, sources, questions, triples added, errors)."""
    with graphproof_errors(), cli_store(ctx, read_only=True) as store:
        runs = store.list_runs(limit)
    rows = [
        {"id": r.id, "status": r.status, "started_at": r.started_at, "finished_at": r.finished_at,
         "sources": list(r.sources), "questions": len(r.questions), "triples_added": r.triples_added,
         "entities_added": len(r.entity_ids), "errors": list(r.errors)}
        for r in runs
    ]  # fmt: skip
    if as_json:
        print_json(rows)
        return
    table = Table(title="enrichment runs", title_justify="left")
    for column in ("run", "status", "started", "sources", "questions", "triples", "errors"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(row["id"], row["status"], row["started_at"], ", ".join(row["sources"]), str(row["questions"]),
                      str(row["triples_added"]), str(len(row["errors"])))  # fmt: skip
    stdout().print(table)


@enrich_app.command("undo")
def enrich_undo_command(
    ctx: typer.Context,
    run: Annotated[str, typer.Argument(metavar="RUN", help="The run id (graphproof enrich runs).")],
    as_json: JsonFlag = False,
) -> None:
    """Remove exactly what one run added (its relations, and its entities nothing else uses)."""
    with graphproof_errors(), cli_store(ctx) as store:
        report = store.undo_run(run)
    out = {"run_id": run, "relations_removed": report.relations_removed, "entities_removed": report.entities_removed,
           "entities_kept": report.entities_kept}  # fmt: skip
    if as_json:
        print_json(out)
        return
    stdout().print(Text(f"undid {run}: {out['relations_removed']} relations and {out['entities_removed']} entities "
                        f"removed ({out['entities_kept']} entities kept: used elsewhere)"), soft_wrap=True)  # fmt: skip


@enrich_app.command("schedule")
def enrich_schedule_command(
    ctx: typer.Context,
    cron: Annotated[str, typer.Option("--cron", metavar="EXPR", help="A crontab expression, e.g. '0 3 * * *'.")],
    questions: QuestionsOption = None,
    sources: SourcesOption = None,
    search: SearchFlag = False,
    force: ForceFlag = False,
) -> None:
    """Run `enrich run` on a cron schedule in this process (APScheduler) until interrupted."""
    from apscheduler.schedulers.blocking import BlockingScheduler
    from apscheduler.triggers.cron import CronTrigger

    from graphproof.loaders.outside.page import utc_now

    with graphproof_errors():
        try:
            trigger = CronTrigger.from_crontab(cron, timezone="UTC")
        except ValueError as exc:
            raise typer.BadParameter(f"{cron!r} is not a crontab expression ({exc})", param_hint="--cron") from exc
        make_outside_source(sources, search)  # the options (and a URL file) are checked now; each run reads afresh
    console = stderr()

    def job() -> None:
        from graphproof.enrichment import EnrichmentLocked

        try:
            with cli_store(ctx, create=True) as store:
                report = enrich(store, _questions(store, questions), sources=sources, search=search, force=force)
            console.print(Text(f"run {report.run_id}: {report.status}, {report.relations_added} triples added"))
        except EnrichmentLocked as exc:
            console.print(Text(f"skipped: {exc}"))
        except GraphproofError as exc:
            console.print(Text(f"run failed: {exc}"))

    scheduler = BlockingScheduler(timezone="UTC")
    scheduler.add_job(job, trigger, max_instances=1, coalesce=True)
    console.print(Text(f"enrichment scheduled '{cron}' (UTC); next run {trigger.get_next_fire_time(None, utc_now())}"))
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        console.print(Text("scheduler stopped"))
        sys.exit(0)
