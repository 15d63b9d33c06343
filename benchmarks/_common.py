"""Helpers shared by the benchmark scripts: locating ../shared/data, timing, percentile tables, and the rule that
chooses a grid point between two targets."""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
T = TypeVar("T")


def data_file(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"benchmark data not found: {path} (expected ../shared/data beside the project)")
    return path


def timed_ms(fn: Callable[[T], object], items: Iterable[T]) -> list[float]:
    """Wall time of ``fn(item)`` for each item, in milliseconds."""
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append((time.perf_counter() - start) * 1000)
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def print_table(title: str, rows: list[tuple[str, str, str, str]]) -> None:
    """Rows of (measure, value, target, verdict) as a Markdown table."""
    print(f"\n### {title}\n")
    print("| measure | value | target | ok |")
    print("|---|---:|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def standard_error(rate: float, n: int) -> float:
    """sqrt(r(1 − r) / n): the standard error of a rate ``r`` measured over ``n`` > 0 items."""
    return math.sqrt(rate * (1 - rate) / n)


TARGET_CATCH, TARGET_ALARMS = 0.90, 0.10  # issue 12: the self-evaluation's catch and false-alarm targets


def slack(catch: float, alarms: float, wrong: int, right: int) -> float:
    """How far the worse of the self-evaluation's two targets is cleared, each rate moved one standard error the
    wrong way: min((catch − SE) − 0.90, 0.10 − (alarms + SE)); no wrong (right) answers count as the worst rate."""
    catch_low = catch - standard_error(catch, wrong) if wrong else 0.0
    alarms_high = alarms + standard_error(alarms, right) if right else 1.0
    return min(catch_low - TARGET_CATCH, TARGET_ALARMS - alarms_high)
