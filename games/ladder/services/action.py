"""The one way into an action that writes what noon reads (R1.4).

Votes, plays, opening packs and redeeming codes all change the day that the next noon
resolves. Each does it inside `counted_by_next_noon`, which guarantees that what the
action writes is read by exactly one noon, the next one that has not begun: a noon
already running finishes first and the action lands in the day after it.

Only the noon job resolves a noon. An action that arrives after noon, before the job has
finished, waits for it a moment (`NOON_WAIT_SECONDS`) and is then refused with a message
to try again: it never resolves the noon itself, so no page waits for a whole noon.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

from django.db import transaction

from goonsite.due import wait_for_the_job
from goonsite.refusal import Refusal

from .. import board_cache, clock
from ..models import GameDay, PlayerSeason, Season
from ..public import public_board
from .days import lock_open_day_and_player, noon_is_due
from .players import current_season

NOON_BEING_COUNTED = "Noon is being counted. Try again in a moment."


class NoonBeingCounted(Refusal):
    def __init__(self) -> None:
        super().__init__(NOON_BEING_COUNTED)


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
    A noon already due waits for the job (bounded), so the action sees the allowance and
    hand that noon gave; refuses when the job has not finished by then, or when no season
    is running.

    The season, the open day and whether a noon is due come from the cached public board
    (games.ladder.public), which names the noon the clock is in: what decides where the
    action lands is the day's status read under the lock, and a day the board still
    thinks open that noon has resolved sends the action to the next one (days.lock_open_day).
    """
    now = now or clock.now()
    public = public_board(now)
    if public is None:
        current_season()  # refuses: no season is running
    season = public.season
    if public.counting:
        wait_for_due_noon(season, now)
        season = current_season()  # that noon may have been the season's last (R2.1)
        public = None
    # Outermost (a request's), nothing reads the board in it after the action's writes.
    at_commit_only = not transaction.get_connection().in_atomic_block
    with transaction.atomic(), board_cache.recording_bumps(at_commit_only=at_commit_only) as bumps:
        day, player = lock_open_day_and_player(
            season, now, user, known=public.day if public else None
        )
        yield Action(season, day, player, now)
        if board_cache.player_key(player.pk) not in bumps:
            # Whatever it did, the player's board changed (a written-out insert sends no
            # signal).
            board_cache.bump_player(player.pk)


def wait_for_due_noon(season: Season, now: dt.datetime) -> None:
    """Return once no noon before `now` is still open; refuse after `NOON_WAIT_SECONDS`
    (goonsite/due.py). One query when no noon is due."""
    wait_for_the_job(lambda: noon_is_due(season, now), NoonBeingCounted)
