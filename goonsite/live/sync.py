"""Calling the channel layer (async) from sync code, whatever thread we are in."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync


def call_sync(func: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    """`async_to_sync(func)(*args)`. asgiref refuses a thread whose own event loop is
    running (an async caller that should have awaited; Playwright's sync API in the test
    process): there the call runs in a short-lived thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return async_to_sync(func)(*args)
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = async_to_sync(func)(*args)
        except BaseException as exc:  # re-raised in the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run, name="live-call-sync")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
