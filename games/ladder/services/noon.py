"""Resolve noon: load the day, run the engine, save everything it returned (R1.3, §6).

Exactly once per day: the day's row is locked for the whole resolution and marked
resolved in the same transaction, so a second worker, a re-delivered task or a retry
after a crash finds it resolved and does nothing.
"""

from __future__ import annotations

import datetime as dt
import gc
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from django.db import connection, transaction

from .. import clock, public
from ..clock import noon_date_for
from ..engine import NoonResult, resolve_noon
from ..models import GameDay, NoonReport, Season
from ..selectors import active_season
from .days import ONE_DAY, ensure_day, open_day
from .noon_store import LoadedDay, prompt_handoffs, report_json, save_noon, write_player_totals

log = logging.getLogger(__name__)


def resolve_due_noons(now: dt.datetime | None = None) -> list[NoonReport]:
    """Resolve every day of the active season whose noon has passed, oldest first; the
    season's last noon, if an admin set one, freezes it (R2.1)."""
    now = now or clock.now()
    season = active_season()
    if season is None:
        return []
    current = noon_date_for(now)
    reports = []
    while True:
        due = season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=current).order_by(
            "noon_on"
        )
        if season.last_noon is not None:
            due = due.filter(noon_on__lte=season.last_noon)
        day = due.first()
        if day is None:
            break
        report = resolve_day(day.pk)
        if report is not None:
            reports.append(report)
    if Season.objects.filter(pk=season.pk, is_active=True).exists():
        open_day(season, now)
    return reports


def freeze_season(season: Season, last_noon: dt.date) -> None:
    """After its last noon: no more votes, plays or noons; the archive stays readable (R2.1)."""
    Season.objects.filter(pk=season.pk).update(is_active=False, ends_on=last_noon)
    season.is_active, season.ends_on = False, last_noon


def resolve_now(now: dt.datetime | None = None) -> NoonReport | None:
    """Close the open day at once and resolve it (demos and tests: `manage.py noon --now`)."""
    now = now or clock.now()
    resolve_due_noons(now)
    season = active_season()
    if season is None:
        return None
    return resolve_day(open_day(season, now).pk)


def resolve_day(day_id: int, *, timings: dict[str, float] | None = None) -> NoonReport | None:
    """Resolve one day; None when it was resolved already. `timings` (bench_noon) gets the
    seconds spent loading, in the engine and saving."""
    with _no_cyclic_collection(), transaction.atomic():
        # The day and its season, so an admin ending the season waits for this noon
        # (R2.1). NO KEY: a page that opened the next day meanwhile checks that day's
        # season at its COMMIT (KEY SHARE), which a plain FOR UPDATE would block while
        # this noon waits to open the same day: a deadlock.
        day = GameDay.objects.select_for_update(no_key=True).select_related("season").get(pk=day_id)
        if day.status == GameDay.Status.RESOLVED:
            return None
        started = time.perf_counter()
        _commit_without_waiting_for_disk()
        season = day.season
        last = season.last_noon is not None and day.noon_on >= season.last_noon
        if not last:
            # The next day opens now, its seed committed before a single vote (the report
            # names its SHA-256).
            ensure_day(season, day.noon_on + ONE_DAY)
        loaded = LoadedDay(day)
        loaded_at = time.perf_counter()
        result = _resolve_beside_totals(loaded)
        engine_done = time.perf_counter()
        report = save_noon(day, loaded, result)
        GameDay.objects.filter(pk=day.pk).update(
            status=GameDay.Status.RESOLVED,
            resolved_at=clock.now(),
            resolve_seconds=time.perf_counter() - started,
        )
        if last:
            freeze_season(season, day.noon_on)
        public.bump()  # noon's bulk writes send no signals
    if timings is not None:
        timings["load"] = loaded_at - started
        timings["engine"] = engine_done - loaded_at
        timings["save"] = time.perf_counter() - engine_done
    log.info(
        "Resolved the noon of %s (%s plays, %s drew)", day.noon_on, len(result.plays), result.drew
    )
    return report


def _resolve_beside_totals(loaded: LoadedDay) -> NoonResult:
    """Run the engine in a thread while this one writes the players' totals, which
    depend on the votes alone: PostgreSQL sat idle for the whole of the engine's second
    or so at 100,000 players, and the totals' COPY and UPDATE took 0.4-0.5 s after it
    (bench_noon). The engine is pure and touches no connection; this thread keeps the
    transaction. An error in either (a day the engine refuses, a failed write) is raised
    here once the engine has stopped, and rolls the whole noon back."""
    with prompt_handoffs(), ThreadPoolExecutor(1, thread_name_prefix="noon-engine") as engine:
        resolving = engine.submit(lambda: resolve_noon(loaded.engine_day()))
        write_player_totals(loaded)
        return resolving.result()


@contextmanager
def _no_cyclic_collection() -> Iterator[None]:
    """A large noon builds millions of small objects that all live until it ends (rows,
    the engine's day, the report); the cyclic collector walked them again and again for
    nothing. They hold no cycles, so reference counting frees them as usual.

    Turning the collector back on is not enough: every object made meanwhile is still
    counted as young, so the next allocation walked them all at once (0.3-0.7 s after a
    100,000-player noon, bench_noon). They are frozen instead (never walked, still freed
    by reference counting), and thawed at the next noon's start, so anything else frozen
    with them is walked again from then on."""
    was_enabled = gc.isenabled()
    gc.disable()
    gc.unfreeze()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()


def _commit_without_waiting_for_disk() -> None:
    """A noon writes a few hundred MB of WAL at full size; waiting for it to reach the disk
    at COMMIT took seconds. Safe to skip: a crash in that instant loses the whole noon
    atomically (the job resolves it again, same seed, same result), and any later commit
    that waits for the disk, a player's vote or the Discord post's claim, flushes the
    noon's WAL first, so nothing acknowledged after it can outlive it."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")


def preview_noon(season: Season, now: dt.datetime | None = None) -> tuple[GameDay, dict, list]:
    """What the open day would do if noon came now: a dry run of the engine, nothing saved."""
    day = open_day(season, now or clock.now())
    loaded = LoadedDay(day, lock=False)
    outcome, ladder = report_json(day, loaded, resolve_noon(loaded.engine_day()))
    return day, outcome, ladder
