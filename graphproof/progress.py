"""The progress display of ``import-triples``: a bar over the file's lines, then over the writes."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn


def count_lines(path: Path) -> int:
    """The number of lines in ``path`` (a final line without a newline counts), read in binary chunks."""
    lines, last = 0, b"\n"
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            lines += chunk.count(b"\n")
            last = chunk[-1:]
    return lines + (last != b"\n")


class ImportProgress:
    """A rich progress bar fed by the loader's ``on_progress`` / ``on_batch`` callbacks (no-op when disabled)."""

    def __init__(self, path: Path, *, enabled: bool = True, console: Console | None = None) -> None:
        self.path = path
        self.enabled = enabled
        self._progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=console, disable=not enabled, transient=False,
        )  # fmt: skip
        self._read: TaskID | None = None
        self._write: dict[str, TaskID] = {}

    def __enter__(self) -> ImportProgress:
        if self.enabled:
            try:
                total: int | None = count_lines(self.path)
            except OSError:
                total = None  # the loader reports the unreadable file with a proper message
            self._read = self._progress.add_task(f"reading {self.path.name}", total=total)
            self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        self._progress.stop()

    def lines_read(self, n_lines: int) -> None:
        if self._read is not None:
            self._progress.update(self._read, completed=n_lines)

    def batch_written(self, kind: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        task = self._write.get(kind)
        if task is None:
            task = self._write[kind] = self._progress.add_task(f"writing {kind}", total=total)
        self._progress.update(task, completed=done)
