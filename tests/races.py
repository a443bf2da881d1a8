"""Running calls at the same instant on real threads, for the race tests of every app."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls at the same instant, each in its own thread and connection.
    Returns each call's result or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(n: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[n] = call()
        except Exception as exc:  # collected and asserted on by the test
            results[n] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n, c)) for n, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results
