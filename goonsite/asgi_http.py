"""The pages under the ASGI server: Django's WSGI handler in a pool of threads kept for the
process (a2wsgi), beside the live WebSockets on the same event loop (goonsite.asgi).

Django's own ASGI handler starts a thread for every request (asgiref's
ThreadSensitiveContext) and crosses between it and the event loop for the request's
signals, its response and its close. In the 500-player arrival rush
(games.ladder.ops.loadbench) every request queued had a thread of its own, hundreds at
once contending for one interpreter and a pool of eight database connections: p95 after
the first 10 s was 1.4 to 2.7 s, and 0.3 to 0.4 s through a pool of threads in the runs
next to them. Every view here is sync, so nothing is lost: middleware and view run as
under WSGI and in the tests, one request to a thread, at most `threads` at once per
process (the rest wait on the loop, where waiting costs nothing).

The loop is remembered, so a page's thread sends its live pushes through it
(goonsite.live.sync), where the channel layer keeps its connections, as under Django's
handler, rather than running a loop of its own for each push.
"""

from __future__ import annotations

import asyncio

from a2wsgi import WSGIMiddleware
from django.core.handlers.wsgi import WSGIHandler

from goonsite.live.sync import remember_server_loop


class Pages:
    """The ASGI application of the site's HTTP requests."""

    def __init__(self, threads: int) -> None:
        self._wsgi = WSGIMiddleware(WSGIHandler(), workers=threads)

    async def __call__(self, scope, receive, send) -> None:
        remember_server_loop(asyncio.get_running_loop())
        await self._wsgi(scope, receive, send)
