"""Time the whole noon job (load, engine, save) on a season built for it, beside its
floor in the same run: the time PostgreSQL takes to COPY the rows that noon read and wrote
into scratch tables (target: the noon at most 3 times that).

Runs on the configured database and removes what it built afterwards.
"""

import datetime as dt
import gc
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.db import DatabaseError, connection, reset_queries, transaction
from django.test.utils import CaptureQueriesContext, override_settings

from accounts.models import User
from games.ladder.engine.cards import REGULAR_CARDS, CardId, draw_card
from games.ladder.engine.rules import vote_points
from games.ladder.models import (
    Contestant,
    GameDay,
    HeldCard,
    LadderEntry,
    LedgerEntry,
    NoonReport,
    Play,
    PlayerSeason,
    SealedItem,
    Season,
    Source,
    Vote,
    VoteLanding,
)
from games.ladder.services.noon import resolve_day

EVEN = [*(c.value for c in REGULAR_CARDS), CardId.MINI_GOONER.value]


def card_at_odds(rng: random.Random) -> str:
    """A card as players come to hold them: regular cards at the draw odds (R5.3), so
    Sabotage is the rare card it is, and now and then a Mini Gooner."""
    return CardId.MINI_GOONER.value if rng.random() < 0.02 else draw_card(rng).value


def card_evenly(rng: random.Random) -> str:
    """Every card as likely as any other: the mix the issue's first figures were taken
    with. Sabotage is then one card in eight and, at 100 plays per contestant, destroys
    nearly every other card: far fewer effects to write, and no vote lands otherwise
    than cast (one write fewer, so five queries fewer)."""
    return rng.choice(EVEN)


MIXES = {"odds": card_at_odds, "even": card_evenly}


def cache_off_the_database():
    """Django's database cache stands in for Redis in development: its version bumps would
    count as the noon's queries (more of them while a key is new). In production the cache
    is Redis, not the database, so the bench keeps it in memory instead."""
    if settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache"):
        return override_settings(
            CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
        )
    return nullcontext()


@contextmanager
def no_cyclic_collection() -> Iterator[None]:
    """Building and removing a season of 100,000 players makes a million model instances
    the cyclic collector walked again and again (half the bench's own time); the noon
    itself runs as in production."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _noon_rows(day: GameDay) -> list[tuple[str, str]]:
    """(table, the rows of it this noon read or wrote), as SQL."""
    d, s = int(day.pk), int(day.season_id)
    players = f"SELECT id FROM {PlayerSeason._meta.db_table} WHERE season_id = {s}"
    votes = f"SELECT id FROM {Vote._meta.db_table} WHERE day_id = {d}"
    return [
        (Vote._meta.db_table, f"day_id = {d}"),
        (VoteLanding._meta.db_table, f"vote_id IN ({votes})"),
        (Play._meta.db_table, f"day_id = {d}"),
        (PlayerSeason._meta.db_table, f"season_id = {s}"),
        (HeldCard._meta.db_table, f"owner_id IN ({players})"),
        (SealedItem._meta.db_table, f"owner_id IN ({players})"),
        (GameDay._meta.db_table, f"season_id = {s}"),
        (LedgerEntry._meta.db_table, f"day_id = {d}"),
        (LadderEntry._meta.db_table, f"season_id = {s}"),
        (NoonReport._meta.db_table, f"day_id = {d}"),
    ]


def copy_floor(day: GameDay) -> tuple[float, int] | None:
    """The floor the noon is measured against, in the same run and database: the seconds
    PostgreSQL takes to COPY the rows the noon read and wrote (the day's votes and their
    landings, plays, ledger lines and report, the season's players, hands, sealed packs,
    days and ladder, as they stand after it) into scratch tables of the same columns,
    committed; and their size in bytes. None on SQLite, which has no COPY.

    Every row the noon wrote is in it, and rows it only read as well (all the day's
    votes, to which it added a third as many landings; all the hands, where it added and
    removed a tenth).
    The scratch tables have no index: the noon's own inserts keep theirs up to date."""
    if connection.vendor != "postgresql":
        return None
    copies = []
    with connection.cursor() as cursor:
        raw = cursor.connection
        for table, where in _noon_rows(day):
            data = bytearray()
            with raw.cursor().copy(f"COPY (SELECT * FROM {table} WHERE {where}) TO STDOUT") as copy:
                for chunk in copy:
                    data += chunk
            copies.append((table, bytes(data)))
        start = time.perf_counter()
        with transaction.atomic():
            for table, data in copies:
                cursor.execute(f"CREATE TABLE bench_scratch_{table} (LIKE {table})")
                with raw.cursor().copy(f"COPY bench_scratch_{table} FROM STDIN") as copy:
                    copy.write(data)
        seconds = time.perf_counter() - start
        for table, _ in copies:
            cursor.execute(f"DROP TABLE bench_scratch_{table}")
    return seconds, sum(len(data) for _, data in copies)


