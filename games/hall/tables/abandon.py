"""H8.25, H13 An admin abandons a game: no winner, no Chips, every card home. Recorded."""

from __future__ import annotations

import datetime as dt

from goonsite.refusal import Refusal

from ..models import Activity
from ..services.audit import record
from ..services.log import note
from .adapter import try_move
from .cards import SEAT_FIELDS, send_cards_home
from .models import Game, Seat
from .table import Table, at_table


def abandon(t: Table, reason: str) -> None:
    """No winner, no Chips, every card home; after the reveal the engine records it."""
    game = t.game
    if game.stage == Game.Stage.OVER:
        raise Refusal("This game is over already.")
    if game.stage == Game.Stage.CHOOSING:
        game.stage, game.result, game.ended_at = Game.Stage.OVER, "abandoned", t.now
        game.settled_at, game.deadline, game.version = t.now, None, game.version + 1
        send_cards_home(game, t.seats.values())
        game.save()
        Seat.objects.bulk_update(t.seats.values(), SEAT_FIELDS)
        note(
            t.cycle, t.phase.number, Activity.Kind.BATTLE, f"{game} was abandoned: {reason}", t.now
        )
        return
    try_move(t, {"type": "abandon"})


def abandon_game(*, actor, game_id: int, reason: str, now: dt.datetime | None = None) -> Game:
    if not reason.strip():
        raise Refusal("Say why the game is abandoned (H13.3).")
    with at_table(game_id, now=now) as t:
        abandon(t, reason)
        record(actor, "abandon game", t.cycle, t.game, reason)
    return t.game
