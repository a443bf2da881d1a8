"""H1.9/H8.25 A cycle's end abandons its unfinished games (called by services/ending.py)."""

from __future__ import annotations

import datetime as dt

from ..engine import run
from ..models import Cycle
from .cards import SEAT_FIELDS, send_cards_home
from .models import OPEN_STAGES, Game, Seat


def abandon_open_games(cycle: Cycle, now: dt.datetime) -> int:
    """Every unfinished game is abandoned, its cards go home. Called inside the transaction
    that ends the cycle."""
    count = 0
    for game in Game.objects.select_for_update().filter(cycle=cycle, stage__in=OPEN_STAGES):
        seats = list(game.seats.all())
        if game.setup:
            game.moves = [*game.moves, {"type": "abandon"}]
            game.state = run(game.engine_input())
        game.stage, game.result, game.ended_at = Game.Stage.OVER, "abandoned", now
        game.settled_at, game.deadline, game.version = now, None, game.version + 1
        send_cards_home(game, seats)
        Seat.objects.bulk_update(seats, SEAT_FIELDS)
        game.save()
        count += 1
    return count
