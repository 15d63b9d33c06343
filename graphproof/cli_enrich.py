"""``graphproof enrich run | runs | undo | schedule``: outside text → triples in the graph, seen and undone.

The loop itself is ``graphproof.enrichment.Enricher``; these commands choose its parts from the
options and the settings: the outside-text source (``--sources`` folder or URL list, ``--search``),
the extractor (the few-shot LLM one when ``GRAPHPROOF_LLM`` is set, else the rule extractor), and the
self-evaluation (the LLM's two checks with a model; else the GNN's path checks with
``GRAPHPROOF_GNN_CHECKPOINT``; else the retrieval-path checks — the run output says which).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from graphproof.cli_support import JsonFlag, cli_store, graphproof_errors, print_json, stderr, stdout
from graphproof.errors import GraphproofError
from graphproof.settings import Settings, load_settings

if TYPE_CHECKING:
    from graphproof.enrichment import Enricher, RunReport
    from graphproof.graph.store import GraphStore
    from graphproof.loaders.outside import OutsideSource
    from graphproof.reasoning.self_eval import SelfEvaluation

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


def make_source(sources: Path | None, search: bool) -> OutsideSource:
    """The outside-text source the options name; a ``GraphproofError`` when none or two are named."""
    from graphproof.loaders.outside import FolderSource, SearchSource, UrlSource, read_url_list

    if (sources is None) == (not search):
        raise GraphproofError("name one outside-text source: --sources DIR|URLS-FILE or --search")
    if search:
        return SearchSource()
    assert sources is not None
    return FolderSource(sources) if sources.is_dir() else UrlSource(read_url_list(sources))


def make_evaluator(store: GraphStore, settings: Settings) -> tuple[Callable[[str], SelfEvaluation | None], str]:
    """The self-evaluation the settings allow, and its name for the output (module docstring)."""
    from graphproof.components import make_embedder, make_retriever

    embedder = make_embedder(settings)
    if settings.llm:
        from graphproof.llm import chat_model
        from graphproof.reasoning.self_eval import llm_self_evaluation

        model = chat_model(settings)
        retriever = make_retriever(store, settings, embedder=embedder)
        return (lambda q: llm_self_evaluation(model, q, [p.format() for p in retriever.retrieve(q).paths[:10]]),
                "LLM eval1 + eval2")  # fmt: skip
    if settings.gnn_checkpoint:
        from graphproof.reasoning.gnn.reason import GnnReasoner
        from graphproof.reasoning.self_eval import path_check

        reasoner = GnnReasoner.load(settings.gnn_checkpoint, store, embedder)
        return lambda q: path_check(reasoner.reason(q), embedder.embed), "GNN path checks"
    from graphproof.reasoning.self_eval import retrieval_check

    retriever = make_retriever(store, settings, embedder=embedder)
    return (lambda q: retrieval_check(retriever.retrieve(q, "edge-bm25"), embedder.embed),
            "retrieval-path checks (no GNN checkpoint set)")  # fmt: skip


def make_enricher(store: GraphStore, settings: Settings, source: OutsideSource, evaluate: bool = True) -> Enricher:
    from graphproof.components import make_embedder
    from graphproof.enrichment import Enricher
    from graphproof.llm import chat_model
    from graphproof.loaders.extract import make_extractor
    from graphproof.reasoning.linking import link_entities

    embedder = make_embedder(settings)
    extractor = make_extractor("llm", chat_model(settings)) if settings.llm else make_extractor("rule", None)
    evaluator = make_evaluator(store, settings)[0] if evaluate else None

    def link(question: str) -> list[Any]:
        return [h.item for h in link_entities(store, question, [float(x) for x in embedder.embed_query(question)])]

    return Enricher(store, source, extractor, embedder.embed, evaluate=evaluator, link=link)


def run_once(
    store: GraphStore, settings: Settings, questions: Sequence[str], source: OutsideSource, label: Sequence[str],
    *, force: bool, resume: str | None,
) -> RunReport:  # fmt: skip
    enricher = make_enricher(store, settings, source)
    report = enricher.run(questions, label, run_id=resume, resume=resume is not None, force=force)
    failed = [o.question for o in report.outcomes if o.evaluation is not None and not o.evaluation.passed]
    not_enriched = [q for q in failed if not any(o.question == q and o.relations_added for o in report.outcomes)]
    if not_enriched:  # still weak: keep them for the next run
        store.enqueue_questions([(q, "self-evaluation failed and this run added no triple") for q in not_enriched])
    done = [o.question for o in report.outcomes if o.relations_added]
    queued = {item.question: item.id for item in store.queued_questions(10_000)}
    store.dequeue_questions([queued[q] for q in done if q in queued])
    return report


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
        settings = load_settings()
        source = make_source(sources, search)
        label = [str(sources)] if sources is not None else ["search"]
        asked = _questions(store, questions)
        report = run_once(store, settings, asked, source, label, force=force, resume=resume)
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

    with graphproof_errors():
        try:
            trigger = CronTrigger.from_crontab(cron, timezone="UTC")
        except ValueError as exc:
            raise typer.BadParameter(f"{cron!r} is not a crontab expression ({exc})", param_hint="--cron") from exc
        source = make_source(sources, search)
    console = stderr()

    def job() -> None:
        from graphproof.enrichment import EnrichmentLocked

        try:
            with cli_store(ctx, create=True) as store:
                report = run_once(store, load_settings(), _questions(store, questions), source,
                                  [str(sources) if sources else "search"], force=force, resume=None)  # fmt: skip
            console.print(Text(f"run {report.run_id}: {report.status}, {report.relations_added} triples added"))
        except EnrichmentLocked as exc:
            console.print(Text(f"skipped: {exc}"))
        except GraphproofError as exc:
            console.print(Text(f"run failed: {exc}"))

    scheduler = BlockingScheduler(timezone="UTC")
    scheduler.add_job(job, trigger, max_instances=1, coalesce=True)
    console.print(Text(f"enrichment scheduled '{cron}' (UTC); next run {trigger.get_next_fire_time(None, _now())}"))
    try:
        scheduler.start()
    except (KeyboardInterrupt, SystemExit):
        console.print(Text("scheduler stopped"))
        sys.exit(0)


def _now() -> Any:
    from datetime import UTC, datetime

    return datetime.now(UTC)
