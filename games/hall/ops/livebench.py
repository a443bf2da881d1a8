"""Live-updates benchmark of the real stack (issue 22; a command, not a test):

    python -m games.hall.ops.livebench [--pages 1000] [--tables 200] [--seconds 60]
                                       [--interval 2]

Starts the stack of the system tests (DEBUG=0, PostgreSQL, Redis, two web nodes of
`python -m goonsite web`, two django-q2 clusters) on a database it drops and recreates
(LIVEBENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/goonsite_livebench) and
a Redis database it flushes (LIVEBENCH_REDIS_URL, default redis://127.0.0.1:6379/3). It
seats `tables` Exoptosis duels (games/hall/ops/seating.py) and opens `pages` game pages
spread over the tables and over both nodes, each with its socket (games/hall/ops/pages.py):
per table the first seat's page (which moves), the second seat's, and anonymous onlookers.
Every table's first seat changes its hand every `interval` seconds over HTTP.

It prints the time from a move's HTTP answer to each other page of the table having
fetched parts showing it (push received + the poll's GET done): p50/p95/p99 against the
300 ms target and against a floor measured in the same run (an idle poll's round trip);
moves whose version a page never reached (missed updates); errors; sockets held; the web
nodes' memory per socket; the CPU of the web nodes and of this load generator.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from goonsite.stack import Stack, free_ports

from .pages import Mover, Page, Tally
from .procs import CpuMeter, rss_bytes, tree

P95_TARGET = 0.300  # seconds
LEAD = 6 * 3600  # the site's clock reads six hours before a noon: no boundary during a run
OPEN_AT_ONCE = 16  # pages loading at the same time while the bench opens them
SETTLE = 15.0  # seconds after the last move for every page to catch up
CLIENTS = 16  # the flat-out measure's clients (as the load benchmark's ratio)


@dataclass
class Result:
    pages: int
    tables: int
    seconds: float
    interval: float
    moves: int
    latencies: list[float]  # seconds, one per (move, other page of its table) reached
    early: int  # of those, pages that had the parts before the mover had its answer
    missed: int  # (move, other page) pairs never reached
    behind: int  # pages not showing their table's last version at the end
    errors: list[str]
    sockets: int
    reconnects: int
    fetches: dict[int, int]
    floor: float  # seconds: an idle poll's round trip (204), p50
    rss_before: int
    rss_after: int
    web_cpu: float  # cores, averaged over the run
    bench_cpu: float  # cores
    capacity: dict[str, float]  # what the stack serves flat out, requests/s by kind

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def report(self) -> str:
        p50, p95, p99 = (self.percentile(q) for q in (0.50, 0.95, 0.99))
        per_socket = (self.rss_after - self.rss_before) / max(1, self.sockets)
        ms = 1000
        lines = [
            f"pages: {self.pages} over {self.tables} tables and 2 web nodes; a move every "
            f"{self.interval:g} s per table for {self.seconds:g} s",
            f"moves accepted: {self.moves} ({self.moves / self.seconds:.1f}/s)",
            f"move answered -> other page has the parts (n={len(self.latencies)}): "
            f"p50 {p50 * ms:.0f} ms, p95 {p95 * ms:.0f} ms, p99 {p99 * ms:.0f} ms, "
            f"max {max(self.latencies, default=0) * ms:.0f} ms "
            f"({self.early} before the mover's own answer); target p95 < {P95_TARGET * ms:.0f} ms",
            f"floor (same run): an idle poll's round trip p50 {self.floor * ms:.1f} ms; "
            f"p50/floor {p50 / self.floor:.1f}, p95/floor {p95 / self.floor:.1f}",
            f"missed updates: {self.missed}; pages behind at the end: {self.behind}",
            f"errors: {len(self.errors)}" + "".join(f"\n  {e}" for e in self.errors[:10]),
            f"sockets held: {self.sockets}; reconnects: {self.reconnects}",
            "poll answers: "
            + ", ".join(f"{n} x {status}" for status, n in sorted(self.fetches.items()))
            + f" ({sum(self.fetches.values()) / self.seconds:.0f}/s)",
            f"web nodes' RSS: {self.rss_before / 2**20:.0f} MB before the pages, "
            f"{self.rss_after / 2**20:.0f} MB with them: "
            f"{per_socket / 1024:.0f} KB per connected page",
            f"CPU over the run: web nodes {self.web_cpu:.2f} cores, this load generator "
            f"{self.bench_cpu:.2f} cores (of {os.cpu_count()})",
        ]
        if self.capacity:
            lines.append(
                f"flat out ({CLIENTS} clients, no pause): "
                + ", ".join(f"{kind} {rate:.0f}/s" for kind, rate in self.capacity.items())
                + f"; the run asks for {self.pages / self.interval:.0f} fetches/s "
                f"({self.tables / self.interval:.0f} moves/s)"
            )
        return "\n".join(lines)


def start_stack(database_url: str, redis_url: str, log_dir: Path) -> Stack:
    stack = Stack(
        database_url=database_url, redis_url=redis_url, ports=free_ports(2), log_dir=log_dir
    )
    stack.prepare()
    stack.set_clock(lead=LEAD)
    stack.start()
    return stack


def seat(stack: Stack, tables: int, onlookers: int = 0) -> dict:
    """The tables and the onlookers' sessions (games/hall/ops/seating.py)."""
    code = f"from games.hall.ops.seating import print_tables; print_tables({tables}, {onlookers})"
    return stack.python(code)


