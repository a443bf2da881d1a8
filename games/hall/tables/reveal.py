"""H7.5 The reveal: every chosen hand is shown at once and the engine's input is fixed."""

from __future__ import annotations

from ..engine import run
from ..models import Activity, Card
from ..services.log import note
from .cards import SEAT_FIELDS, send_cards_home
from .models import Game, Seat
from .table import DECISION_TIME, Table, engine_id


def reveal(t: Table) -> None:
    """Who did not choose is dropped. The engine's input is fixed here: seed, kind, and each
    participant's Chips, hand and inventory."""
    game = t.game
    for seat in t.seats.values():
        if seat.status == Seat.Status.CHOOSING:
            seat.status = Seat.Status.DROPPED
    chosen = [s for s in t.seats.values() if s.status == Seat.Status.CHOSEN]
    if len(chosen) < 2:
        game.stage, game.result, game.ended_at = Game.Stage.OVER, "cancelled", t.now
        game.settled_at, game.deadline = t.now, None
        send_cards_home(game, t.seats.values())
        Seat.objects.bulk_update(t.seats.values(), SEAT_FIELDS)
        note(
            t.cycle,
            t.phase.number,
            Activity.Kind.BATTLE,
            f"{game} was cancelled before the reveal: fewer than two hands were chosen (H7.5).",
            t.now,
        )
        return
    unlocked: dict[int, list[str]] = {s.player_id: [] for s in chosen}
    for card in Card.objects.filter(owner_id__in=unlocked, locked=False).order_by("pk"):
        unlocked[card.owner_id].append(card.code)
    codes = {
        c.pk: c.code for c in Card.objects.filter(pk__in=[i for s in chosen for i in s.chosen])
    }
    game.setup = {
        "seed": game.seed,
        "kind": game.kind,
        "players": [
            {
                "id": engine_id(s.player_id),
                "chips": t.players[s.player_id].chips,
                "hand": [codes[i] for i in s.chosen],
                "inventory": unlocked[s.player_id],
            }
            for s in chosen
        ],
    }
    for seat in chosen:
        seat.cards, seat.chosen, seat.status = list(seat.chosen), [], Seat.Status.PLAYING
    Seat.objects.bulk_update(t.seats.values(), SEAT_FIELDS)
    game.moves = []
    game.state = run(game.engine_input([]))
    game.stage, game.revealed_at = Game.Stage.BETTING, t.now
    game.awaited_since, game.deadline = t.now, t.now + DECISION_TIME
    names = ", ".join(f"{t.players[s.player_id]} ({len(s.cards)})" for s in chosen)
    note(t.cycle, t.phase.number, Activity.Kind.BATTLE, f"{game}: hands revealed: {names}.", t.now)