class Command(BaseCommand):
    help = "Build a season of the given size, resolve one noon, print the time and query count."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--contestants", type=int, default=200)
        parser.add_argument("--votes", type=int, default=30_000)
        parser.add_argument("--plays", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--cards",
            choices=sorted(MIXES),
            default="odds",
            help="how the cards held and played are drawn: at the draw odds, or evenly",
        )
        parser.add_argument(
            "--rehearsals",
            type=int,
            default=0,
            help="resolve each day this many times first, rolled back, to see the spread",
        )

    def handle(
        self, *, players, contestants, votes, plays, seed, cards, rehearsals, **options
    ) -> None:
        self.stdout.write(f"database: {connection.vendor}, cards held and played: {cards}")
        columns = (
            "players",
            "contestants",
            "votes",
            "plays",
            "seconds",
            "queries",
            "load",
            "engine",
            "save",
            "sql",
            "copy",
            "× copy",
            "MB",
        )
        self.stdout.write(" ".join(f"{c:>11}" for c in columns))
        with cache_off_the_database():  # the build's signals bump versions too
            for fraction in (10, 1):
                size = (players // fraction, contestants, votes // fraction, plays // fraction)
                with no_cyclic_collection():
                    day = self.build(*size, seed=seed, a_card=MIXES[cards])
                self.settle()
                try:
                    for _ in range(rehearsals):
                        self.resolve(day, size, rehearsal=True, verbosity=options["verbosity"])
                        self.settle()
                    self.resolve(day, size, rehearsal=False, verbosity=options["verbosity"])
                finally:
                    with no_cyclic_collection():
                        self.tear_down(day.season)

    def resolve(self, day: GameDay, size: tuple, *, rehearsal: bool, verbosity: int) -> None:
        """Resolve the day and print its figures; a rehearsal is rolled back, COMMIT unseen."""
        timings: dict[str, float] = {}
        reset_queries()  # building the day logged more than the log keeps
        # The noon's own transaction, or a savepoint in one that is rolled back.
        outer = transaction.atomic() if rehearsal else nullcontext()
        with CaptureQueriesContext(connection) as queries, outer:
            start = time.perf_counter()
            resolve_day(day.pk, timings=timings)
            seconds = time.perf_counter() - start
            if rehearsal:
                transaction.set_rollback(True)
        parts = (f"{timings[k]:.2f}" for k in ("load", "engine", "save"))
        # The noon's statements end to end, as its connection waited for them (a COPY
        # with the Python that feeds it its rows): what the engine and the rest of
        # Python's part add to it is the rest of the noon.
        in_sql = f"{sum(float(q['time']) for q in queries):.2f}"
        floor = None if rehearsal else copy_floor(day)
        if floor is None:
            against = ("-", "-", "-")
        else:
            copied, size_bytes = floor
            against = (f"{copied:.2f}", f"{seconds / copied:.1f}×", f"{size_bytes / 1e6:.0f}")
        figures = (*size, f"{seconds:.2f}", len(queries), *parts, in_sql, *against)
        line = " ".join(f"{f:>11}" for f in figures)
        self.stdout.write(line + ("  (rehearsal, rolled back)" if rehearsal else ""))
        if verbosity > 1:
            slowest = sorted(queries, key=lambda q: -float(q["time"]))[:8]
            for q in slowest:
                self.stdout.write(f"    {float(q['time']):6.2f} s  {q['sql'][:110]}")

    @transaction.atomic
    def build(
        self, players: int, contestants: int, votes: int, plays: int, seed: int, a_card=card_at_odds
    ) -> GameDay:
        rng = random.Random(seed)
        tag = f"bench-{time.time_ns()}"
        season = Season.objects.create(name=tag, starts_on=dt.date(2026, 12, 1), is_active=False)
        people = Contestant.objects.bulk_create(
            Contestant(name=f"{tag}-c{i}") for i in range(contestants)
        )
        entries = LadderEntry.objects.bulk_create(
            LadderEntry(
                season=season,
                contestant=c,
                joined=i,
                score=rng.randint(-20, 200),
                silent_days=rng.randint(0, 20),
            )
            for i, c in enumerate(people, start=1)
        )
        password = make_password(None)
        users = User.objects.bulk_create(
            (
                User(username=f"{tag}-u{i}", display_name=f"Gooner {i}", password=password)
                for i in range(players)
            ),
            batch_size=5000,
        )
        members = PlayerSeason.objects.bulk_create(
            (PlayerSeason(season=season, user=u, season_votes=rng.randint(0, 120)) for u in users),
            batch_size=5000,
        )
        HeldCard.objects.bulk_create(
            (
                HeldCard(owner=m, card=card, source=Source.ADMIN)
                for m in members
                for card in (a_card(rng) for _ in range(rng.randint(0, 10)))
            ),
            batch_size=5000,
        )
        day = GameDay.objects.create(season=season, noon_on=dt.date(2026, 12, 9), seed=seed)
        per_player = max(1, min(3, votes // max(1, players)))
        Vote.objects.bulk_create(
            (
                Vote(
                    day=day,
                    player=m,
                    entry=e,
                    direction="up" if rng.random() < 0.7 else "down",
                    points=vote_points(n, 3),
                    position=n,
                )
                for m in members
                for n, e in enumerate(rng.sample(entries, per_player), start=1)
            ),
            batch_size=5000,
        )
        Play.objects.bulk_create(
            (
                Play(
                    day=day,
                    player=rng.choice(members),
                    card=card,
                    target=None if card == "chaos" else rng.choice(entries),
                )
                for card in (a_card(rng) for _ in range(plays))
            ),
            batch_size=5000,
        )
        return day

    def settle(self) -> None:
        """Bring the database to where a real day's is at noon. Its rows are hours old:
        autovacuum has given the planner their statistics and marked their pages visible,
        and checkpoints have written them out. A million rows bulk-built a second ago
        would be planned blind, and autovacuum and the checkpoint of the build would run
        during the noon, competing with it. After a rehearsal, VACUUM also clears the row
        versions it left behind, as autovacuum would."""
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            if connection.in_atomic_block:
                # VACUUM and CHECKPOINT cannot run in a transaction (a test's, say).
                cursor.execute("ANALYZE")
                return
            cursor.execute("VACUUM ANALYZE")
            try:
                cursor.execute("CHECKPOINT")
            except DatabaseError:  # needs superuser or pg_checkpoint
                self.stdout.write("(no CHECKPOINT allowed: the build's writes may slow the noon)")

    def tear_down(self, season: Season) -> None:
        with transaction.atomic():
            tag = season.name
            season.delete()
            User.objects.filter(username__startswith=f"{tag}-").delete()
            Contestant.objects.filter(name__startswith=f"{tag}-").delete()
