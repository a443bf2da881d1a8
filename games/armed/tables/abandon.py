"""An admin abandons a stuck table: no winner, nobody's record changes. Recorded."""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import ArmedAdminRecord, ArmedTable
from .table import at_table


def abandon_table(*, actor, game_id: int, reason: str, now: dt.datetime | None = None) -> None:
    if not reason.strip():
        raise Refusal("Say why the table is abandoned.")
    now = now or clock.now()
    with at_table(game_id, now=now) as t:
        game = t.game
        if game.is_over:
            raise Refusal(f"{game} is over already.")
        game.stage, game.ended_at, game.settled_at = ArmedTable.Stage.ABANDONED, now, now
        game.deadline = game.awaited_since = None
        game.reason = "abandoned"
        game.version += 1
        game.save()
        ArmedAdminRecord.write(
            actor, ArmedAdminRecord.Kind.ABANDON, game, details={"reason": reason}
        )
