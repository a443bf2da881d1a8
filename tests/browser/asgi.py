"""`asgi_live_server`: the site as `python -m goonsite web` serves it (ASGI: pages and the
live-update WebSockets) on a free port, in a thread of the test process, on the test
database. Django's `live_server` speaks WSGI only, so it cannot carry a WebSocket.

Static files come from the finders (Django's ASGIStaticFilesHandler), as `live_server`
serves them. Each of the server's threads opens its own connection: the SQLite test
database is a file (goonsite/settings_test.py). Were it Django's in-memory one, they would
share the test's, as Django's LiveServerThread does.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

import pytest
import uvicorn
from channels.layers import channel_layers
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.db import connections


@dataclass
class AsgiServer:
    url: str


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def asgi_live_server(transactional_db, settings, monkeypatch):
    from goonsite.asgi import application

    port = _free_port()
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    shared = {
        alias: conn
        for alias, conn in ((a, connections[a]) for a in connections)
        if conn.vendor == "sqlite" and conn.is_in_memory_db()
    }
    for conn in shared.values():
        conn.inc_thread_sharing()
    # As `python -m goonsite web` runs: no connection kept past its request, whose thread
    # is gone after it (else PostgreSQL's test database is left with sessions open).
    for alias in connections:
        if alias not in shared:
            monkeypatch.setitem(connections.settings[alias], "CONN_MAX_AGE", 0)
    config = uvicorn.Config(
        ASGIStaticFilesHandler(application),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
    )
    server = uvicorn.Server(config)

    def serve() -> None:
        # Set before the loop starts, so every request's context (and the threads Django
        # runs views in) inherits the shared connection.
        for alias, conn in shared.items():
            connections[alias] = conn
        server.run()

    thread = threading.Thread(target=serve, name="asgi-live-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the ASGI test server did not start")
        time.sleep(0.05)
    try:
        yield AsgiServer(url=f"http://127.0.0.1:{port}")
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        for conn in shared.values():
            conn.dec_thread_sharing()
        # The in-memory layer's queues belong to the server's loop, gone now: later tests
        # get a fresh layer.
        channel_layers.backends.clear()
