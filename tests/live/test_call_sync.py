"""goonsite.live.sync.call_sync: a page's thread under the server sends its pushes through
the server's event loop (goonsite.asgi_http), where the channel layer keeps its
connections; with no server loop running, through a loop of its own."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from goonsite.live import sync


async def _where() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


@pytest.fixture
def server_loop():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="server-loop", daemon=True)
    thread.start()
    sync.remember_server_loop(loop)
    try:
        yield loop
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
        sync.remember_server_loop(None)


def test_a_call_from_a_pages_thread_runs_on_the_servers_loop(server_loop):
    assert sync.call_sync(_where) is server_loop  # this thread may run a loop (Playwright's)
    seen = []
    page = threading.Thread(target=lambda: seen.append(sync.call_sync(_where)))
    page.start()
    page.join(5)
    assert seen == [server_loop]


def test_once_the_server_loop_stops_a_call_runs_on_a_loop_of_its_own(server_loop):
    server_loop.call_soon_threadsafe(server_loop.stop)
    deadline = time.monotonic() + 5
    while server_loop.is_running():
        assert time.monotonic() < deadline, "the loop did not stop"
        time.sleep(0.01)
    assert sync.call_sync(_where) is not server_loop


def test_a_call_on_the_servers_own_thread_does_not_wait_for_itself(server_loop):
    """An async caller that should have awaited: the server's loop is its own, so the call
    runs on a loop of its own rather than on the loop it would block."""
    found = asyncio.run_coroutine_threadsafe(_calls_sync_from_the_loop(), server_loop)
    assert found.result(10) is not server_loop


async def _calls_sync_from_the_loop() -> asyncio.AbstractEventLoop:
    return sync.call_sync(_where)


def test_an_error_in_the_call_reaches_the_caller(server_loop):
    async def fails() -> None:
        raise LookupError("no such group")

    with pytest.raises(LookupError, match="no such group"):
        sync.call_sync(fails)
