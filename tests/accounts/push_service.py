"""A stand-in for a browser's push service: a local HTTP server that records what it gets.

Endpoints under /gone/ answer 410 (an expired subscription), /missing/ 404, /redirect/ a 307
to /push/followed, anything else 201 Created, as a real push service does for a delivered
message.
"""

from __future__ import annotations

import http.server
import socket
import threading
from dataclasses import dataclass, field

PORTS = range(18300, 18400)  # this worktree's ports
# The stand-in's name: the site pushes only to names on its PUSH_SERVICES list, never to an
# IP address, so the tests list this name and resolve it to loopback (`resolve_locally`).
HOST = "push.test"


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    url: str
    received: list[Received] = field(default_factory=list)


def free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 18300-18399")


def start() -> tuple[PushService, http.server.ThreadingHTTPServer]:
    service = PushService(url="")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            service.received.append(
                Received(
                    self.path,
                    {k.lower(): v for k, v in self.headers.items()},
                    self.rfile.read(length),
                )
            )
            status = 410 if "/gone/" in self.path else 404 if "/missing/" in self.path else 201
            if "/redirect/" in self.path:  # a redirect the site must not follow
                status = 307
            self.send_response(status)
            if status == 307:
                self.send_header("Location", "/push/followed")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    service.url = f"http://{HOST}:{server.server_port}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return service, server


def resolve_locally(monkeypatch) -> list[str]:
    """Resolve HOST to 127.0.0.1 and refuse every other name: no test reaches the network.
    Returns the names that were looked up, in order."""
    looked_up: list[str] = []
    real_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        looked_up.append(host)
        if host != HOST:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} is not resolved in tests")
        return real_getaddrinfo("127.0.0.1", *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return looked_up
