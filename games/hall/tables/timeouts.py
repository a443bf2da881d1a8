"""The tables' deadlines (H7.4-H7.7, H8.23), run by the Hall's job and before every move.

The kit (goonsite/tables/deadlines.py) fires each passed deadline exactly once, under the
game's row lock, in order; the adapter says what a deadline does at each stage.
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.tables.deadlines import due_games, fire_all_deadlines, fire_deadlines

from .adapter import TABLES
from .duels import lapse_requests
from .models import OPEN_STAGES


def resolve_deadline(game_id: int, now: dt.datetime) -> int:
    """Carry out every passed deadline of one game. Returns how many ran."""
    return fire_deadlines(TABLES, game_id, now)


def run_table_timers(now: dt.datetime | None = None) -> int:
    """The job's step: lapse old duel requests, then every passed game deadline, oldest first."""
    now = now or clock.now()
    ran = lapse_requests(now)
    # The stage filter lets the (stage, deadline) index find them.
    games = due_games(TABLES, now).filter(stage__in=OPEN_STAGES, cycle__is_current=True)
    return ran + fire_all_deadlines(TABLES, now, games)
