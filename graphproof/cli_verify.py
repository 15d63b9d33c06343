"""``graphproof verify``, ``graphproof eval prover`` and ``graphproof eval hallucination``.

``verify`` checks an answer against premises — a chunks file, or the chunks retrieved from the
store for the question (``--from-store``) — and prints, per answer claim, proved / refuted /
unknown, the chunk ids the proof used and the FOL, then the verdict for the whole answer.
Methods: ``offline`` (no LLM, the default), ``fol`` and ``fol-no-grouping`` (the paper's method
and its ablation, need ``GRAPHPROOF_LLM``), ``baseline`` (the LLM judge) and ``lexical``.

``graphproof.cli`` registers ``verify_command``; the eval commands register on ``eval_app``. The
method selection and report rendering live in ``graphproof.verifying`` (shared with ``ask --verify``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from graphproof.cli_support import JsonFlag, cli_store, eval_app, graphproof_errors, print_json, stderr, stdout
from graphproof.components import make_rag, make_verifier
from graphproof.errors import GraphproofError
from graphproof.graph.model import Chunk
from graphproof.graph.store import GraphStore
from graphproof.render import snippet
from graphproof.settings import load_settings
from graphproof.verification.defaults import DEFAULT_THRESHOLD, DEFAULT_TIMEOUT
from graphproof.verification.passages import Retrieve, read_passages, retrieved_passages
from graphproof.verifying import MethodChoice, report_renderable, run_verification

if TYPE_CHECKING:
    from graphproof.evaluation.hallucination import HallucinationEvaluation
    from graphproof.evaluation.prover import ProverEvaluation


class FormatChoice(StrEnum):
    auto = "auto"
    halueval = "halueval"
    folio = "folio"


MethodOption = Annotated[
    MethodChoice,
    typer.Option("--method", "-m", help="offline (no LLM), fol, fol-no-grouping, baseline (LLM judge) or lexical."),
]
ThresholdOption = Annotated[
    float,
    typer.Option("--threshold", min=-1.0, max=1.0, help="Embedding similarity for grouping sentences (fol)."),
]
TimeoutOption = Annotated[float, typer.Option("--timeout", min=0.01, help="Seconds per Prover9 run.")]


def verify_command(
    ctx: typer.Context,
    question: Annotated[str, typer.Option("--question", "-q", help="The question the answer replies to.")],
    answer: Annotated[str, typer.Option("--answer", "-a", help="The answer to check.")],
    chunks: Annotated[
        Path | None,
        typer.Option(
            "--chunks", exists=True, dir_okay=False, help='Premises: JSONL {"id", "text"} lines or text paragraphs.'
        ),
    ] = None,
    from_store: Annotated[
        bool, typer.Option("--from-store", help="Premises: the chunks the store retrieves for the question.")
    ] = False,
    k: Annotated[int, typer.Option("-k", "--k", min=1, max=100, help="How many chunks to retrieve.")] = 5,
    method: MethodOption = MethodChoice.offline,
    threshold: ThresholdOption = DEFAULT_THRESHOLD,
    timeout: TimeoutOption = DEFAULT_TIMEOUT,
    proof: Annotated[bool, typer.Option("--proof", help="Also print the Prover9 proofs.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Check an answer against chunks: per claim proved / refuted / unknown, the chunks used, the FOL."""
    if (chunks is None) == (not from_store):
        raise typer.BadParameter("give exactly one of --chunks FILE and --from-store", param_hint="--chunks")
    with graphproof_errors():
        if chunks is not None:
            passages = read_passages(chunks)
        else:
            with cli_store(ctx, read_only=True) as store:
                passages = retrieved_passages(question, k, store_retrieve(store))
        report = run_verification(question, answer, passages, method.value, threshold=threshold, timeout=timeout)
    if as_json:
        print_json({"question": question, "answer": answer, **report.as_dict(with_proof=proof)})
        return
    stdout().print(report_renderable(report, with_proof=proof))


def store_retrieve(store: GraphStore, method: str = "hybrid-rrf") -> Retrieve:
    """The retrieval ``--from-store`` uses: ``ask``'s pipeline (default method ``hybrid-rrf``) over the store."""
    rag = make_rag(store, load_settings(), use_llm=False)

    def retrieve(question: str, k: int) -> list[Chunk]:
        return [hit.item for hit in rag.ask(question, method=method, k=k).retrieval.chunks[:k]]

    return retrieve


# evaluations ---------------------------------------------------------------------------------------
def prover_table(result: ProverEvaluation) -> Table:
    table = Table(title="Prover9 on FOLIO gold FOL (True→proved, False→refuted, Uncertain→unknown)")
    for column in ("items", "parsed", "accuracy (parsed)", "normalised", "p50 ms / decision"):
        table.add_column(column, justify="right")
    normalised = sum(1 for r in result.results if r.fixes)
    table.add_row(
        str(result.total), str(result.parsed), f"{result.accuracy:.3f}", str(normalised), f"{result.p50_ms:.1f}"
    )
    return table


