"""What a vote, a card play and a pack opening cost, each beside a bare view in one run.

N players, each with their board seen (kept), ask for the bare view `/ping/` (the floor:
the whole middleware, no game) and their board; then each votes once, plays a Boost and
opens a Booster Pack (htmx posts), and asks for their board again; then each asks once
more after another player's card (which changes only the face-down counts). The bare
view is asked between the others, player by player, so a machine whose speed drifts
meanwhile moves the floor with what is measured against it. Printed for each:
CPU milliseconds of the web process and PostgreSQL together, that over the bare view's,
the most queries one took (BEGIN and COMMIT counted, as Django counts them) and the round
trips to Redis a request of the kind makes (the median; `goonsite.redis_trips`).

In this process (Django's test client) by default: CPU is `process_time` plus this
connection's PostgreSQL backend (its CPU clock, when the database runs on this machine).
`--http` also runs every request through `python -m goonsite web` (gunicorn, one worker,
one thread) on a loopback port and measures that worker (every thread of it) and its
backends, as production runs it; queries are counted in process only.

Runs on the configured database and cache (which must have no active ladder season) and
removes what it built.
"""

from __future__ import annotations

import cProfile
import datetime as dt
import io
import os
import pstats
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from games.ladder import board_cache, clock
from games.ladder.engine import CardId
from games.ladder.models import (
    Contestant,
    HeldCard,
    LadderEntry,
    Play,
    PlayerSeason,
    SealedItem,
    Season,
    Source,
)
from games.ladder.public import public_board
from goonsite.redis_trips import counting_redis_trips

TARGET_RATIO = 3.0
TARGET_QUERIES = 8
ARRIVALS = ("first board", "God Pack opened")  # a new player's, measured apart
CLOCK_TICK = 1 / os.sysconf("SC_CLK_TCK")
_CPUCLOCK_SCHED = 2  # linux/posix-timers.h: a process's scheduler CPU time
ROOT = Path(settings.BASE_DIR)
HTMX = {"HX-Request": "true"}
FORM = "application/x-www-form-urlencoded"
SHOWN = re.compile(rb'id="shown-board" name="shown" value="([^"]*)"')


def process_cpu(pid: int) -> float:
    """CPU seconds of a process on this machine, all its threads, the ones that have ended
    too (a request's thread under Uvicorn ends with it), in nanoseconds: Linux's CPU clock
    of another process, whose id is made from the pid as glibc's `clock_getcpuclockid`
    makes it. Where that is refused, /proc/<pid>/stat's clock ticks, 10 ms each, in which
    a request's few hundred microseconds of SQL were a tick or none."""
    try:
        return time.clock_gettime(((~pid) << 3) | _CPUCLOCK_SCHED)
    except OSError:
        return process_ticks(pid)


def process_ticks(pid: int) -> float:
    """User and system CPU seconds of a process, from /proc/<pid>/stat, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()  # the command may hold spaces
    return (int(fields[11]) + int(fields[12])) * CLOCK_TICK


def database_backends(*, other_than_mine: bool) -> list[int]:
    """The PostgreSQL backends serving this database whose CPU this machine can read."""
    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        if other_than_mine:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
            )
            pids = [pid for (pid,) in cursor.fetchall()]
        else:
            cursor.execute("SELECT pg_backend_pid()")
            pids = [cursor.fetchone()[0]]
    return [pid for pid in pids if os.access(f"/proc/{pid}/stat", os.R_OK)]


@dataclass
class Figures:
    """One kind of request: CPU seconds (web and database) summed over its runs; queries."""

    name: str
    runs: int = 0
    cpu: float = 0.0
    queries: list[int] = field(default_factory=list)
    redis: list[int] = field(default_factory=list)  # round trips, with a Redis cache

    @property
    def cpu_ms(self) -> float:
        return self.cpu * 1000 / self.runs

    @property
    def redis_median(self) -> int:
        """The median, not the most: the first request on a new connection adds its
        handshake."""
        return sorted(self.redis)[len(self.redis) // 2]


class InProcess:
    """Requests through Django's test client in this process."""

    label = "in this process (test client)"

    def __init__(self, clients: list[Client]) -> None:
        self.clients = clients
        self.players = len(clients)
        # This connection for the whole run (its backend's CPU is the one measured): the
        # test client's requests would close it after CONN_MAX_AGE.
        connection.settings_dict["CONN_MAX_AGE"] = None
        self.backends = database_backends(other_than_mine=False)
        self.counts_database = bool(self.backends)

    def cpu(self) -> float:
        return time.process_time() + sum(process_cpu(pid) for pid in self.backends)

    def request(self, i: int, method: str, path: str, data: dict | None, htmx: bool):
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        client = self.clients[i]
        if method == "GET":
            response = client.get(path, secure=True, **extra)
        else:
            # Form-encoded, as htmx and a browser send a form (the test client's default,
            # multipart, costs more to parse).
            response = client.post(path, urlencode(data or {}), FORM, secure=True, **extra)
        return response.status_code, response.content

    def close(self) -> None:
        pass


