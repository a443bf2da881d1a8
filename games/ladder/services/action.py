"""The one way into an action that writes what noon reads (R1.4).

Votes, plays, opening packs and redeeming codes all change the day that the next noon
resolves. Each does it inside `counted_by_next_noon`, which guarantees that what the
action writes is read by exactly one noon, the next one that has not begun: a noon
already running finishes first and the action lands in the day after it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone

from ..models import GameDay, PlayerSeason, Season
from .days import lock_open_day
from .noon import catch_up
from .players import current_season, lock_player


class Action(NamedTuple):
    season: Season
    day: GameDay  # the day whose noon will count this action
    player: PlayerSeason  # locked: one action of a player at a time
    now: dt.datetime


@contextmanager
def counted_by_next_noon(*, user, now: dt.datetime | None = None) -> Iterator[Action]:
    """A transaction holding the open day share-locked, then the player's row.

    The lock order (day, then player) is the same for every action, so two actions never
    deadlock, and noon, which locks the day exclusively, waits for the actions under way.
    A noon already due but not yet run by the job is resolved first, so the action sees the
    allowance and hand that noon gave. Refuses when no season is running.
    """
    now = now or timezone.now()
    season = current_season()
    catch_up(season, now)
    if season.last_noon is not None:
        season = current_season()  # that noon may have been the season's last (R2.1)
    with transaction.atomic():
        day = lock_open_day(season, now)
        player = lock_player(user, season)
        yield Action(season, day, player, now)