@eval_app.command("prover")
def eval_prover_command(
    data: Annotated[Path, typer.Option("--data", exists=True, dir_okay=False, help="FOLIO JSONL (folio_dev.jsonl).")],
    timeout: TimeoutOption = DEFAULT_TIMEOUT,
    as_json: JsonFlag = False,
) -> None:
    """Run FOLIO's gold premises-FOL / conclusion-FOL through the prover and score it against the labels."""
    with graphproof_errors():
        from graphproof.evaluation.prover import evaluate_prover
        from graphproof.verification.prover import Prover9

        result = evaluate_prover(data, Prover9(timeout=timeout))
    if as_json:
        print_json(result.as_dict())
        return
    console = stdout()
    console.print(prover_table(result))
    confusion = Table(title="expected (rows) × prover result (columns)")
    for column in ("expected", "proved", "refuted", "unknown"):
        confusion.add_column(column, justify="right")
    for expected, row in result.confusion().items():
        confusion.add_row(expected, *(str(row[s]) for s in ("proved", "refuted", "unknown")))
    console.print(confusion)
    console.print(Text(f"Items that fail to parse: {len(result.unparsed) or 'none'}"))
    for item in result.unparsed:
        console.print(Text(f"  line {item.line}: {item.reason}"), soft_wrap=True)
    repaired = [r for r in result.results if r.fixes]
    console.print(Text(f"Items parsed only after the documented normaliser: {len(repaired)}"))
    for item in repaired:
        why = item.strict_error or "parses as written, but with another meaning"
        console.print(
            Text(f"  line {item.line}: {', '.join(item.fixes)} — without it: {snippet(why, 200)}"), soft_wrap=True
        )
    for item in result.mismatches:
        console.print(
            Text(f"  mismatch line {item.line}: {item.label} but {item.status} ({item.reason}): {item.conclusion}"),
            soft_wrap=True,
        )


def hallucination_table(result: HallucinationEvaluation) -> Table:
    s = result.scores
    table = Table(title=f"{result.method} on {result.data} (positive = hallucinated; undecided counted as not flagged)")
    columns = ("items", "accuracy", "balanced acc", "precision", "recall", "F1", "undecided", "p50 ms")
    for column in columns:
        table.add_column(column, justify="right")
    table.add_row(
        str(len(result.outcomes)), f"{s.accuracy:.3f}", f"{s.balanced_accuracy:.3f}", f"{s.precision:.3f}",
        f"{s.recall:.3f}", f"{s.f1:.3f}", f"{s.undecided:.3f}", f"{result.p50_ms:.1f}",
    )  # fmt: skip
    return table


def confusion_table(result: HallucinationEvaluation) -> Table:
    c = result.scores.confusion
    table = Table(title="confusion (rows: truth, columns: verdict)")
    for column in ("", "flagged hallucinated", "not flagged", "of which undecided"):
        table.add_column(column, justify="right")
    table.add_row("hallucinated", str(c.tp), str(c.fn), str(c.undecided_hallucinated))
    table.add_row("grounded", str(c.fp), str(c.tn), str(c.undecided_grounded))
    return table


def status_table(result: HallucinationEvaluation) -> Table:
    """Answers per truth label and three-valued status (a refuted answer is contradicted by the chunks)."""
    from graphproof.evaluation.hallucination import STATUSES

    table = Table(title="status of the answers (rows: truth, columns: proved / refuted / unknown / undecided)")
    table.add_column("")
    for column in STATUSES:
        table.add_column(column, justify="right")
    for label, counts in result.status_confusion().items():
        table.add_row(label, *(str(counts[s]) for s in STATUSES))
    return table


@eval_app.command("hallucination")
def eval_hallucination_command(
    data: Annotated[Path, typer.Option("--data", exists=True, dir_okay=False, help="HaluEval or FOLIO JSONL.")],
    fmt: Annotated[FormatChoice, typer.Option("--format", help="Data format (auto: by the first record).")] = (
        FormatChoice.auto
    ),
    method: MethodOption = MethodChoice.offline,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Only the first N cases.")] = None,
    threshold: ThresholdOption = DEFAULT_THRESHOLD,
    timeout: TimeoutOption = DEFAULT_TIMEOUT,
    examples: Annotated[int, typer.Option("--examples", min=0, help="Examples shown per failure kind.")] = 3,
    as_json: JsonFlag = False,
) -> None:
    """Score a grounding method on labelled answers: accuracy, recall of hallucinations, precision, F1."""
    with graphproof_errors():
        from graphproof.evaluation.hallucination import evaluate_method
        from graphproof.evaluation.hallucination_data import FORMATS, detect_data_format, load_cases

        name = detect_data_format(data) if fmt is FormatChoice.auto else fmt.value
        if name not in FORMATS:
            raise GraphproofError(f"unknown format {name!r}")
        cases = load_cases(data, name)[:limit]
        checker = make_verifier(method.value, load_settings(), threshold=threshold, timeout=timeout)
        progress = None if as_json else _progress(len(cases))
        result = evaluate_method(checker, cases, name, on_case=progress)
    if as_json:
        print_json(result.as_dict(examples=examples))
        return
    console = stdout()
    console.print(hallucination_table(result))
    console.print(confusion_table(result))
    console.print(status_table(result))
    if result.note:
        console.print(Text(f"Method: {result.note}"), soft_wrap=True)
    for kind, found in result.failure_kinds.items():
        console.print(Text(f"{kind}: {len(found)}", style="bold"), soft_wrap=True)
        for example in found[:examples]:
            line = f"  {example['id']}: {example['answer']!r} → {example['verdict']}; {example['reason']}"
            console.print(Text(snippet(line, 300)), soft_wrap=True)


def _progress(total: int) -> Callable[[int, int], None]:
    console = stderr()

    def report(done: int, _total: int) -> None:
        if done == total or done % 50 == 0:
            console.print(Text(f"checked {done}/{total}"), soft_wrap=True)

    return report
