"""``graphproof ask`` and ``graphproof eval retrieval``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from graphproof.cli_support import JsonFlag, cli_store, eval_app, fail, graphproof_errors, print_json, stderr, stdout
from graphproof.graph.embed import Embedder, SentenceTransformerEmbedder
from graphproof.graph.sqlite_store import SQLiteStore
from graphproof.graph.store import GraphStore
from graphproof.llm import chat_model
from graphproof.reasoning.answer import Answer, extractive_answer, llm_answer
from graphproof.reasoning.bm25 import BM25Params
from graphproof.reasoning.errors import ReasoningError
from graphproof.reasoning.rerank import CrossEncoderReranker
from graphproof.reasoning.retriever import METHODS, Retrieval, RetrievalConfig, Retriever
from graphproof.render import snippet
from graphproof.settings import Settings, load_settings
from graphproof.verification.errors import VerificationError
from graphproof.verification.grounding import Passage
from graphproof.verification.retrieval_eval import DEFINITIONS, MethodScores, evaluate, ingest_lihua, load_questions
from graphproof.verifying import MethodChoice, report_renderable, run_verification

if TYPE_CHECKING:
    from graphproof.reasoning.gnn.reason import GnnAnswer

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


def make_retriever(
    store: GraphStore, settings: Settings, bm25: BM25Params | None = None, embedder: Embedder | None = None
) -> Retriever:
    """The retriever the CLI uses; pass ``embedder`` to share one loaded model with other steps."""
    reranker = CrossEncoderReranker(settings.reranker) if settings.reranker else None
    embedder = embedder or SentenceTransformerEmbedder(settings.embedding_model)
    return Retriever(store, embedder, RetrievalConfig(bm25=bm25), reranker)


def cli_device(name: str) -> str:
    """``--device`` resolved to ``cpu``/``cuda[:N]``; a usage error when CUDA is asked for but absent."""
    from graphproof.reasoning.gnn.device import DeviceUnavailable, resolve_device

    try:
        return str(resolve_device(name))
    except DeviceUnavailable as exc:
        raise typer.BadParameter(str(exc), param_hint="--device") from exc


def gnn_reasoning(
    store: GraphStore, embedder: Embedder, question: str, checkpoint: Path | None, device: str = "auto"
) -> tuple[GnnAnswer | None, list[str]]:
    """The GNN's answers and reasoning paths, or None and a note saying why not (``ask`` then falls back)."""
    if checkpoint is None:
        return None, ["no GNN checkpoint configured (--ckpt or GRAPHPROOF_GNN_CHECKPOINT); used hybrid-rrf"]
    from graphproof.reasoning.gnn.errors import GnnError
    from graphproof.reasoning.gnn.reason import GnnReasoner

    try:
        reasoner = GnnReasoner.load(checkpoint, store, embedder, device=device)
        return reasoner.reason(question), []
    except GnnError as exc:
        return None, [f"GNN reasoning unavailable ({exc}); used hybrid-rrf"]


