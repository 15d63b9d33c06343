"""Errors of the grounding check (FOL hallucination detection), under the layer's ``VerificationError``.

Each error names the input it could not use and what was expected; errors raised while handling
another one keep it as ``__cause__`` (``raise … from exc``).
"""

from __future__ import annotations

from graphproof.graph.errors import LLMReplyError
from graphproof.verification.errors import VerificationError

__all__ = ["ChunksFileError", "FormulaError", "LLMReplyError", "ProverError", "ProverUnavailable"]


class FormulaError(VerificationError, ValueError):
    """A first-order formula does not parse, or is not first-order (names the formula and the problem)."""

    def __init__(self, formula: str, problem: str) -> None:
        self.formula = formula
        self.problem = problem
        super().__init__(f"cannot parse the formula {formula!r}: {problem}")


class ProverError(VerificationError):
    """Prover9 is missing, could not run, crashed, or rejected its input."""


class ProverUnavailable(ProverError):
    """The Prover9 binary could not be found or made executable."""


class ChunksFileError(VerificationError, ValueError):
    """A chunks file (the premises of ``verify --chunks``) is unreadable or malformed (names file and line)."""
