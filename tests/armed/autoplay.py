"""Random games for the property tests, played through the engine itself: each move is
drawn from what the engine says is awaited, mixed with garbage moves (wrong seat, wrong
card, wrong decision, chat that breaks bits, leaving, timeouts) by anyone at any time."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from games.armed.engine.actions import apply
from games.armed.engine.cards import CANONICAL, DESIGN_OF
from games.armed.engine.errors import Refused
from games.armed.engine.game import begin
from games.armed.engine.guns import GUNS
from games.armed.engine.parse import parse_action, parse_game
from games.armed.engine.state import Game

SAYINGS = ["hello", "BAWK", "*poses* bawk", "*HEY BAWK!", "OK", "fine.", "\u2126 bawk", ""]
TYPES = ["fire", "cycle", "hold", "comply", "grit", "discard", "pick", "timeout", "say", "leave"]


def random_game(rng: random.Random, *, seats: int, bots: float, sharp: float) -> dict[str, Any]:
    """A seeded deal (no setup), `seats` goons; each a bot with chance `bots`."""
    return {
        "seed": rng.randrange(2**64),
        "seats": [
            {
                "id": f"p{i}x",
                "kind": "bot" if rng.random() < bots else "human",
                "policy": "sharp" if rng.random() < sharp else "simple",
            }
            for i in range(seats)
        ],
    }


def legal_move(g: Game, rng: random.Random) -> dict[str, Any]:
    d = g.awaiting
    assert d is not None
    seat, hand = d.seat.id, d.owner.hand
    if rng.random() < 0.05:
        return {"type": "timeout", "seat": seat}
    if d.kind == "respond":
        return {"type": rng.choice(["comply", "grit"]), "seat": seat}
    if d.kind == "discard":
        return {"type": "discard", "seat": seat, "cards": rng.sample(hand, d.count)}
    if d.kind == "pick":
        assert d.shooter is not None
        return {"type": "pick", "seat": seat, "player": rng.choice(g.opponents[d.shooter]).id}
    fires = (d.kind == "free_shot" or d.can_fire) and hand and rng.random() < 0.85
    if fires:
        card = rng.choice(hand)
        move = {"type": "fire", "seat": seat, "card": card}
        if not GUNS[DESIGN_OF[card]].multi:
            targets = [d.at] if d.at is not None else g.opponents[d.owner]
            move["target"] = rng.choice(targets).id
        return move
    if d.kind == "free_shot":
        return {"type": "hold", "seat": seat}
    return {"type": "cycle", "seat": seat, "card": rng.choice(hand) if hand else None}


def garbage_move(g: Game, rng: random.Random) -> dict[str, Any]:
    ids = [s.id for s in g.seats]
    kind = rng.choice(TYPES)
    move: dict[str, Any] = {"type": kind, "seat": rng.choice(ids)}
    if kind in ("fire", "cycle"):
        move["card"] = rng.choice(CANONICAL)
        move["target"] = rng.choice(ids)
    elif kind == "discard":
        move["cards"] = rng.sample(CANONICAL, rng.randint(0, 3))
    elif kind == "pick":
        move["player"] = rng.choice(ids)
    elif kind == "say":
        move["text"] = rng.choice(SAYINGS)
    elif kind == "leave" and rng.random() < 0.7:
        move["type"] = "timeout"  # leaving is rare: it hands the seat to a bot for good
    return move


def play_out(
    game: dict[str, Any], rng: random.Random, *, max_actions: int = 200, garbage: float = 0.1
) -> list[dict[str, Any]]:
    """Moves for `game`, each applied as it is chosen; stops when the game is over."""
    spec = parse_game(game)
    ids = {s.id for s in spec.seats}
    g = begin(spec)
    moves: list[dict[str, Any]] = []
    while g.result is None and len(moves) < max_actions:
        move = garbage_move(g, rng) if rng.random() < garbage else legal_move(g, rng)
        g.index = len(moves)
        moves.append(move)
        with contextlib.suppress(Refused):
            apply(g, parse_action(g.index, move, ids))
    return moves
