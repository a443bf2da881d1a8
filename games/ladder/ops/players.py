"""Players driven over HTTP (aiohttp, asyncio), spreading their requests over the web nodes.

What the site acknowledged is recorded, to be reconciled with the database after noon:
a vote counts as cast when the page said "N points up/down on X. It lands at …'s noon".

aiohttp, not httpx: the generator runs on the same two cores as the site, in one thread.
With httpx it spent about 11 ms of CPU a request and, in the 500-player arrival rush,
was itself the queue (its thread always busy, the web workers idle: py-spy).
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

import aiohttp
from yarl import URL

HTMX = {"HX-Request": "true"}
VOTED = re.compile(r"(\d+) points? (up|down) on [^<]*?\. It lands at (\w+)&#x27;s noon")
PLAYED = re.compile(r"waits face down on [^<]*? until (\w+)&#x27;s noon")
ENTRY = re.compile(r'name="entry" value="(\d+)"')
SEALED = re.compile(r'action="/sealed/(\d+)/open/"')
SHOWN = re.compile(r'id="shown-board" name="shown" value="([^"]*)"')  # what htmx sends back
REFUSED_AT_NOON = "Noon is being counted"


@dataclass
class Recorder:
    """Every request's latency and status, by kind."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    refused_at_noon: int = 0
    began: float = field(default_factory=time.time)
    warm_up: float = 10.0  # seconds: the first arrivals' rush, reported apart (`settled`)
    # After the warm-up, by kind: (when it was sent, time.time(); seconds it took).
    settled: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    # Every request: (when it was sent, time.time(); its kind; seconds it took).
    timeline: list[tuple[float, str, float]] = field(default_factory=list)

    def add(self, kind: str, seconds: float, sent: float | None = None) -> None:
        self.latencies.setdefault(kind, []).append(seconds)
        if sent is not None:
            self.timeline.append((sent, kind, seconds))
        if sent is not None and sent - self.began >= self.warm_up:
            self.settled.setdefault(kind, []).append((sent, seconds))

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.latencies.values())


@dataclass
class Ack:
    player: str
    entry: int
    direction: str
    points: int
    noon_day: str  # the weekday of the noon the page said it counts for


@dataclass
class Answer:
    status_code: int
    text: str


class Player:
    def __init__(self, name: str, urls: list[str], recorder: Recorder) -> None:
        self.name = name
        self.urls = urls
        self.recorder = recorder
        self._session: aiohttp.ClientSession | None = None
        self.turn = random.randrange(len(urls))
        self.votes: list[Ack] = []
        self.plays: list[str] = []
        self.entries: list[int] = []
        self.shown = ""  # the board state the page shows, sent with a vote or an opening

    @property
    def session(self) -> aiohttp.ClientSession:
        """Made on first use, inside the running loop. The cookie jar takes an address's
        cookies (`unsafe`), and idle connections are dropped before gunicorn's keep-alive
        (5 s) closes them, or a request sent on one the server is closing fails."""
        if self._session is None:
            self._session = aiohttp.ClientSession(
                cookie_jar=aiohttp.CookieJar(unsafe=True),
                connector=aiohttp.TCPConnector(keepalive_timeout=3),
                timeout=aiohttp.ClientTimeout(total=60),
            )
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    def _url(self, path: str) -> str:
        self.turn += 1
        return self.urls[self.turn % len(self.urls)] + path

    def _cookie(self, name: str) -> str:
        return next((c.value for c in self.session.cookie_jar if c.key == name), "")

    async def request(self, kind: str, method: str, path: str, **kwargs) -> Answer:
        headers = kwargs.pop("headers", {})
        if method == "POST":
            headers["X-CSRFToken"] = self._cookie("csrftoken")
        sent, start = time.time(), time.perf_counter()
        try:
            async with self.session.request(
                method, self._url(path), headers=headers, allow_redirects=False, **kwargs
            ) as response:
                answer = Answer(response.status, await response.text())
        except (aiohttp.ClientError, TimeoutError) as exc:
            self.recorder.errors.append(f"{kind}: {type(exc).__name__} {exc}")
            raise
        self.recorder.add(kind, time.perf_counter() - start, sent)
        if shown := SHOWN.search(answer.text):
            self.shown = shown[1]
        if answer.status_code >= 400 or (
            answer.status_code >= 300 and kind not in ("signup", "post-form")
        ):
            self.recorder.errors.append(f"{kind} {path}: HTTP {answer.status_code}")
        return answer

    def use_session(self, session_id: str) -> None:
        self.session.cookie_jar.update_cookies({"sessionid": session_id}, URL(self.urls[0]))

    async def sign_up(self, password: str) -> None:
        await self.request("signup", "GET", "/accounts/signup/")
        response = await self.request(
            "signup",
            "POST",
            "/accounts/signup/",
            data={
                "username": self.name,
                "display_name": self.name.title(),
                "password1": password,
                "password2": password,
            },
        )
        if response.status_code != 302:
            raise RuntimeError(f"sign-up of {self.name} failed: HTTP {response.status_code}")

    async def board(self) -> str:
        html = (await self.request("board", "GET", "/")).text
        self.entries = [int(e) for e in ENTRY.findall(html)] or self.entries
        return html

    async def open_packs(self) -> None:
        for item in SEALED.findall(await self.board()):
            await self.request(
                "action",
                "POST",
                f"/sealed/{item}/open/",
                data={"shown": self.shown},
                headers=dict(HTMX),
            )

    def _refused_at_noon(self, html: str) -> bool:
        if REFUSED_AT_NOON in html:
            self.recorder.refused_at_noon += 1
            return True
        return False

    async def vote(self, entry: int, direction: str) -> Ack | None:
        html = (
            await self.request(
                "action",
                "POST",
                "/vote/",
                data={"entry": entry, "direction": direction, "shown": self.shown},
                headers=dict(HTMX),
            )
        ).text
        match = VOTED.search(html)
        if match is None:
            self._refused_at_noon(html)
            return None
        ack = Ack(self.name, entry, match[2], int(match[1]), match[3])
        self.votes.append(ack)
        return ack

    async def play(self, card: str, entry: int) -> bool:
        html = (
            await self.request(
                "action",
                "POST",
                "/play/",
                data={"card": card, "target": entry},
                headers=dict(HTMX),
            )
        ).text
        match = PLAYED.search(html)
        if match is None:
            self._refused_at_noon(html)
            return False
        self.plays.append(match[1])
        return True

    async def redeem(self, code: str) -> bool:
        html = (
            await self.request("action", "POST", "/code/", data={"code": code}, headers=dict(HTMX))
        ).text
        return "Code accepted" in html

    async def play_a_day(self, *, code: str | None = None, think: float = 0.0) -> None:
        """Open the starting pack, three votes, a Boost on the first voted, a code."""
        await self.open_packs()
        picks = random.sample(self.entries, 3)
        for entry in picks:
            await self.vote(entry, random.choice(["up", "up", "down"]))
            await asyncio.sleep(think)
        await self.play("boost", picks[0])
        if code:
            await self.redeem(code)
        await self.board()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
