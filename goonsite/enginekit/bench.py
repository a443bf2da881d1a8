"""The engines' benchmarks time themselves here. Named bench.py like theirs: a tool, the
one module of the kit allowed to read the clock (tests/test_boundaries.py, TOOLS)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of `repeat` runs of `work()`, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best
