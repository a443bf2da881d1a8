"""The real stack (goonsite.stack) with a Ladder season to play, and the noon it waits for."""

from __future__ import annotations

import datetime as dt
import time

import httpx

from goonsite import stack
from goonsite.stack import free_ports

__all__ = ["Stack", "free_ports"]


class Stack(stack.Stack):
    def prepare(self, *commands: str) -> None:
        """The README's deploy steps on a fresh database, and a season to play."""
        super().prepare("demo_season", *commands)

    def wait_for_noon(self, timeout: float = 180) -> float:
        """Wait until the site's noon has passed and the job has resolved it; returns the
        seconds from the noon to the report."""
        assert self.noon_real is not None
        deadline = time.monotonic() + (self.noon_real - dt.datetime.now(dt.UTC)).total_seconds()
        while time.monotonic() < deadline:
            time.sleep(0.5)
        deadline = time.monotonic() + timeout
        status = f"{self.urls[0]}/noon/status/"
        while time.monotonic() < deadline:
            if not httpx.get(status, timeout=10).json()["counting"]:
                return (dt.datetime.now(dt.UTC) - self.noon_real).total_seconds()
            time.sleep(1)
        raise RuntimeError("the noon job did not resolve the noon in time")
