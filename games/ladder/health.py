"""The ladder's health checks (listed by its AppConfig; served by /healthz) and the figures
the admin index shows: how long the last noon took and when the cluster last beat."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django_q.status import Stat

from . import clock
from .clock import noon_date_for, noon_of
from .models import GameDay
from .selectors import active_season

NOON_GRACE = dt.timedelta(minutes=5)


class NoonLate(Exception):
    pass


def _late(delta: dt.timedelta) -> str:
    return f"{int(delta.total_seconds() // 60)} min {int(delta.total_seconds() % 60)} s"


def noon_on_time(now: dt.datetime | None = None) -> str:
    """The last due noon was resolved within 5 minutes of its time (or is still inside them).

    A noon resolved late keeps this failing until the next noon resolves on time, so a
    monitor that polls now and then still sees it."""
    now = now or clock.now()
    season = active_season()
    if season is None:
        return "no active season"
    overdue = (
        season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=noon_date_for(now))
        .order_by("noon_on")
        .first()
    )
    if overdue is not None:
        waiting = now - noon_of(overdue.noon_on)
        if waiting > NOON_GRACE:
            raise NoonLate(f"the noon of {overdue.noon_on} is not resolved, {_late(waiting)} late")
        return f"the noon of {overdue.noon_on} is being counted"
    last = season.days.filter(status=GameDay.Status.RESOLVED).order_by("-noon_on").first()
    if last is None or last.resolved_at is None:
        return "no noon resolved yet"
    late = last.resolved_at - noon_of(last.noon_on)
    if late > NOON_GRACE:
        raise NoonLate(f"the noon of {last.noon_on} was resolved {_late(late)} late")
    return f"the noon of {last.noon_on} was resolved on time"


@dataclass(frozen=True)
class Operations:
    last_noon: GameDay | None
    heartbeat: dt.datetime | None
    clusters: int


def operations() -> Operations:
    """For the admin index: the last resolved noon (with its duration) and the newest
    heartbeat of any django-q2 cluster (clusters report every few seconds)."""
    last = (
        GameDay.objects.filter(status=GameDay.Status.RESOLVED)
        .select_related("season")
        .order_by("-resolved_at")
        .first()
    )
    stats = Stat.get_all()
    beats = [s.timestamp for s in stats if getattr(s, "timestamp", None)]
    return Operations(last, max(beats) if beats else None, len(stats))
