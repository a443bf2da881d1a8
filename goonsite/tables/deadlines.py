"""Turn deadlines: the job's step that acts for a seat whose decision has waited too long.

Exactly once: a passed deadline is handled under the game's row lock (`adapter.locked`),
claimed by a conditional update (`deadline` still the one seen) and moved on in the same
transaction, so two workers, a re-delivered task and a move arriving at the same moment
resolve it once: whoever comes second finds the deadline in the future, or the game over.
The claim holds even for an adapter whose lock order does not lock the game row.

A chain of passed deadlines (a cluster down for two days) is handled in order, each new
decision's time counted from the deadline before it, not from the late run.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import QuerySet

from goonsite.refusal import Refusal

from .adapter import TableAdapter
from .live import table_changed


def due_games(adapter: TableAdapter, now: dt.datetime) -> QuerySet:
    """Unfinished games whose deadline has passed, oldest deadline first."""
    return adapter.game_model.objects.filter(ended_at__isnull=True, deadline__lte=now).order_by(
        "deadline", "pk"
    )


def fire_deadlines(adapter: TableAdapter[Any, Any], game_id: int, now: dt.datetime) -> int:
    """Carry out every passed deadline of one game. Returns how many ran (0: none due)."""
    if not due_games(adapter, now).filter(pk=game_id).exists():
        return 0
    ran = 0
    try:
        with adapter.locked(game_id, now=now) as sitting:
            game = sitting.game
            while not game.is_over and game.deadline and game.deadline <= now:
                due = game.deadline
                if not claim(adapter, game.pk, due):
                    break  # another worker fired it and committed first
                adapter.on_deadline(sitting)
                table_changed(game)  # the site moved for the seat: its pages see it
                if not game.is_over:
                    game.awaited_since, game.deadline = due, due + adapter.decision_time(game)
                    game.save(update_fields=["awaited_since", "deadline"])
                ran += 1
    except Refusal:  # the game may no longer be played (its season or cycle ended)
        return 0
    return ran


def claim(adapter: TableAdapter[Any, Any], game_id: int, due: dt.datetime) -> bool:
    """Take this deadline for this transaction: true for exactly one claimant."""
    claimed = adapter.game_model.objects.filter(pk=game_id, deadline=due).update(deadline=None)
    return claimed == 1


def fire_all_deadlines(adapter: TableAdapter[Any, Any], now: dt.datetime, games=None) -> int:
    """The job's step: every passed deadline of every game, oldest first."""
    due = due_games(adapter, now) if games is None else games
    return sum(fire_deadlines(adapter, pk, now) for pk in list(due.values_list("pk", flat=True)))
