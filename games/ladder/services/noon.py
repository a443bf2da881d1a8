"""Resolve noon: load the day, run the engine, save everything it returned (R1.3, §6).

Exactly once per day: the day's row is locked for the whole resolution and marked
resolved in the same transaction, so a second worker, a re-delivered task or a retry
after a crash finds it resolved and does nothing.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.utils import timezone

from ..clock import noon_date_for
from ..engine import resolve_noon
from ..models import GameDay, NoonReport, Season
from ..selectors import active_season
from .days import ONE_DAY, ensure_day, open_day
from .noon_store import LoadedDay, report_json, save_noon

log = logging.getLogger(__name__)


def resolve_due_noons(now: dt.datetime | None = None) -> list[NoonReport]:
    """Resolve every day of the active season whose noon has passed, oldest first; the
    season's last noon, if an admin set one, freezes it (R2.1)."""
    now = now or timezone.now()
    season = active_season()
    if season is None:
        return []
    clock = noon_date_for(now)
    reports = []
    while True:
        due = season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=clock).order_by("noon_on")
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


def noon_is_due(season: Season, now: dt.datetime) -> bool:
    return season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=noon_date_for(now)).exists()


def catch_up(season: Season, now: dt.datetime) -> None:
    """Resolve any noon the job has not reached yet, so that an action after noon lands in
    the new day, with the allowance and hand that noon gave (one query when none is due)."""
    if noon_is_due(season, now):
        resolve_due_noons(now)


def resolve_now(now: dt.datetime | None = None) -> NoonReport | None:
    """Close the open day at once and resolve it (demos and tests: `manage.py noon --now`)."""
    now = now or timezone.now()
    resolve_due_noons(now)
    season = active_season()
    if season is None:
        return None
    return resolve_day(open_day(season, now).pk)


def resolve_day(day_id: int) -> NoonReport | None:
    """Resolve one day; None when it was resolved already."""
    with transaction.atomic():
        day = GameDay.objects.select_for_update().select_related("season").get(pk=day_id)
        if day.status == GameDay.Status.RESOLVED:
            return None
        season = day.season
        last = season.last_noon is not None and day.noon_on >= season.last_noon
        if not last:
            # The next day opens now, its seed committed before a single vote (the report
            # names its SHA-256).
            ensure_day(season, day.noon_on + ONE_DAY)
        loaded = LoadedDay(day)
        result = resolve_noon(loaded.engine_day())
        report = save_noon(day, loaded, result)
        GameDay.objects.filter(pk=day.pk).update(
            status=GameDay.Status.RESOLVED, resolved_at=timezone.now()
        )
        if last:
            freeze_season(season, day.noon_on)
    log.info(
        "Resolved the noon of %s (%s plays, %s drew)", day.noon_on, len(result.plays), result.drew
    )
    return report


def preview_noon(season: Season, now: dt.datetime | None = None) -> tuple[GameDay, dict, list]:
    """What the open day would do if noon came now: a dry run of the engine, nothing saved."""
    day = open_day(season, now or timezone.now())
    loaded = LoadedDay(day, lock=False)
    outcome, ladder = report_json(day, loaded, resolve_noon(loaded.engine_day()))
    return day, outcome, ladder
