"""``graphproof ask`` and ``graphproof eval retrieval``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from graphproof.cli_support import JsonFlag, cli_store, eval_app, fail, graphproof_errors, print_json, stderr, stdout
from graphproof.components import gnn_checkpoint, make_embedder, make_rag, make_retriever
from graphproof.evaluation.retrieval import (
    DEFINITIONS,
    SELECT_RULES,
    TUNING_GRID,
    MethodScores,
    QAItem,
    evaluate,
    fold_summary,
    lihua_store,
    load_questions,
    two_fold,
)
from graphproof.graph.embed import Embedder
from graphproof.graph.store import GraphStore
from graphproof.rag import ASK_METHODS, AskResult
from graphproof.reasoning.bm25 import BM25Params
from graphproof.reasoning.retriever import METHODS, RetrievalConfig, Retriever
from graphproof.render import PATHS_ORDER_CAPTION, snippet
from graphproof.settings import Settings, load_settings
from graphproof.verifying import MethodChoice, report_renderable

DEFAULT_EVAL_DIR = Path(".graphproof") / "eval"
EVAL_METHODS = ("naive", "bm25", "bm25-dense", "graph-vector", "edge-bm25", "chunk-bm25", "hybrid-rrf")


def parse_bm25(value: str | None) -> BM25Params | None:
    """``"1.5,0.75"`` -> in-process re-scoring with k1 = 1.5, b = 0.75; None keeps the index's own BM25."""
    if not value:
        return None
    try:
        k1, b = (float(x) for x in value.split(","))
        return BM25Params(k1, b)
    except ValueError as exc:
        raise typer.BadParameter(f"expected K1,B such as 1.5,0.75, got {value!r} ({exc})", param_hint="--bm25") from exc


def check_device(name: str) -> None:
    """A usage error for ``--device`` when it names no device or CUDA is asked for but absent."""
    from graphproof.reasoning.gnn.device import DeviceUnavailable, resolve_device

    try:
        resolve_device(name)
    except DeviceUnavailable as exc:
        raise typer.BadParameter(str(exc), param_hint="--device") from exc


