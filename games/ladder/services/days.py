"""Which game day an action belongs to, and the lock that keeps it out of a running noon (R1.4).

Every action that writes something noon reads (votes, plays, hands, redemptions) calls
`lock_open_day` first, inside its transaction. On PostgreSQL that takes a shared lock on
the day's row; the noon job takes an exclusive one, so it waits for actions already under
way and actions that come after it wait for it and then see the day resolved and move on
to the next. SQLite gets the same order from its IMMEDIATE transactions (one writer at a
time).
"""

from __future__ import annotations

import copy
import datetime as dt
import secrets

from django.db import IntegrityError, transaction

from goonsite.locks import share_lock_status

from ..clock import noon_date_for
from ..models import GameDay, PlayerSeason, Season
from .players import lock_day_and_player, lock_player

ONE_DAY = dt.timedelta(days=1)


def ensure_day(season: Season, noon_on: dt.date) -> GameDay:
    """The day closed by the noon of `noon_on`, created if missing (safe under races)."""
    day = GameDay.objects.filter(season=season, noon_on=noon_on).first()
    if day is not None:
        return day
    try:
        with transaction.atomic():
            return GameDay.objects.create(season=season, noon_on=noon_on, seed=secrets.randbits(63))
    except IntegrityError:
        return GameDay.objects.get(season=season, noon_on=noon_on)


def open_day(season: Season, now: dt.datetime) -> GameDay:
    """The day an action at `now` belongs to: the clock's day, or the first still open after it
    when `noon --now` has resolved days ahead of the clock."""
    clock = noon_date_for(now)
    day = (
        season.days.filter(noon_on__gte=clock, status=GameDay.Status.OPEN)
        .order_by("noon_on")
        .first()
    )
    if day is not None:
        return day
    latest = season.days.filter(noon_on__gte=clock).order_by("-noon_on").first()
    if latest is not None and latest.status == GameDay.Status.OPEN:
        # Another action's transaction opened it between our two reads: it is the day
        # (the day after it would put this action a day late; R1.4).
        return latest
    date = latest.noon_on + ONE_DAY if latest else clock
    if season.last_noon is not None and date > season.last_noon:
        # No day opens after a season's last noon (R2.1): that day is the last there is.
        return season.days.filter(noon_on__lte=season.last_noon).order_by("-noon_on").first() or (
            ensure_day(season, season.last_noon)
        )
    return ensure_day(season, date)


def lock_open_day(season: Season, now: dt.datetime, *, known: GameDay | None = None) -> GameDay:
    """Inside a transaction: the open day for `now`, locked so noon can't read it until commit.

    `known` is the open day as the cached public board has it: one locked read of its
    status confirms it; a day resolved meanwhile sends the action to the next one."""
    if known is not None and known.noon_on >= noon_date_for(now):
        day = copy.copy(known)  # the cached board's objects are shared: never changed in place
        if share_lock_status(day) == GameDay.Status.OPEN:
            return day
    return _next_open_day(season, now)


def lock_open_day_and_player(
    season: Season, now: dt.datetime, user, *, known: GameDay | None = None
) -> tuple[GameDay, PlayerSeason]:
    """Inside a transaction: `lock_open_day`, then the player's row locked
    (players.lock_player), the order every action takes them in.

    With `known`, both in one statement when the player has joined: the day share-locked,
    then the player (PostgreSQL locks a statement's rows in the order its locking clauses
    name them), each as it stands once locked. A noon that resolved the day meanwhile
    leaves the player locked and sends the action to the next day, whose noon is a day
    away: nothing that locks it waits for this player."""
    if known is not None and known.noon_on >= noon_date_for(now):
        day = copy.copy(known)  # the cached board's objects are shared: never changed in place
        found = lock_day_and_player(day, season, user)
        if found is not None:
            day.status, player = found
            if day.status != GameDay.Status.OPEN:
                day = _next_open_day(season, now)
            return day, player
    return lock_open_day(season, now, known=known), lock_player(user, season)


def _next_open_day(season: Season, now: dt.datetime) -> GameDay:
    for _ in range(10):
        day = open_day(season, now)
        if share_lock_status(day) == GameDay.Status.OPEN:
            return day
        # Noon resolved this day while we waited for the lock: the action lands in the next one.
    raise RuntimeError("could not find an open game day")  # pragma: no cover


def hold_off_noons() -> None:
    """Inside a transaction: share-lock the open days of the running season, oldest first.

    For an admin's delete, whose cascade locks a player's votes, plays and cards before the
    player: done beside a running noon, which locks the players first and their cards after,
    the two deadlocked and PostgreSQL could end either, the noon too. With the days locked
    first, a running noon finishes before the delete begins, and the next noon waits for
    the delete to commit. At most two rows: the day being resolved and the one after.
    """
    days = GameDay.objects.filter(season__is_active=True, status=GameDay.Status.OPEN)
    for day in days.order_by("noon_on"):
        share_lock_status(day)


def noon_is_due(season: Season, now: dt.datetime) -> bool:
    return season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=noon_date_for(now)).exists()
