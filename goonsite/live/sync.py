"""Calling the channel layer (async) from sync code, whatever thread we are in."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync

SEND_SECONDS = 5  # a push still unsent by then is given up (the pages' polling covers it)
_server_loop: asyncio.AbstractEventLoop | None = None


def remember_server_loop(loop: asyncio.AbstractEventLoop | None) -> None:
    """The event loop serving this process's requests (goonsite.asgi_http.Pages)."""
    global _server_loop
    _server_loop = loop


def call_sync(func: Callable[..., Awaitable[Any]], *args: Any) -> Any:
    """`await func(*args)`, from sync code. While the server's event loop runs (a page's
    thread, goonsite.asgi_http), on that loop, where the channel layer keeps its
    connections; elsewhere (the job runner, a test) as `async_to_sync` runs it. asgiref
    refuses a thread whose own event loop is running (an async caller that should have
    awaited; Playwright's sync API in the test process): there the call runs in a
    short-lived thread with a loop of its own."""
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    server = _server_loop
    if server is not None and server is not running and server.is_running():
        return asyncio.run_coroutine_threadsafe(func(*args), server).result(SEND_SECONDS)
    if running is None:
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