def web_roots(stack: Stack) -> list[int]:
    return stack.pids()[: len(stack.ports)]  # the web nodes start first (Stack.start)


async def drive(
    stack: Stack, seated: dict, *, seconds: float, interval: float, capacity_seconds: float = 0
) -> Result:
    tally = Tally()
    urls = stack.urls
    http = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=200, keepalive_timeout=3),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=60),
    )
    sockets = aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0), cookie_jar=aiohttp.DummyCookieJar()
    )
    every: list[Page] = []
    movers: list[Mover] = []
    try:
        # Each table gets pages in turn; a table's pages alternate between the nodes.
        tables, onlookers = seated["tables"], iter(seated["onlookers"])
        pages = 2 * len(tables) + len(seated["onlookers"])
        for n in range(pages):
            t, k = n % len(tables), n // len(tables)
            table = tables[t]
            session = table["mover"] if k == 0 else table["other"] if k == 1 else next(onlookers)
            page = Page(n, urls[(t + k) % len(urls)], table["game"], tally, http, sockets, session)
            every.append(page)
            if k == 0:
                movers.append(Mover(page, table["hands"]))
        roots = web_roots(stack)
        await _warm_up(http, urls, tables[0]["game"], tables[0]["other"])
        rss_before = rss_bytes([p for r in roots for p in tree(r)])
        gate = asyncio.Semaphore(OPEN_AT_ONCE)

        async def open_one(page: Page) -> None:
            async with gate:
                await page.open()

        await asyncio.gather(*(open_one(p) for p in every))
        await asyncio.wait_for(asyncio.gather(*(p.subscribed.wait() for p in every)), 120)
        await asyncio.sleep(1)  # the first fetch after "subscribed"
        rss_after = rss_bytes([p for r in roots for p in tree(r)])
        floor = await _floor(every[0])
        tally.fetches.clear()

        web = CpuMeter(roots)
        began, cpu0 = time.monotonic(), _own_cpu()
        sampler = asyncio.create_task(_sample(web))
        await asyncio.gather(
            *(
                _keep_moving(m, began, seconds, interval, i / len(movers))
                for i, m in enumerate(movers)
            )
        )
        moved_for = time.monotonic() - began
        await _settle(every, tally)
        sampler.cancel()
        web.sample()
        cpu = _own_cpu() - cpu0
        elapsed = time.monotonic() - began
        held = sum(1 for p in every if p.ws is not None and not p.ws.closed)
        capacity = await _capacity(every, capacity_seconds) if capacity_seconds else {}
    finally:
        # Leave a few at a time: a thousand sockets closing in the same instant is a
        # restart's storm, not what this measures (and channels_redis meets it with
        # "Too many connections", leaving the memberships to expire).
        gate = asyncio.Semaphore(OPEN_AT_ONCE)

        async def close_one(page: Page) -> None:
            async with gate:
                await page.close()

        await asyncio.gather(*(close_one(p) for p in every), return_exceptions=True)
        await http.close()
        await sockets.close()

    latencies, early, missed = [], 0, 0
    mover_pages = {m.page.number for m in movers}
    for (game, version), answered in tally.answered.items():
        for page in every:
            if page.game != game or page.number in mover_pages:
                continue
            reached = tally.reached.get((page.number, game, version))
            if reached is None:
                missed += 1
            else:
                early += reached < answered
                latencies.append(max(0.0, reached - answered))
    last = {}
    for game, version in tally.answered:
        last[game] = max(last.get(game, -1), version)
    behind = sum(1 for p in every if p.version < last.get(p.game, -1))
    return Result(
        pages=pages,
        tables=len(tables),
        seconds=moved_for,
        interval=interval,
        moves=len(tally.answered),
        latencies=latencies,
        early=early,
        missed=missed,
        behind=behind,
        errors=tally.errors,
        sockets=held,
        reconnects=tally.reconnects,
        fetches=dict(tally.fetches),
        floor=floor,
        rss_before=rss_before,
        rss_after=rss_after,
        web_cpu=web.used / elapsed,
        bench_cpu=cpu / elapsed,
        capacity=capacity,
    )


