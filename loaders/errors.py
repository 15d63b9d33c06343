"""Errors of the loaders layer (``LoaderError`` is the root)."""

from __future__ import annotations

from collections.abc import Sequence

from graphproof.graph.errors import GraphproofError


class LoaderError(GraphproofError):
    """Root of every error a loader raises: an input that cannot be read or is not of the expected form."""


class SourceUnreadable(LoaderError):
    """The input file cannot be opened or read (missing, a directory, no permission)."""


class MalformedInput(LoaderError):
    """Strict mode found malformed records; nothing was written.

    ``problems`` holds every ``(line_no, reason)``; the message names the file and the first few.
    """

    SHOWN = 5

    def __init__(self, source: str, problems: Sequence[tuple[int, str]]) -> None:
        self.source = source
        self.problems = list(problems)
        first = "; ".join(f"line {line}: {reason}" for line, reason in self.problems[: self.SHOWN])
        more = f" (and {len(self.problems) - self.SHOWN} more)" if len(self.problems) > self.SHOWN else ""
        super().__init__(
            f"{source}: {len(self.problems)} malformed line(s), nothing was written (strict mode): {first}{more}"
        )
