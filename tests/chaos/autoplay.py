"""Random CHAOS games for the property tests: a position or a seeded start, and a list of
actions played through the engine itself — mostly legal answers to what it awaits, mixed
with out-of-turn chat, namings, objections, leaves, timeouts and garbage."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.chaos.engine.cards import CATEGORIES, PLAY_IDS
from games.chaos.engine.game import new_table
from games.chaos.engine.parse import parse_action, parse_game
from games.chaos.engine.session import Session
from games.chaos.engine.table import Table
from games.chaos.engine.turns import game as flow

NAMES = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]


def random_game(rng: random.Random, *, bots: float = 0.3, setup: bool | None = None) -> dict:
    n = rng.randint(3, 8)
    seats = []
    for name in NAMES[:n]:
        seat: dict[str, Any] = {"id": name}
        if rng.random() < bots:
            seat["kind"] = "bot"
        if rng.random() < 0.5:
            seat["policy"] = "sharp"
        seats.append(seat)
    game: dict[str, Any] = {"seed": rng.randrange(2**64), "seats": seats}
    if setup is None:
        setup = rng.random() < 0.5
    if setup:
        game["setup"] = random_position(rng, [s["id"] for s in seats])
    elif rng.random() < 0.5:
        game["hand_size"] = rng.randint(3, 9)
    return game


def random_position(rng: random.Random, ids: list[str]) -> dict:
    """A legal `setup`: random hands, slots, level and turn (late turns reach checkpoints)."""
    cards = list(PLAY_IDS)
    rng.shuffle(cards)
    hands = {seat: [cards.pop() for _ in range(rng.randint(0, 7))] for seat in ids}
    modifiers, anchors = {}, {}
    for seat in ids:
        if rng.random() < 0.3 and (m := [c for c in cards if c.startswith("M")]):
            modifiers[seat] = m[0]
            cards.remove(m[0])
        if rng.random() < 0.3 and (a := [c for c in cards if c.startswith("AN")]):
            anchors[seat] = a[0]
            cards.remove(a[0])
    level = rng.randint(1, 5)
    turn = rng.choice([0, rng.randint(0, 29), rng.randint(12, 29)])
    return {
        "dealer": rng.choice(ids),
        "hands": hands,
        "modifiers": modifiers,
        "anchors": anchors,
        "discard": [cards.pop() for _ in range(rng.randint(0, 10))],
        "level": level,
        "direction": rng.choice(["cw", "ccw"]),
        "turn": turn,
    }


def legal(rng: random.Random, session: Session) -> dict | None:
    """A random legal answer to the awaited decision (None when the game is over)."""
    d = session.decision
    if d is None:
        return None
    t, seat = session.t, d.seat
    if d.kind == "hand_size":
        return {"type": "hand_size", "seat": seat, "size": rng.randint(3, 9)}
    if d.kind == "select":
        return {"type": "select", "seat": seat, "cards": rng.sample(d.allowed, d.count)}
    if d.kind == "respond":
        options = session.options(seat)
        if options and rng.random() < 0.5:
            card, on = rng.choice(options)
            return {"type": "interrupt", "seat": seat, "card": card, "on": rng.choice(on)}
        return {"type": "pass", "seat": seat}
    playable = [c for c in t.hands[seat] if not c.startswith("I")]
    if playable and rng.random() < 0.85:
        others = [s for s in t.seats if s != seat]
        return {
            "type": "play",
            "seat": seat,
            "card": rng.choice(playable),
            "target": rng.choice(others),
            "category": rng.choice(CATEGORIES),
        }
    return {"type": "pass", "seat": seat}


def noise(rng: random.Random, t: Table) -> dict:
    """Out-of-turn actions and garbage: anything a client could send."""
    seat = rng.choice(t.seats)
    kind = rng.choice(["say", "say", "name", "object", "timeout", "leave", "garbage"])
    if kind == "say":
        return {"type": "say", "seat": seat, "text": "hm", "question": rng.random() < 0.2}
    if kind == "name":
        return {"type": "name", "seat": seat, "category": rng.choice(CATEGORIES)}
    if kind == "object":
        return {"type": "object", "seat": seat, "player": rng.choice(t.seats)}
    if kind in ("timeout", "leave"):
        return {"type": kind, "seat": seat}
    card = rng.choice(PLAY_IDS)
    return rng.choice(
        [
            {"type": "play", "seat": seat, "card": card, "target": rng.choice(t.seats)},
            {"type": "interrupt", "seat": seat, "card": card, "on": rng.choice(PLAY_IDS)},
            {"type": "select", "seat": seat, "cards": [card]},
            {"type": "pass", "seat": seat},
            {"type": "hand_size", "seat": seat, "size": rng.randint(0, 12)},
        ]
    )


def play_out(
    game: dict,
    rng: random.Random,
    *,
    max_actions: int = 200,
    garbage: float = 0.2,
    each: Callable[[Session], None] | None = None,
) -> list[dict]:
    """Actions for `game`, chosen against the engine's own table; `each` sees the session
    after every action (and before the first)."""
    spec = parse_game({**game, "actions": []})
    t = new_table(spec)
    session = Session(t, flow(t, spec))
    actions: list[dict] = []
    if each:
        each(session)
    while len(actions) < max_actions and session.decision is not None:
        action = noise(rng, t) if rng.random() < garbage else legal(rng, session)
        if action is None:
            break
        if action["type"] == "leave" and rng.random() < 0.7:
            continue  # keep most games human
        session.apply(len(actions), parse_action(len(actions), action, set(t.seats)))
        actions.append(action)
        if each:
            each(session)
    return actions
