"""Latency summaries, computed one way everywhere (retrieval, GNN, prover and hallucination evaluations)."""

from __future__ import annotations

import statistics
from collections.abc import Iterable


def p50_ms(samples_ms: Iterable[float]) -> float | None:
    """The median of ``samples_ms`` (milliseconds), or None when there are none."""
    values = list(samples_ms)
    return statistics.median(values) if values else None
