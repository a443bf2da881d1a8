"""Pages of an Exoptosis table as a browser holds them (static/js/live.js with htmx), driven
from asyncio: one WebSocket each on `/live/`, and on every push for its table the GET of
the table's poll (`?v=<the version it shows>`) whose answer carries the new version.

Every time is `time.monotonic()` in this one process, so a move's answer and another page's
fetch are on the same clock.
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import time
from dataclasses import dataclass, field

import aiohttp

HTMX = {"HX-Request": "true"}
VERSION = re.compile(r'id="poll" class="poll" data-version="(\d+)"')
TOKEN = re.compile(r'data-live="([^"]+)" data-live-groups="([^"]+)"')
CSRF = "livebenchcsrf" + "0" * 19  # 32 characters: Django compares the cookie and the header


def version_in(text: str) -> int | None:
    found = VERSION.search(text)
    return int(found.group(1)) if found else None


@dataclass
class Tally:
    """What every page and mover saw, for the figures and the checks."""

    # (game, version) -> when the move that made it was answered
    answered: dict[tuple[int, int], float] = field(default_factory=dict)
    # (page, game, version) -> when that page had fetched parts at least that new
    reached: dict[tuple[int, int, int], float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    fetches: dict[int, int] = field(default_factory=dict)  # HTTP status -> count
    pushes: int = 0
    reconnects: int = 0  # sockets the server closed (a recycled worker) and live.js reopened

    def error(self, text: str) -> None:
        self.errors.append(text)


class Page:
    """One open game page: its socket, and its fetches in htmx's order (one at a time; a
    push during a fetch fetches once more after it, as `hx-sync` queues the last)."""

    def __init__(
        self,
        number: int,
        base: str,
        game: int,
        tally: Tally,
        http: aiohttp.ClientSession,
        sockets: aiohttp.ClientSession,
        session: str | None = None,
    ) -> None:
        self.number, self.base, self.game, self.tally = number, base, game, tally
        self.http, self.sockets = http, sockets
        self.cookie = f"csrftoken={CSRF}" + (f"; sessionid={session}" if session else "")
        self.version = -1
        self.group = ""
        self.token = ""
        self.subscribed = asyncio.Event()
        self.wanted = asyncio.Event()
        self.closed = False
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.tasks: list[asyncio.Task] = []

    @property
    def path(self) -> str:
        return f"/hall/games/{self.game}/"

    async def open(self) -> None:
        """Load the page (its token and version), then connect its socket."""
        async with self.http.get(self.base + self.path, headers={"Cookie": self.cookie}) as r:
            text = await r.text()
            if r.status != 200:
                raise RuntimeError(f"page {self.path}: HTTP {r.status}")
        found = TOKEN.search(text)
        if found is None:
            raise RuntimeError(f"page {self.path} carries no live token")
        self.token, self.group = html.unescape(found.group(1)), found.group(2)
        self.version = version_in(text)
        await self._connect()
        self.tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._fetcher())]

    async def _connect(self) -> None:
        self.ws = await self.sockets.ws_connect(
            self.base.replace("http", "ws", 1) + "/live/",
            params={"t": self.token},
            # The page's own origin, as a browser sends it.
            headers={"Origin": self.base, "Cookie": self.cookie},
            autoping=True,
        )

    async def _listen(self) -> None:
        while True:
            assert self.ws is not None
            async for message in self.ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                if data["type"] == "subscribed":
                    self.subscribed.set()
                    self.wanted.set()  # live.js fetches once after every (re)connect
                elif data["type"] == "changed" and data["group"] == self.group:
                    self.tally.pushes += 1
                    self.wanted.set()
                elif data["type"] == "refused":
                    self.tally.error(f"page {self.number}: refused: {data['reason']}")
                    return
            if self.closed:
                return
            # The server went away (a worker recycled after max_requests, a restart):
            # live.js reopens after 0.5-1 s and fetches once on "subscribed".
            self.tally.reconnects += 1
            while not self.closed:
                await asyncio.sleep(random.uniform(0.5, 1.0))
                try:
                    await self._connect()
                    break
                except (TimeoutError, aiohttp.ClientError):
                    continue

    async def _fetcher(self) -> None:
        while True:
            await self.wanted.wait()
            self.wanted.clear()
            try:
                await self.fetch()
            except (TimeoutError, aiohttp.ClientError) as exc:
                self.tally.error(f"page {self.number}: poll {type(exc).__name__} {exc}")

    async def fetch(self) -> None:
        """The htmx GET of `hx-get` (the poll with the version shown): 204 or new parts."""
        url = f"{self.base}{self.path}poll/"
        headers = HTMX | {"Cookie": self.cookie}
        async with self.http.get(url, params={"v": str(self.version)}, headers=headers) as r:
            text = await r.text()
            done = time.monotonic()
            self.tally.fetches[r.status] = self.tally.fetches.get(r.status, 0) + 1
            if r.status == 204:
                return
            if r.status != 200:
                self.tally.error(f"page {self.number}: poll HTTP {r.status}")
                return
        self.seen(version_in(text), done)

    def seen(self, version: int | None, when: float) -> None:
        if version is None:
            self.tally.error(f"page {self.number}: parts without a version")
            return
        for v in range(self.version + 1, version + 1):
            self.tally.reached.setdefault((self.number, self.game, v), when)
        self.version = max(self.version, version)

    async def close(self) -> None:
        self.closed = True
        for task in self.tasks:
            task.cancel()
        if self.ws is not None:
            await self.ws.close()


class Mover:
    """The first seat at a table, on its own page: changes its hand (a real move over HTTP,
    POST as htmx sends it) and notes when the answer came and which version it made."""

    def __init__(self, page: Page, hands: list[list[int]]) -> None:
        self.page, self.hands, self.turn = page, hands, 0
        self.made = -1  # the version its last accepted move made

    async def move(self) -> None:
        try:
            await self._move()
        except (TimeoutError, aiohttp.ClientError) as exc:
            self.page.tally.error(f"move at {self.page.game}: {type(exc).__name__} {exc}")

    async def _move(self) -> None:
        page = self.page
        hand = self.hands[self.turn % len(self.hands)]
        self.turn += 1
        headers = HTMX | {"Cookie": page.cookie, "X-CSRFToken": CSRF}
        data = [("cards", str(c)) for c in hand]
        url = f"{page.base}{page.path}hand/"
        async with page.http.post(url, data=data, headers=headers, allow_redirects=False) as r:
            text = await r.text()
            answered = time.monotonic()
            if r.status != 200:
                page.tally.error(f"move at {page.game}: HTTP {r.status}")
                return
        version = version_in(text)
        if version is None or version <= self.made or "Hand chosen" not in text:
            page.tally.error(f"move at {page.game} not accepted: {text[:200]!r}")
            return
        self.made = version
        page.tally.answered[(page.game, version)] = answered
        page.seen(version, answered)  # htmx swaps the answer's parts into the mover's page
