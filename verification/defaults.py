"""Default settings of the grounding check, in a module that imports nothing heavy (the CLI reads them at start)."""

from __future__ import annotations

DEFAULT_TIMEOUT = 2.0  # seconds per Prover9 run
DEFAULT_THRESHOLD = 0.75  # embedding similarity above which sentences are grouped (the fol method)
