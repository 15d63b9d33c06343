"""``graphproof gnn train | eval | paths``: the ReaRev reasoner from the command line.

torch, PyG and the encoder are imported inside the commands, so the CLI starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from graphproof.cli_support import JsonFlag, cli_store, gnn_app, graphproof_errors, print_json, stderr, stdout
from graphproof.components import make_embedder
from graphproof.settings import load_settings

if TYPE_CHECKING:
    from graphproof.graph.embed import Embedder

DEFAULT_CKPT = Path(".graphproof/gnn/rearev.pt")
_STAGES = ("export", "encode", "train")
QaOption = Annotated[
    Path,
    typer.Option("--qa", exists=True, dir_okay=False, metavar="FILE",
                 help="Questions, one a line: question<TAB>answer1|answer2, topic entity in [brackets] (MetaQA)."),
]  # fmt: skip
CkptOption = Annotated[
    Path, typer.Option("--ckpt", dir_okay=False, metavar="CKPT", help="A checkpoint from `gnn train`.")
]
ThreadsOption = Annotated[
    int, typer.Option("--threads", min=1, max=64, help="torch CPU threads (1 is fastest for these small graphs).")
]
DeviceOption = Annotated[
    str,
    typer.Option("--device", metavar="auto|cpu|cuda",
                 help="Where the model and the embedder run: auto (CUDA when available), cpu, cuda or cuda:N."),
]  # fmt: skip
MaxQuestions = Annotated[
    int | None, typer.Option("--max-questions", min=1, help="Use only the first N questions of the file.")
]


class BarProgress:
    """The ``reasoning.gnn.dataset.Progress`` protocol drawn as rich progress bars on stderr."""

    def __init__(self, enabled: bool) -> None:
        self.console = stderr()
        self._bars = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=self.console, disable=not enabled, transient=False,
        )  # fmt: skip
        self._task: TaskID | None = None
        self.enabled = enabled

    def __enter__(self) -> BarProgress:
        self._bars.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._bars.stop()

    def start(self, stage: str, total: int) -> None:
        self._task = self._bars.add_task(stage, total=total)

    def advance(self, n: int = 1) -> None:
        if self._task is not None:
            self._bars.update(self._task, advance=n)

    def log(self, message: str) -> None:
        if self.enabled:
            self._bars.console.print(Text(message), soft_wrap=True)


def _embedder(device: str = "cpu") -> Embedder:
    return make_embedder(load_settings(), device=device)


def _device(name: str) -> str:
    """``--device`` resolved (``auto`` → ``cuda`` when available, else ``cpu``); ``DeviceUnavailable`` if absent."""
    from graphproof.reasoning.gnn.device import resolve_device

    return str(resolve_device(name))


def _threads(n: int) -> None:
    import torch

    torch.set_num_threads(n)


@gnn_app.command("train")
def train_command(
    ctx: typer.Context,
    qa: QaOption,
    hops: Annotated[int, typer.Option("--hops", min=1, max=4, help="Subgraph depth (the questions' hop count).")] = 2,
    epochs: Annotated[int, typer.Option("--epochs", min=1, help="At most this many epochs.")] = 20,
    out: Annotated[
        Path, typer.Option("--out", dir_okay=False, metavar="CKPT", help="Where to write the checkpoint.")
    ] = DEFAULT_CKPT,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the split, the shuffles and the weights.")] = 0,
    val_fraction: Annotated[
        float, typer.Option("--val-fraction", min=0.01, max=0.5, help="Held out for early stopping.")
    ] = 0.1,
    patience: Annotated[int, typer.Option("--patience", min=1, help="Stop after this many epochs without a gain.")] = 3,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Subgraphs per batch.")] = 16,
    lr: Annotated[float, typer.Option("--lr", min=1e-6, help="Adam learning rate.")] = 1e-3,
    per_node: Annotated[
        int, typer.Option("--per-node", min=1, help="Entities with more edges are hubs (not expanded).")
    ] = 100,
    limit: Annotated[int, typer.Option("--limit", min=2, help="At most this many entities per subgraph.")] = 2000,
    max_questions: MaxQuestions = None,
    max_minutes: Annotated[
        float | None,
        typer.Option("--max-minutes", min=0.1, help="Stop after this long (export and encoding included)."),
    ] = None,
    threads: ThreadsOption = 1,
    device: DeviceOption = "auto",
    as_json: JsonFlag = False,
) -> None:
    """Train ReaRev on a question file over the graph in the store and write a checkpoint."""
    with graphproof_errors():
        from graphproof.reasoning.gnn.checkpoint import save_checkpoint
        from graphproof.reasoning.gnn.export import ExportConfig
        from graphproof.reasoning.gnn.qa import read_qa
        from graphproof.reasoning.gnn.train import TrainConfig, train_reasoner

        _threads(threads)
        torch_device = _device(device)
        examples = read_qa(qa, max_questions)
        export = ExportConfig(hops=hops, per_node=per_node, limit=limit)
        config = TrainConfig(epochs=epochs, batch_size=batch_size, lr=lr, patience=patience, val_fraction=val_fraction,
                             seed=seed, time_budget_s=max_minutes * 60 if max_minutes else None,
                             device=torch_device)  # fmt: skip
        with cli_store(ctx, read_only=True) as store, BarProgress(not as_json) as progress:
            checkpoint, report = train_reasoner(
                store, examples, _embedder(torch_device), export, None, config, progress
            )
        path = save_checkpoint(checkpoint, out)
    if as_json:
        print_json({"checkpoint": str(path), **report.as_dict()})
        return
    table = Table(title=f"Trained ReaRev → {path}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("questions (train / validation)", f"{report.train_questions} / {report.val_questions}"),
        ("used for training", str(report.used_for_training)),
        ("answer coverage (train / validation)", f"{report.train_coverage:.3f} / {report.val_coverage:.3f}"),
        ("epochs (best)", f"{report.epochs_run} ({report.best_epoch})"),
        ("validation Hit@1", f"{report.best_val_hit1:.4f}"),
        ("relations", str(len(report.relations))),
        ("seconds (export / encode / train)", " / ".join(f"{report.seconds[k]:.1f}" for k in _STAGES)),
    ]  # fmt: skip
    for name, value in rows:
        table.add_row(name, value)
    if report.skipped:
        table.add_row("skipped", ", ".join(f"{k}: {v}" for k, v in sorted(report.skipped.items())))
    stdout().print(table)


@gnn_app.command("eval")
def eval_command(
    ctx: typer.Context,
    qa: QaOption,
    ckpt: CkptOption,
    max_questions: MaxQuestions = None,
    threads: ThreadsOption = 1,
    device: DeviceOption = "auto",
    as_json: JsonFlag = False,
) -> None:
    """Hit@1, Hits, F1 and inference time per question (subgraph export included) of a checkpoint."""
    with graphproof_errors():
        from graphproof.reasoning.gnn.evaluate import evaluate
        from graphproof.reasoning.gnn.qa import read_qa
        from graphproof.reasoning.gnn.reason import GnnReasoner

        _threads(threads)
        torch_device = _device(device)
        examples = read_qa(qa, max_questions)
        with cli_store(ctx, read_only=True) as store, BarProgress(not as_json) as progress:
            reasoner = GnnReasoner.load(ckpt, store, _embedder(torch_device), device=torch_device)
            report = evaluate(reasoner, examples, progress).as_dict()
    if as_json:
        print_json(report)
        return
    table = Table(title=f"KGQA evaluation of {ckpt} on {qa.name}")
    for name in ("questions", "Hit@1", "Hits", "F1", "mean ms / question", "p50 ms / question", "answer coverage"):
        table.add_column(name, justify="right")
    table.add_row(
        str(report["questions"]), f"{report['hit1']:.4f}", f"{report['hits']:.4f}", f"{report['f1']:.4f}",
        _ms(report["mean_ms"]), _ms(report["p50_ms"]), f"{report['answer_coverage']:.4f}",
    )  # fmt: skip
    stdout().print(table)
    if report["failures"]:
        stdout().print(
            Text("Unanswerable (counted as misses): " + ", ".join(f"{k} {v}" for k, v in report["failures"].items()))
        )  # type: ignore[union-attr]


def _ms(value: Any) -> str:
    return "-" if value is None else f"{value:.1f}"


@gnn_app.command("paths")
def paths_command(
    ctx: typer.Context,
    question: Annotated[
        str, typer.Argument(metavar="QUESTION", help="The question; put the topic entity in [brackets].")
    ],
    ckpt: CkptOption,
    topic: Annotated[
        list[str] | None, typer.Option("--topic", "-t", help="Topic entity name or id (repeatable).")
    ] = None,
    k: Annotated[int, typer.Option("-k", "--k", min=1, max=50, help="At most this many answers.")] = 3,
    llm: Annotated[
        bool, typer.Option("--llm", help="Also ask the configured chat model for relation paths (RoG).")
    ] = False,
    threads: ThreadsOption = 1,
    device: DeviceOption = "auto",
    as_json: JsonFlag = False,
) -> None:
    """Predicted answers and their reasoning paths (Entity → relation → Entity), as the LLM reads them."""
    with graphproof_errors():
        from graphproof.reasoning.gnn.paths import format_paths
        from graphproof.reasoning.gnn.reason import GnnReasoner, path_1st, reasoning_paths

        _threads(threads)
        torch_device = _device(device)
        chat = None
        if llm:
            from graphproof.llm import chat_model

            chat = chat_model(load_settings())
        with cli_store(ctx, read_only=True) as store:
            reasoner = GnnReasoner.load(ckpt, store, _embedder(torch_device), device=torch_device)
            if chat is None:
                answer = reasoner.reason(question, topic or None, k)
                merged = path_1st(answer)
            else:  # either half may fail alone: the other one's paths are still shown, with a note
                merged = reasoning_paths(question, store, reasoner, chat, topic or None, k)
    answer = merged.answer
    llm_paths = format_paths(merged.llm)
    if as_json:
        gnn = answer.as_dict() if answer is not None else {"question": question, "answers": [], "paths": []}
        print_json({**gnn, "llm_paths": llm_paths, "path_1st": merged.formatted, "warnings": merged.warnings})
        return
    console = stdout()
    if answer is not None:
        console.print(Text(f"Topic: {', '.join(e.name for e in answer.topics)}", style="bold"), soft_wrap=True)
        for entity, score in answer.answers:
            console.print(Text(f"  {entity.name}  ({score:.3f})"), soft_wrap=True)
    console.print(Text("Reasoning paths:", style="bold"))
    for line in merged.formatted:
        console.print(Text(f"  {line}"), soft_wrap=True)
    for warning in merged.warnings:
        stderr().print(Text(f"Note: {warning}", style="yellow"), soft_wrap=True)