def retrieval_json(store: GraphStore, retrieval: Retrieval, answer: Answer, k: int) -> dict[str, Any]:
    docs = {d.id: d for d in store.documents([h.item.document_id for h in retrieval.chunks[:k]])}
    return {
        "question": retrieval.question, "method": retrieval.method, "ms": round(retrieval.ms, 1),
        "chunks": [
            {"rank": i, "score": h.score, "id": h.item.id, "document_id": h.item.document_id,
             "source": docs[h.item.document_id].source if h.item.document_id in docs else None,
             "metadata": dict(h.item.metadata), "text": h.item.text}
            for i, h in enumerate(retrieval.chunks[:k], start=1)
        ],
        "paths": [{"path": p.format(), "weight": p.weight} for p in retrieval.paths[:k]],
        "entities": [{"id": s.item.id, "name": s.item.name, "score": s.score} for s in retrieval.seeds],
        "answer": {"text": answer.text, "method": answer.method, "evidence": [list(e) for e in answer.evidence]},
        "notes": retrieval.notes,
    }  # fmt: skip


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
    as_json: JsonFlag = False,
) -> None:
    """Answer a question: ranked chunks with sources, weighted graph paths, and an answer.

    The answer is extractive (the best evidence sentences) without an LLM, generated from the evidence and
    paths when GRAPHPROOF_LLM is set. --verify checks every claim of the answer against the top chunks
    (proved / refuted / unknown, with the chunks each proof used).
    """
    params = parse_bm25(bm25)
    with cli_store(ctx) as store, graphproof_errors():
        settings = load_settings()
        checkpoint = ckpt or (Path(settings.gnn_checkpoint) if settings.gnn_checkpoint else None)
        device = cli_device(device)
        embedder = SentenceTransformerEmbedder(settings.embedding_model, device=device)  # loaded once, on first use
        gnn, gnn_notes = None, []
        if method == "gnn" or (checkpoint is not None and method.startswith("hybrid")):
            gnn, gnn_notes = gnn_reasoning(store, embedder, question, checkpoint, device)
            if method == "gnn":
                gnn_notes.append("GNN answers come with chunk evidence from hybrid-rrf")
        try:
            retrieval = make_retriever(store, settings, params, embedder).retrieve(
                question, "hybrid-rrf" if method == "gnn" else method
            )
            retrieval.notes.extend(gnn_notes)
            if use_llm and settings.llm:
                answer = llm_answer(chat_model(settings), retrieval)
            else:
                answer = extractive_answer(store, retrieval)
        except ReasoningError as exc:
            fail(str(exc))
        data = retrieval_json(store, retrieval, answer, k)
        if gnn is not None:
            data["gnn"] = gnn.as_dict()
        report = None
        if verify:
            premises = [Passage(h.item.id, h.item.text) for h in retrieval.chunks[:verify_chunks]]
            try:
                report = run_verification(question, answer.text, premises, verify_method.value)
            except VerificationError as exc:
                fail(str(exc))
            data["verification"] = report.as_dict()
    if as_json:
        print_json(data)
        return
    console = stdout()
    table = Table(title=f"{method}: chunks for {question!r} ({data['ms']} ms)")
    for column in ("#", "score", "chunk", "source", "text"):
        table.add_column(column, overflow="fold")
    for row in data["chunks"]:
        table.add_row(str(row["rank"]), f"{row['score']:.3f}", row["id"], str(row["source"]), snippet(row["text"]))
    console.print(table)
    for path in data["paths"]:
        console.print(Text(f"  {path['weight']:.2f}  {path['path']}"), soft_wrap=True)
    if gnn is not None:
        names = ", ".join(f"{e.name} ({s:.2f})" for e, s in gnn.answers) or "none"
        console.print(Text("GNN answers: ", style="bold") + Text(names), soft_wrap=True)
        for line in gnn.formatted:
            console.print(Text(f"  {line}"), soft_wrap=True)
    console.print(Text(f"Answer ({answer.method}): ", style="bold") + Text(answer.text), soft_wrap=True)
    for note in retrieval.notes:
        console.print(Text(f"note: {note}", style="yellow"), soft_wrap=True)
    if report is not None:
        console.print(report_renderable(report))


def scores_table(title: str, results: dict[str, MethodScores], k: int) -> Table:
    table = Table(title=title, caption=DEFINITIONS)
    for column in ("method", f"Recall@{k}", f"nDCG@{k}", "Single R / N", "Multi R / N", "p50 ms", "mean ms"):
        table.add_column(column, justify="right" if column != "method" else "left")
    for method, scores in results.items():
        s = scores.summary()
        by_type: dict[str, Any] = s["by_type"]  # type: ignore[assignment]

        def pair(t: str, by_type: dict[str, Any] = by_type) -> str:
            return (
                f"{by_type[t]['recall']:.3f} / {by_type[t]['ndcg']:.3f} ({by_type[t]['questions']})"
                if t in by_type
                else "-"
            )

        table.add_row(method, f"{s['recall']:.3f}", f"{s['ndcg']:.3f}", pair("Single"), pair("Multi"),
                      f"{s['p50_ms']}", f"{s['mean_ms']}")  # fmt: skip
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
    as_json: JsonFlag = False,
) -> None:
    """Recall@K and nDCG@K of every retrieval method on LiHua-World (ingests the chats, or reuses the store)."""
    chosen = list(methods or EVAL_METHODS)
    unknown = [m for m in chosen if m not in METHODS]
    if unknown:
        raise typer.BadParameter(f"unknown method(s) {unknown}; expected {', '.join(METHODS)}", param_hint="--methods")
    params = parse_bm25(bm25)
    with graphproof_errors():
        settings = load_settings()
        if "hybrid-rerank" in chosen and not settings.reranker:
            fail("hybrid-rerank needs GRAPHPROOF_RERANKER (a CrossEncoder model name or path); none is configured")
        try:
            questions = load_questions(qa or data / "qa_dev.json", half_year)
        except VerificationError as exc:
            fail(str(exc))
        setting = "half" if half_year else "full"
        db = out / f"lihua-{setting}.db"
        if fresh:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
        store = SQLiteStore(db)
        embedder = SentenceTransformerEmbedder(settings.embedding_model)  # one model for ingest and queries
        try:
            if store.stats().documents == 0:
                stderr().print(f"ingesting {data / 'LiHuaWorld.zip'} into {db} …")
                ingest_lihua(store, data / "LiHuaWorld.zip", half_year, embedder)
            retriever = make_retriever(store, settings, params, embedder)
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