class OverHttp:
    """Requests through `python -m goonsite web` (gunicorn: one worker, one thread)."""

    label = "through gunicorn (one worker, one thread)"

    def __init__(self, clients: list[Client]) -> None:
        import logging

        import httpx

        logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        handle, self.log = tempfile.mkstemp(prefix="bench-actions-web-", suffix=".log")
        env = os.environ | {
            "WEB_BIND": f"127.0.0.1:{port}",
            "WEB_WORKERS": "1",
            "WEB_THREADS": "1",
            "WEB_ACCESS_LOG": "",
            # One connection for the whole run, so its backend's CPU is the one measured.
            "CONN_MAX_AGE": "3600",
            "SECURE_SSL_REDIRECT": "0",
        }
        self.server = subprocess.Popen(
            [sys.executable, "-m", "goonsite", "web"],
            cwd=ROOT,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
        os.close(handle)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        self.cookies = [
            f"sessionid={c.cookies['sessionid'].value}; csrftoken={c.cookies['csrftoken'].value}"
            for c in clients
        ]
        self.csrf = [c.cookies["csrftoken"].value for c in clients]
        self.players = len(clients)
        self.host = clients[0].defaults["HTTP_HOST"]
        deadline = time.monotonic() + 30
        while True:
            try:
                self.http.get("/healthz", headers={"Host": self.host})
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.server.poll() is not None:
                    raise CommandError(f"the web server did not start: see {self.log}") from None
                time.sleep(0.2)
        with open(f"/proc/{self.server.pid}/task/{self.server.pid}/children") as f:
            self.worker = int(f.read().split()[0])
        self.backends: list[int] = []
        self.counts_database = True

    def cpu(self) -> float:
        if not self.backends:  # the worker's connection, opened by the first requests
            self.backends = database_backends(other_than_mine=True)
            self.counts_database = bool(self.backends)
        return process_cpu(self.worker) + sum(process_cpu(pid) for pid in self.backends)

    def request(self, i: int, method: str, path: str, data: dict | None, htmx: bool):
        headers = {"Host": self.host, "Cookie": self.cookies[i], "X-CSRFToken": self.csrf[i]}
        if htmx:
            headers |= HTMX
        response = self.http.request(method, path, data=data, headers=headers)
        return response.status_code, response.content

    def close(self) -> None:
        self.http.close()
        self.server.terminate()
        self.server.wait(timeout=30)
        os.unlink(self.log)


def allowed_host() -> str:
    """A host name the site answers to (the test client's own is not one of them)."""
    for host in settings.ALLOWED_HOSTS:
        if host not in ("*", "") and not host.startswith("."):
            return host
    return "localhost"


class Command(BaseCommand):
    help = "Time a vote, a play and a pack opening against a bare view: CPU and queries each."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--players", type=int, default=200, help="N: requests of each kind")
        parser.add_argument("--contestants", type=int, default=30)
        parser.add_argument(
            "--face-down",
            type=int,
            default=500,
            help="cards already waiting face down on the ladder (other players' plays)",
        )
        parser.add_argument(
            "--http", action="store_true", help="also through gunicorn, as production runs"
        )
        parser.add_argument("--profile", help="cProfile (CPU) one kind in process instead")

    def handle(self, *, players: int, contestants: int, face_down: int, **options) -> None:
        if Season.objects.filter(is_active=True).exists():
            raise CommandError("This database has an active season: run the bench on another.")
        self.verbosity = options["verbosity"]
        self.round = 0
        self.shown: dict[int, str] = {}  # the board state each player's page shows
        season = self.build(players, contestants)
        try:
            clients = self.players(season, face_down)
            self.stdout.write(
                f"database: {connection.vendor}, cache: {settings.CACHES['default']['BACKEND']}, "
                f"sessions: {settings.SESSION_ENGINE}, DEBUG: {settings.DEBUG}\n"
                f"{players} of each, {season.entries.count()} contestants, "
                f"{face_down} cards face down"
            )
            if options["profile"] in ARRIVALS:
                self.arrivals(season, players, profile=options["profile"])
                return
            if options["profile"]:
                self.profile(season, InProcess(clients), options["profile"])
                return
            # Each kind once per player: the in-process run spends the first vote, play and
            # pack of each player; the run over HTTP the second.
            counted = self.measure(season, InProcess(clients))
            self.arrivals(season, players)
            if options["http"]:
                web = OverHttp(clients)
                try:
                    self.measure(season, web, queries=counted)
                finally:
                    web.close()
        finally:
            self.tear_down(season)

    @transaction.atomic
    def build(self, players: int, contestants: int) -> Season:
        tag = f"bench-actions-{time.time_ns()}"
        season = Season.objects.create(name=tag, starts_on=dt.date(2026, 1, 1), is_active=True)
        people = Contestant.objects.bulk_create(
            Contestant(name=f"{tag}-c{i}") for i in range(contestants)
        )
        LadderEntry.objects.bulk_create(
            LadderEntry(season=season, contestant=c, joined=i, score=(i * 37) % 90)
            for i, c in enumerate(people, start=1)
        )
        password = make_password(None)
        users = User.objects.bulk_create(
            User(username=f"{tag}-u{i}", display_name=f"Bencher {i}", password=password)
            for i in range(players)
        )
        members = PlayerSeason.objects.bulk_create(
            PlayerSeason(season=season, user=u) for u in users
        )
        # The starting hand is dealt already (a player's first visit is not what is measured):
        # an opened God Pack, two Booster Packs still sealed and a few cards.
        SealedItem.objects.bulk_create(
            SealedItem(owner=m, kind=kind, source=source, opened_at=opened)
            for m in members
            for kind, source, opened in (
                (SealedItem.Kind.GOD_PACK, Source.STARTING_HAND, season.created_at),
                (SealedItem.Kind.BOOSTER_PACK, Source.ADMIN, None),
                (SealedItem.Kind.BOOSTER_PACK, Source.ADMIN, None),
            )
        )
        cards = [CardId.BOOST, CardId.BOOST, CardId.BOOST, CardId.SHIELD, CardId.SKIP]
        HeldCard.objects.bulk_create(
            HeldCard(owner=m, card=c.value, source=Source.ADMIN) for m in members for c in cards
        )
        return season

    def players(self, season: Season, face_down: int) -> list[Client]:
        """A logged-in client per player, their board seen (and their CSRF cookie set)."""
        day = public_board(clock.now()).day
        # Someone not measured: their board lists every one of these cards.
        someone = User.objects.create(
            username=f"{season.name}-author", display_name=f"Author {season.pk}"
        )
        author = PlayerSeason.objects.create(season=season, user=someone)
        entries = list(season.entries.values_list("pk", flat=True))
        Play.objects.bulk_create(  # other players' cards, waiting on the ladder
            Play(day=day, player=author, card="shield", target_id=entries[i % len(entries)])
            for i in range(face_down)
        )
        board_cache.bump_day_plays(day.pk)  # a bulk insert sends no signal
        clients = []
        measured = User.objects.filter(username__startswith=f"{season.name}-")
        for user in measured.exclude(pk=someone.pk).order_by("pk"):
            client = Client(HTTP_HOST=allowed_host())
            client.force_login(user)
            client.get(reverse("ladder:board"), secure=True)  # sets the CSRF cookie
            client.get(reverse("ladder:board"), secure=True)  # kept whole, named by it
            clients.append(client)
        return clients

    def kinds(self, season: Season) -> list[tuple[str, str, Callable[[int], tuple]]]:
        """(name, method, what to send for player i)."""
        entries = list(season.entries.order_by("pk").values_list("pk", flat=True))
        players = list(PlayerSeason.objects.filter(season=season).order_by("user_id"))
        packs = {}
        for owner, item in SealedItem.objects.filter(
            owner__season=season, opened_at__isnull=True
        ).values_list("owner_id", "pk"):
            packs.setdefault(owner, item)  # the first still sealed
        board = reverse("ladder:board")

        def vote(i: int) -> tuple:
            entry = entries[(i + self.round) % len(entries)]  # a new one each round
            # What the page sends with a vote: the state of the board it shows.
            data = {"entry": entry, "direction": "up", "shown": self.shown.get(i, "")}
            return reverse("ladder:vote"), data, True

        def play(i: int) -> tuple:
            # What the confirm dialog sends: the state of the page aiming the card.
            state = self.shown.get(i, "")
            aimed = state + CardId.BOOST.value if state.endswith(":") else state
            data = {"card": CardId.BOOST.value, "target": entries[(i + 1) % len(entries)]}
            return reverse("ladder:play"), data | {"shown": aimed}, True

        def open_pack(i: int) -> tuple:
            path = reverse("ladder:open", args=[packs[players[i].pk]])
            return path, {"shown": self.shown.get(i, "")}, True

        return [
            ("bare view", "GET", lambda i: (reverse("ping"), None, False)),
            ("board (kept)", "GET", lambda i: (board, None, False)),
            ("vote", "POST", vote),
            ("play", "POST", play),
            ("pack", "POST", open_pack),
            ("board after", "GET", lambda i: (board, None, False)),
            # Every board kept again; then another player's card, which changes only the
            # face-down counts: each page is served kept, the counts filled in.
            ("board, a card later", "GET", lambda i: (board, None, False)),
        ]

    def lay_a_card(self, season: Season) -> None:
        """Another player's card on the ladder, as a play lands it (the day's plays bumped)."""
        day = public_board(clock.now()).day
        user = User.objects.create(
            username=f"{season.name}-other{self.round}",
            display_name=f"Other {self.round} {season.pk}",
        )
        author = PlayerSeason.objects.create(season=season, user=user)  # not one measured
        Play.objects.create(day=day, player=author, card="shield", target=season.entries.first())

    def measure(self, season: Season, transport, queries: dict | None = None) -> dict:
        """Run every kind for every player; print the figures. Returns the query counts.

        Player by player, the bare view between the others, so that a machine whose speed
        drifts during the run (a shared one) moves the floor with what is measured against
        it: first every board while nobody acts, then each player's actions and board
        after; the last kind needs every board kept, then another player's card."""
        kinds = self.kinds(season)
        figures = [Figures(name) for name, _, _ in kinds]
        count = queries is None
        bare, kept, *acting, later = zip(kinds, figures, strict=True)
        for phase in ([kept], acting):
            for i in range(transport.players):
                for (_, method, what), into in [bare, *phase]:
                    self.one(into, i, method, what, transport, count)
        (name, method, what), _ = later
        self.run("board kept", method, what, transport, False)
        self.lay_a_card(season)
        figures[-1] = self.run(name, method, what, transport, count)
        self.round += 1
        floor = self.floor = figures[0].cpu_ms
        what = "web + PostgreSQL" if transport.counts_database else "web only"
        self.stdout.write(f"\n{transport.label}, CPU of {what}:")
        self.stdout.write(f"  {'':<20} {'CPU ms':>8} {'× bare':>7} {'queries':>8} {'redis':>6}")
        counted = queries or {f.name: (max(f.queries), f.redis_median) for f in figures}
        if self.verbosity > 1 and queries is None:
            for f in figures:
                spread = {n: f.queries.count(n) for n in sorted(set(f.queries))}
                self.stdout.write(f"    {f.name}: queries (count: requests) {spread}")
        for f in figures:
            self.stdout.write(
                f"  {f.name:<20} {f.cpu_ms:8.2f} {f.cpu_ms / floor:6.2f}× "
                f"{counted[f.name][0]:8} {counted[f.name][1]:6}"
            )
        self.stdout.write(
            f"  floor: the bare view, {floor:.2f} ms; target: a vote, a play and a pack each "
            f"at most {TARGET_RATIO:g}× its CPU and {TARGET_QUERIES} queries"
        )
        for f in figures[2:5]:
            met = f.cpu_ms / floor <= TARGET_RATIO and counted[f.name][0] <= TARGET_QUERIES
            self.stdout.write(f"    {f.name}: {'met' if met else 'NOT met'}")
        return counted

    def arrivals(self, season: Season, players: int, profile: str | None = None) -> None:
        """The noon rush's dearest requests, in process: a new player's first board (their
        row, starting God Pack and board) and the opening of that pack; `profile`: one of
        them (ARRIVALS) under cProfile, printed instead."""
        password = make_password(None)
        users = User.objects.bulk_create(
            User(username=f"{season.name}-new{i}", display_name=f"Newcomer {i}", password=password)
            for i in range(players)
        )
        clients = []
        for user in users:
            client = Client(HTTP_HOST=allowed_host())
            client.force_login(user)
            client.get(reverse("ping"), secure=True)  # a test client sets its handler up first
            clients.append(client)
        transport = InProcess(clients)
        board = reverse("ladder:board")
        with self.profiled(profile == ARRIVALS[0]):
            first = self.run(ARRIVALS[0], "GET", lambda i: (board, None, False), transport, True)
        packs = dict(
            SealedItem.objects.filter(
                owner__user__in=users, source=Source.STARTING_HAND
            ).values_list("owner__user_id", "pk")
        )

        def open_god_pack(i: int) -> tuple:
            path = reverse("ladder:open", args=[packs[users[i].pk]])
            return path, {"shown": self.shown.get(i, "")}, True  # from their first board

        with self.profiled(profile == ARRIVALS[1]):
            opened = self.run(ARRIVALS[1], "POST", open_god_pack, transport, True)
        if profile:
            return
        self.stdout.write("\n  a new player's arrival, in this process:")
        for f in (first, opened):
            self.stdout.write(
                f"  {f.name:<20} {f.cpu_ms:8.2f} {f.cpu_ms / self.floor:6.2f}× "
                f"{max(f.queries):8} {f.redis_median:6}"
            )

    def run(self, name: str, method: str, what: Callable, transport, count: bool) -> Figures:
        figures = Figures(name)
        for i in range(transport.players):
            self.one(figures, i, method, what, transport, count)
        return figures

    def one(self, figures: Figures, i: int, method: str, what: Callable, transport, count: bool):
        """Player i's request of a kind, added to its figures."""
        path, data, htmx = what(i)
        with CaptureQueriesContext(connection) as queries, counting_redis_trips() as trips:
            before = transport.cpu()
            status, body = transport.request(i, method, path, data, htmx)
            figures.cpu += transport.cpu() - before
        if status != 200 or b'class="error"' in body:
            raise CommandError(f"{figures.name} failed: {status} {body[:300]}")
        if shown := SHOWN.search(body):
            self.shown[i] = shown[1].decode()
        figures.runs += 1
        if count:
            figures.queries.append(len(queries))
            figures.redis.append(trips.count)
        if count and self.verbosity > 1 and i == transport.players - 1:
            for query in queries.captured_queries:  # the last one's, to see where they go
                self.stdout.write(f"    {figures.name}: {query['sql'][:150]}")
            for command in trips.commands:
                self.stdout.write(f"    {figures.name}: redis {command}")

    @contextmanager
    def profiled(self, enabled: bool) -> Iterator[None]:
        """cProfile (CPU, not waits) of what runs inside, printed after, when `enabled`."""
        if not enabled:
            yield
            return
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        try:
            yield
        finally:
            profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
        stats.print_stats(60)
        stats.print_stats(r"views/common\.py")  # how the answer was drawn, whatever its cost
        self.stdout.write(out.getvalue())

    def profile(self, season: Season, transport: InProcess, kind: str) -> None:
        kinds = self.kinds(season)
        names = [name for name, _, _ in kinds]
        if kind not in names:
            raise CommandError(f"no such kind: {kind}")
        # What comes before it in a measured run first, unprofiled: every page shown (an
        # action answers a page that shows its board), the actions before a board after.
        for name, method, what in kinds[: names.index(kind)]:
            self.run(name, method, what, transport, False)
        if kind == names[-1]:
            self.lay_a_card(season)
        _, method, what = kinds[names.index(kind)]
        with self.profiled(True):
            for i in range(transport.players):
                path, data, htmx = what(i)
                transport.request(i, method, path, data, htmx)

    def tear_down(self, season: Season) -> None:
        with transaction.atomic():
            tag = season.name
            season.delete()
            User.objects.filter(username__startswith=f"{tag}-").delete()
            Contestant.objects.filter(name__startswith=f"{tag}-").delete()
