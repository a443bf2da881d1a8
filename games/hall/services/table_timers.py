"""The tables' deadlines (H7.4-H7.7, H8.23), run by the Hall's job and before every move.

Each passed deadline is handled under the game's row lock and moves the deadline on in
the same transaction, so two workers, a re-delivered task and a move arriving at the same
moment resolve it once: whoever comes second finds the deadline in the future.
A chain of passed deadlines (a cluster down for two days) is handled in order, each new
decision's 24 h counted from the deadline before it, not from the late run.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from goonsite.refusal import Refusal

from ..models import Game
from .table import DECISION_TIME, try_move


def resolve_deadline(game_id: int, now: dt.datetime) -> int:
    """Carry out every passed deadline of one game. Returns how many ran."""
    from .moves import reveal
    from .table import at_table

    if not Game.objects.filter(
        pk=game_id, deadline__lte=now, stage__in=["choosing", "betting", "playing"]
    ).exists():
        return 0
    ran = 0
    try:
        with at_table(game_id, now=now) as t:
            game = t.game
            while game.stage != Game.Stage.OVER and game.deadline and game.deadline <= now:
                due = game.deadline
                if game.stage == Game.Stage.CHOOSING:
                    game.version += 1
                    reveal(t)  # H7.5 who has not chosen is dropped
                    game.save()
                elif game.stage == Game.Stage.BETTING:
                    try_move(t, {"type": "start"})  # H7.6 the window closes after 24 h
                else:
                    awaited = game.state["awaiting"]["player"]
                    try_move(t, {"type": "timeout", "player": awaited})  # H8.23
                if game.stage != Game.Stage.OVER:
                    game.awaited_since, game.deadline = due, due + DECISION_TIME
                    game.save(update_fields=["awaited_since", "deadline"])
                ran += 1
    except Refusal:  # the cycle ended or is not running: nothing to time out
        return 0
    return ran


def run_table_timers(now: dt.datetime | None = None) -> int:
    """The job's step: lapse old duel requests, then every passed game deadline, oldest first."""
    from .duels import lapse_requests

    now = now or timezone.now()
    ran = lapse_requests(now)
    due = (
        Game.objects.filter(
            stage__in=["choosing", "betting", "playing"],
            deadline__lte=now,
            cycle__is_current=True,
        )
        .order_by("deadline", "pk")
        .values_list("pk", flat=True)
    )
    for game_id in list(due):
        ran += resolve_deadline(game_id, now)
    return ran