async def _capacity(pages: list[Page], seconds: float) -> dict[str, float]:
    """Requests/s the stack serves flat out, `CLIENTS` at a time without pause: a poll
    answering a seat's parts (its page one version behind), an onlooker's (the table's
    shared rendering), and a poll answering 204 (current)."""
    rates = {}
    seats, onlookers = pages[:CLIENTS], pages[-CLIENTS:]  # the first pages are the movers'
    for kind, who, behind in (
        ("seat's parts", seats, 1),
        ("onlooker's parts", onlookers, 1),
        ("current (204)", seats, 0),
    ):
        began = time.monotonic()
        stop = began + seconds
        done = await asyncio.gather(*(_flat_out(p, behind, stop) for p in who))
        rates[kind] = sum(done) / (time.monotonic() - began)
    return rates


async def _flat_out(page: Page, behind: int, stop: float) -> int:
    url = f"{page.base}{page.path}poll/"
    headers = {"Cookie": page.cookie, "HX-Request": "true"}
    params = {"v": str(page.version - behind)}
    done = 0
    while time.monotonic() < stop:
        async with page.http.get(url, params=params, headers=headers) as r:
            await r.read()
        done += 1
    return done


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def _warm_up(http: aiohttp.ClientSession, urls: list[str], game: int, session: str) -> None:
    """Every worker has served the pages once (templates loaded, connections made), so the
    memory measured before the pages is a warm server's."""
    for _ in range(8):
        for url in urls:
            headers = {"Cookie": f"sessionid={session}"}
            async with http.get(f"{url}/hall/games/{game}/", headers=headers) as r:
                await r.read()


async def _floor(page: Page) -> float:
    """An idle poll's round trip (204: the page is current), the cheapest request a page
    makes, on the quiet stack: the unit the latencies are compared with."""
    times = []
    for _ in range(40):
        start = time.monotonic()
        await page.fetch()
        times.append(time.monotonic() - start)
    return statistics.median(times)


async def _keep_moving(
    mover: Mover, began: float, seconds: float, interval: float, phase: float
) -> None:
    """Moves on a fixed beat (`interval`, offset by `phase` of it so the tables do not all
    move at once); a move still waiting for its answer skips the beats it overran."""
    beat = began + phase * interval
    while beat < began + seconds:
        await asyncio.sleep(max(0.0, beat - time.monotonic()))
        await mover.move()
        beat += interval
        while beat < time.monotonic():
            beat += interval


async def _sample(meter: CpuMeter) -> None:
    while True:
        await asyncio.sleep(1)
        meter.sample()


async def _settle(pages: list[Page], tally: Tally) -> None:
    """Wait for every page to show its table's last version (or for SETTLE seconds)."""
    last: dict[int, int] = {}
    for game, version in tally.answered:
        last[game] = max(last.get(game, -1), version)
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        if all(p.version >= last.get(p.game, -1) for p in pages):
            return
        await asyncio.sleep(0.2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument(
        "--capacity-seconds", type=float, default=10, help="then the flat-out polls; 0: none"
    )
    args = parser.parse_args(argv)
    if args.pages < 2 * args.tables:
        parser.error("every table needs two pages at least (the mover's and another)")
    database_url = os.environ.get(
        "LIVEBENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/goonsite_livebench"
    )
    redis_url = os.environ.get("LIVEBENCH_REDIS_URL", "redis://127.0.0.1:6379/3")
    _raise_open_files(args.pages * 3)
    log_dir = Path(tempfile.mkdtemp(prefix="livebench-"))
    print(f"starting the stack (logs in {log_dir}) ...", flush=True)
    stack = start_stack(database_url, redis_url, log_dir)
    try:
        seated = seat(stack, args.tables, args.pages - 2 * args.tables)
        print(f"{args.tables} tables seated; opening {args.pages} pages ...", flush=True)
        result = _run(
            drive(
                stack,
                seated,
                seconds=args.seconds,
                interval=args.interval,
                capacity_seconds=args.capacity_seconds,
            )
        )
    finally:
        stack.stop()
    print(result.report())


def _run(coroutine):
    try:
        import uvloop  # the faster loop where it builds: the load generator shares the cores
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def _raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(wanted, 4096)), hard))


if __name__ == "__main__":
    main()
