"""Turn deadlines (A12.3, A12.4): the kit fires each passed deadline exactly once.

Two ways reach it: a django-q2 task scheduled for each new deadline (turns of 15 s need
better than the minute), and the minute sweep as the safety net (a lost task, a cluster
that was down). Both call the kit's `fire_deadlines`, which claims a deadline under the
table's row lock, so a task and the sweep and a move arriving together act once.
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.tables.deadlines import due_games, fire_all_deadlines, fire_deadlines

from ..models import ArmedTable
from .adapter import TABLES


def resolve_deadline(game_id: int, now: dt.datetime | None = None) -> int:
    """Carry out every passed deadline of one table. Returns how many ran."""
    return fire_deadlines(TABLES, game_id, now or clock.now())


def run_table_timers(now: dt.datetime | None = None) -> int:
    """The minute sweep: every passed deadline of every table being played, oldest first."""
    now = now or clock.now()
    games = due_games(TABLES, now).filter(stage=ArmedTable.Stage.PLAYING)
    return fire_all_deadlines(TABLES, now, games)
