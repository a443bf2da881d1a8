"""What a vote, a card play and a pack opening cost, each beside a bare view in one run.

Every request goes through the whole middleware (Django's test client, in this process):
the bare view `/ping/` is the floor, the board view a cached page, then each of N players
votes once, plays a Boost and opens a Booster Pack, as htmx posts. CPU is this process's
`process_time` plus, when PostgreSQL runs on this machine, its backend's (from
/proc/<pid>/stat), so the web and the database are both counted. Runs on the configured
database and cache (which must have no active ladder season) and removes what it built.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

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

TARGET_RATIO = 3.0
TARGET_QUERIES = 8
CLOCK_TICK = 1 / os.sysconf("SC_CLK_TCK")


@dataclass
class Figures:
    """One kind of request: CPU seconds (web, database) and queries, summed over its runs."""

    name: str
    runs: int = 0
    web: float = 0.0
    database: float = 0.0
    queries: list[int] = field(default_factory=list)

    @property
    def cpu_ms(self) -> float:
        return (self.web + self.database) * 1000 / self.runs

    @property
    def most_queries(self) -> int:
        return max(self.queries)


class DatabaseCpu:
    """The CPU time of this connection's PostgreSQL backend, when it runs on this machine."""

    def __init__(self) -> None:
        self.stat = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                (pid,) = cursor.fetchone()
            path = f"/proc/{pid}/stat"
            if os.access(path, os.R_OK):
                self.stat = path

    def seconds(self) -> float:
        if self.stat is None:
            return 0.0
        with open(self.stat) as f:
            # The command may hold spaces: the fields after its closing parenthesis.
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * CLOCK_TICK  # utime, stime


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
        parser.add_argument("--profile", help="cProfile this kind (vote, play, pack) instead")
        parser.add_argument(
            "--face-down",
            type=int,
            default=500,
            help="cards already waiting face down on the ladder (other players' plays)",
        )

    def handle(self, *, players: int, contestants: int, face_down: int, **options) -> None:
        self.verbosity = options["verbosity"]
        self.profile = options["profile"]
        if Season.objects.filter(is_active=True).exists():
            raise CommandError("This database has an active season: run the bench on another.")
        self.db_cpu = DatabaseCpu()
        season = self.build(players, contestants)
        try:
            self.measure(season, players, face_down)
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
        # an opened God Pack, a Booster Pack still sealed and a few cards.
        SealedItem.objects.bulk_create(
            SealedItem(owner=m, kind=kind, source=source, opened_at=opened)
            for m in members
            for kind, source, opened in (
                (SealedItem.Kind.GOD_PACK, Source.STARTING_HAND, season.created_at),
                (SealedItem.Kind.BOOSTER_PACK, Source.ADMIN, None),
            )
        )
        cards = [CardId.BOOST, CardId.BOOST, CardId.SHIELD, CardId.SKIP, CardId.REVERSE]
        HeldCard.objects.bulk_create(
            HeldCard(owner=m, card=c.value, source=Source.ADMIN) for m in members for c in cards
        )
        return season

    def measure(self, season: Season, players: int, face_down: int) -> None:
        entries = list(season.entries.order_by("pk").values_list("pk", flat=True))
        clients = []
        for user in User.objects.filter(username__startswith=f"{season.name}-").order_by("pk"):
            client = Client(HTTP_HOST=allowed_host())
            client.force_login(user)
            clients.append(client)
        board = reverse("ladder:board")
        htmx = {"HTTP_HX_REQUEST": "true", "secure": True}
        for client in clients:  # each player has seen their board (and got a CSRF cookie)
            client.get(board, secure=True)
        self.wait_face_down(season, face_down, entries)
        for client in clients:
            client.get(board, secure=True)
        packs = dict(
            SealedItem.objects.filter(owner__season=season, opened_at__isnull=True).values_list(
                "owner__user_id", "pk"
            )
        )

        def vote(i: int, client: Client):
            entry = entries[i % len(entries)]
            return client.post(reverse("ladder:vote"), {"entry": entry, "direction": "up"}, **htmx)

        def play(i: int, client: Client):
            entry = entries[(i + 1) % len(entries)]
            data = {"card": CardId.BOOST.value, "target": entry}
            return client.post(reverse("ladder:play"), data, **htmx)

        pack_of = [packs[int(client.session["_auth_user_id"])] for client in clients]

        def open_pack(i: int, client: Client):
            return client.post(reverse("ladder:open", args=[pack_of[i]]), **htmx)

        kinds: list[tuple[str, Callable]] = [
            ("bare view", lambda i, c: c.get(reverse("ping"), secure=True)),
            ("board (cached)", lambda i, c: c.get(board, secure=True)),
            ("vote", vote),
            ("play", play),
            ("pack", open_pack),
            ("board after", lambda i, c: c.get(board, secure=True)),
        ]
        self.stdout.write(
            f"database: {connection.vendor}, cache: {settings.CACHES['default']['BACKEND']}, "
            f"sessions: {settings.SESSION_ENGINE}, DEBUG: {settings.DEBUG}"
        )
        self.stdout.write(
            f"{players} of each, {len(entries)} contestants, {face_down} cards face down; "
            + ("CPU of web + PostgreSQL" if self.db_cpu.stat else "CPU of the web process only")
        )
        results = [self.run(name, request, clients) for name, request in kinds]
        floor = results[0].cpu_ms
        self.stdout.write(f"{'':<16} {'CPU ms':>8} {'× bare':>7} {'queries':>8}")
        for figures in results:
            ratio = figures.cpu_ms / floor
            self.stdout.write(
                f"{figures.name:<16} {figures.cpu_ms:8.2f} {ratio:6.2f}× {figures.most_queries:8}"
            )
        self.stdout.write(
            f"floor: the bare view, {floor:.2f} ms; target: a vote, a play and a pack each at "
            f"most {TARGET_RATIO:g}× and {TARGET_QUERIES} queries"
        )
        for figures in results[2:5]:
            ratio = figures.cpu_ms / floor
            met = ratio <= TARGET_RATIO and figures.most_queries <= TARGET_QUERIES
            self.stdout.write(f"  {figures.name}: {'met' if met else 'NOT met'}")

    def run(self, name: str, request: Callable, clients: list[Client]) -> Figures:
        figures = Figures(name)
        if self.profile == name:
            import cProfile
            import pstats

            profiler = cProfile.Profile(time.process_time)  # CPU, not waits
            profiler.enable()
            for i, client in enumerate(clients):
                request(i, client)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(60)
            self.stdout.write(out.getvalue())
            raise CommandError("profiled; no figures")
        for i, client in enumerate(clients):
            with CaptureQueriesContext(connection) as queries:
                web, database = time.process_time(), self.db_cpu.seconds()
                response = request(i, client)
                figures.web += time.process_time() - web
                figures.database += self.db_cpu.seconds() - database
            if response.status_code != 200 or b'class="error"' in response.content:
                failure = response.content[:300]
                raise CommandError(f"{name} failed: {response.status_code} {failure}")
            figures.runs += 1
            figures.queries.append(len(queries))
        if self.verbosity > 1:  # the last one's queries, to see where they go
            for query in queries.captured_queries:
                self.stdout.write(f"    {name}: {query['sql'][:150]}")
        return figures

    def wait_face_down(self, season: Season, count: int, entries: list[int]) -> None:
        """Other players' cards waiting on the ladder, as at a busy noon."""
        day = public_board(clock.now()).day
        author = PlayerSeason.objects.filter(season=season).first()
        Play.objects.bulk_create(
            Play(
                day=day,
                player=author,
                card=CardId.SHIELD.value,
                target_id=entries[i % len(entries)],
            )
            for i in range(count)
        )
        board_cache.bump_day_plays(day.pk)  # a bulk insert sends no signal

    def tear_down(self, season: Season) -> None:
        with transaction.atomic():
            tag = season.name
            season.delete()
            User.objects.filter(username__startswith=f"{tag}-").delete()
            Contestant.objects.filter(name__startswith=f"{tag}-").delete()