def ask_command(
    ctx: typer.Context,
    question: Annotated[str, typer.Argument(metavar="QUESTION", help="The question to answer from the graph.")],
    method: Annotated[
        str, typer.Option("--method", "-m", help=f"One of: {', '.join(METHODS)}, gnn (needs a checkpoint).")
    ] = "hybrid-rrf",
    ckpt: Annotated[
        Path | None, typer.Option("--ckpt", help="GNN checkpoint for --method gnn (or GRAPHPROOF_GNN_CHECKPOINT).")
    ] = None,
    k: Annotated[int, typer.Option("-k", "--k", min=1, max=100, help="How many chunks and paths to show.")] = 10,
    bm25: Annotated[str | None, typer.Option("--bm25", metavar="K1,B", help="Re-score BM25 in process.")] = None,
    use_llm: Annotated[
        bool, typer.Option("--llm/--no-llm", help="Generate the answer with GRAPHPROOF_LLM when it is set.")
    ] = True,
    verify: Annotated[
        bool, typer.Option("--verify", help="Check the answer against the top retrieved chunks with a theorem prover.")
    ] = False,
    verify_method: Annotated[
        MethodChoice, typer.Option("--verify-method", help="offline (no LLM), fol, fol-no-grouping, baseline, lexical.")
    ] = MethodChoice.offline,
    verify_chunks: Annotated[
        int, typer.Option("--verify-chunks", min=1, max=50, help="Premises: the top N chunks.")
    ] = 5,
    device: Annotated[
        str, typer.Option("--device", metavar="auto|cpu|cuda", help="Embedder and GNN device (auto: CUDA if present).")
    ] = "auto",
    enrich: Annotated[
        bool, typer.Option("--enrich", help="If the self-evaluation of the paths fails, add triples from outside "
                                            "text (--sources or --search; a recorded run) and answer again.")
    ] = False,
    sources: Annotated[
        Path | None, typer.Option("--sources", exists=True, metavar="DIR|URLS-FILE",
                                  help="With --enrich: a folder of saved pages, or a file of URLs.")
    ] = None,
    search: Annotated[bool, typer.Option("--search", help="With --enrich: find pages with ddgs.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Answer a question: ranked chunks with sources, weighted graph paths, and an answer.

    The answer is extractive (the best evidence sentences) without an LLM, generated from the evidence and
    paths when GRAPHPROOF_LLM is set. --verify checks every claim of the answer against the top chunks
    (proved / refuted / unknown, with the chunks each proof used). --enrich repairs the graph from outside
    text first when the paths look weak, and says which paths came from the graph and which from which page.
    """
    if method not in ASK_METHODS:
        raise typer.BadParameter(f"unknown method {method!r}; expected one of {', '.join(ASK_METHODS)}",
                                 param_hint="--method")  # fmt: skip
    params = parse_bm25(bm25)
    if (sources is not None or search) and not enrich:
        raise typer.BadParameter("--sources and --search go with --enrich", param_hint="--enrich")
    enrichment: dict[str, Any] | None = None
    with cli_store(ctx, read_only=not enrich) as store, graphproof_errors():
        settings = load_settings()
        if enrich:
            enrichment = enrich_for(store, question, sources, search)
        checkpoint = gnn_checkpoint(settings, ckpt) if method == "gnn" else None
        if device not in ("auto", "cpu"):  # cuda: say now, clearly, when there is none (auto needs no torch import)
            check_device(device)
        rag = make_rag(store, settings, verify_method=verify_method.value if verify else None, checkpoint=checkpoint,
                       bm25=params, use_llm=use_llm, verify_chunks=verify_chunks, device=device)  # fmt: skip
        result = rag.ask(question, method=method, verify=verify, k=k)
        data = result.to_dict()
    if enrichment is not None:
        data["enrichment"] = enrichment
    if as_json:
        print_json(data)
        return
    print_ask(result)
    if enrichment is not None:
        print_enrichment(enrichment)


def enrich_for(store: GraphStore, question: str, sources: Path | None, search: bool) -> dict[str, Any]:
    """One enrichment run for ``question`` (only when its self-evaluation fails): the run's outcome as data."""
    from graphproof.api import enrich

    report = enrich(store, [question], sources=sources, search=search)
    return {"run_id": report.run_id, **report.outcomes[0].as_dict()}


def print_enrichment(enrichment: dict[str, Any]) -> None:
    """Which paths came from the graph (above) and which from outside pages (here, with each page)."""
    console = stdout()
    evaluation = enrichment["self_evaluation"] or {}
    if not enrichment["enriched"]:
        console.print(Text(f"enrichment: {enrichment['note']}"), soft_wrap=True)
        return
    failed = [j["check"] for j in evaluation.get("judgements", []) if not j["ok"]]
    console.print(Text(f"enrichment run {enrichment['run_id']}: self-evaluation failed ({', '.join(failed)}); "
                       f"{enrichment['relations_added']} triples added from {len(enrichment['pages'])} page(s)"),
                  soft_wrap=True)  # fmt: skip
    for path in enrichment["path_2nd"]:
        pages = sorted({e["source_url"] for e in path["edges"] if e["origin"] == "enrichment" and e["source_url"]})
        console.print(Text(f"   path from outside text: {path['text']}  [{', '.join(pages)}]"), soft_wrap=True)


def print_ask(result: AskResult) -> None:
    """The ask result for a person: chunks with sources, weighted paths, GNN answers, the answer, claims."""
    data = result.to_dict()
    console = stdout()
    ms = data["timings"].get("retrieve_ms", 0.0)
    table = Table(title=f"{result.method}: chunks for {result.question!r} ({ms} ms)")
    for column in ("#", "score", "chunk", "source", "text"):
        table.add_column(column, overflow="fold")
    for row in data["chunks"]:
        table.add_row(str(row["rank"]), f"{row['score']:.3f}", row["id"], str(row["source"]), snippet(row["text"]))
    console.print(table)
    if data["paths"] and data["paths_order"] == "display":
        console.print(Text(PATHS_ORDER_CAPTION, style="dim"), soft_wrap=True)
    for path in data["paths"]:
        console.print(Text(f"  {path['weight']:.2f}  {path['text']}"), soft_wrap=True)
    if result.gnn is not None:
        names = ", ".join(f"{e.name} ({s:.2f})" for e, s in result.gnn.answers) or "none"
        console.print(Text("GNN answers: ", style="bold") + Text(names), soft_wrap=True)
        for line in result.gnn.formatted:
            console.print(Text(f"  {line}"), soft_wrap=True)
    console.print(Text(f"Answer ({result.answer.method}): ", style="bold") + Text(result.answer.text), soft_wrap=True)
    for note in result.notes:
        console.print(Text(f"note: {note}", style="yellow"), soft_wrap=True)
    if result.verification is not None:
        console.print(report_renderable(result.verification))


def scores_table(
    title: str, results: dict[str, MethodScores], k: int, chosen: dict[str, dict[str, object]] | None = None
) -> Table:
    """One row per method; with ``chosen``, a last column with the tunables chosen for it on the other fold."""
    table = Table(title=title, caption=DEFINITIONS)
    columns = ["method", f"Recall@{k}", f"nDCG@{k}", "Single R / N", "Multi R / N", "p50 ms", "mean ms"]
    for column in columns + (["chosen"] if chosen is not None else []):
        table.add_column(column, justify="left" if column in ("method", "chosen") else "right")
    for method, scores in results.items():
        s = scores.summary()
        by_type: dict[str, Any] = s["by_type"]  # type: ignore[assignment]

        def pair(t: str, by_type: dict[str, Any] = by_type) -> str:
            return (
                f"{by_type[t]['recall']:.3f} / {by_type[t]['ndcg']:.3f} ({by_type[t]['questions']})"
                if t in by_type
                else "-"
            )

        extra = [", ".join(f"{n}={v}" for n, v in chosen[method].items())] if chosen is not None else []
        table.add_row(method, f"{s['recall']:.3f}", f"{s['ndcg']:.3f}", pair("Single"), pair("Multi"),
                      f"{s['p50_ms']}", f"{s['mean_ms']}", *extra)  # fmt: skip
    return table


@eval_app.command("retrieval")
def eval_retrieval_command(
    data: Annotated[Path, typer.Option("--data", exists=True, file_okay=False, help="The lihua-world folder.")],
    qa: Annotated[Path | None, typer.Option("--qa", exists=True, dir_okay=False, help="Another question file.")] = None,
    half_year: Annotated[bool, typer.Option("--half-year", help="Jan-Jun chats and questions only.")] = False,
    methods: Annotated[list[str] | None, typer.Option("--methods", help="Methods to run (repeatable).")] = None,
    k: Annotated[int, typer.Option("-k", "--k", min=1, max=100)] = 10,
    bm25: Annotated[str | None, typer.Option("--bm25", metavar="K1,B", help="Re-score BM25 in process.")] = None,
    out: Annotated[Path, typer.Option("--out", help="Where the evaluation stores live (reused).")] = DEFAULT_EVAL_DIR,
    fresh: Annotated[bool, typer.Option("--fresh", help="Ingest the chats again into a new store.")] = False,
    folds: Annotated[
        int,
        typer.Option("--folds", min=0, max=2, help="2: choose the tunables on one half of the questions (even/odd "
                     "position), report the other half, then the reverse; 0: score the defaults on all questions."),
    ] = 0,
    select: Annotated[
        str,
        typer.Option("--select", help="With --folds 2, how a fold picks its settings: one-se (the best unless the "
                     "defaults are within one standard error of it) or best (the best mean nDCG@10)."),
    ] = "one-se",
    as_json: JsonFlag = False,
) -> None:
    """Recall@K and nDCG@K of every retrieval method on LiHua-World (ingests the chats, or reuses the store)."""
    chosen = list(methods or EVAL_METHODS)
    unknown = [m for m in chosen if m not in METHODS]
    if unknown:
        raise typer.BadParameter(f"unknown method(s) {unknown}; expected {', '.join(METHODS)}", param_hint="--methods")
    if select not in SELECT_RULES:
        expected = " or ".join(SELECT_RULES)
        raise typer.BadParameter(f"unknown rule {select!r}; expected {expected}", param_hint="--select")
    params = parse_bm25(bm25)
    with graphproof_errors():
        settings = load_settings()
        if "hybrid-rerank" in chosen and not settings.reranker:
            fail("hybrid-rerank needs GRAPHPROOF_RERANKER (a CrossEncoder model name or path); none is configured")
        questions = load_questions(qa or data / "qa_dev.json", half_year)
        setting = "half" if half_year else "full"
        embedder = make_embedder(settings)  # one model for ingest and queries

        def announce(db: Path) -> None:
            stderr().print(f"ingesting {data / 'LiHuaWorld.zip'} into {db} …")

        store = lihua_store(data, half_year, out, embedder, fresh=fresh, on_ingest=announce)
        try:
            if folds == 2:
                _two_fold(store, settings, embedder, params, questions, chosen, k, half_year, as_json, select)
                return
            retriever = make_retriever(store, settings, embedder=embedder, bm25=params)
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
            with Progress(*columns, console=stderr(), disable=as_json) as progress:
                task = progress.add_task("evaluating", total=len(questions) * len(chosen))
                results = evaluate(retriever, questions, chosen, k, lambda m, i: progress.update(task, advance=1,
                                   description=m))  # fmt: skip
        finally:
            store.close()
    title = f"LiHua-World {'Jan-Jun' if half_year else 'full year'}: {len(questions)} questions"
    if as_json:
        print_json({"setting": setting, "questions": len(questions), "k": k, "definitions": DEFINITIONS,
                    "bm25": None if params is None else {"k1": params.k1, "b": params.b},
                    "methods": {m: s.summary() for m, s in results.items()}})  # fmt: skip
        return
    stdout().print(scores_table(title, results, k), width=max(stdout().width, 130))


def _two_fold(
    store: GraphStore, settings: Settings, embedder: Embedder, params: BM25Params | None, questions: list[QAItem],
    methods: list[str], k: int, half_year: bool, as_json: bool, select: str,
) -> None:  # fmt: skip
    """``eval retrieval --folds 2``: tune on one fold, report the other, both ways, and the mean."""

    def retriever(config: RetrievalConfig) -> Retriever:
        return make_retriever(store, settings, embedder=embedder, bm25=params, config=config)

    with Progress(TextColumn("{task.description}"), TimeElapsedColumn(), console=stderr(), disable=as_json) as bar:
        task = bar.add_task("tuning", total=None)
        results = two_fold(retriever, questions, methods, k, on_step=lambda s: bar.update(task, description=s),
                           select=select)
    summary = fold_summary(results)
    if as_json:
        print_json({"setting": "half" if half_year else "full", "questions": len(questions), "k": k, "folds": 2,
                    "select": select, "grid": {name: list(values) for name, values in TUNING_GRID.items()},
                    **summary})  # fmt: skip
        return
    label = "Jan-Jun" if half_year else "full year"
    for result in results:
        title = f"LiHua-World {label}, fold {result.fold} (tuned on fold {result.tuned_on})"
        stdout().print(scores_table(title, result.scores, k, result.chosen), width=max(stdout().width, 150))
    mean = Table(title=f"LiHua-World {label}: mean of the two folds ({len(questions)} questions)")
    for column in ("method", f"Recall@{k}", f"nDCG@{k}", "Single R / N", "Multi R / N", "p50 ms"):
        mean.add_column(column, justify="right" if column != "method" else "left")
    for method, m in summary["mean"].items():  # type: ignore[union-attr]
        by_type = m["by_type"]
        pair = {t: f"{v['recall']:.3f} / {v['ndcg']:.3f}" for t, v in by_type.items()}
        mean.add_row(method, f"{m['recall']:.3f}", f"{m['ndcg']:.3f}", pair.get("Single", "-"), pair.get("Multi", "-"),
                     f"{m['p50_ms']}")  # fmt: skip
    stdout().print(mean, width=max(stdout().width, 130))
