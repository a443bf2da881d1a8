"""Playing a table in tests: the decision awaited of a human answered the way a bot would."""

from __future__ import annotations

import datetime as dt

from games.armed.models import ArmedTable, position_of
from games.armed.tables import moves
from games.armed.tables.adapter import TABLES
from goonsite.tables.seeds import seed_hash

T0 = dt.datetime(2026, 3, 2, 18, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def fresh(table: ArmedTable) -> ArmedTable:
    return ArmedTable.objects.get(pk=table.pk)


def awaiting(table: ArmedTable):
    return TABLES.output_of(fresh(table)).awaiting


def play_default(table: ArmedTable, users: dict, now: dt.datetime) -> None:
    """Answer the awaited decision as the simple default would: comply, fire the first gun
    at the first target, discard the first cards, pick the first player."""
    a = awaiting(table)
    user = users[position_of(a.seat)]
    raw = a.raw
    if a.decision == "respond":
        moves.answer(user=user, game_id=table.pk, grit=False, now=now)
    elif a.decision in ("turn", "free_shot"):
        hand = raw["hand"]
        if a.decision == "free_shot" and not hand:
            moves.hold(user=user, game_id=table.pk, now=now)
        elif raw.get("can_fire", True) and hand:
            target = raw["targets"][0] if raw["targets"] else None
            moves.fire(user=user, game_id=table.pk, card=hand[0], target=target, now=now)
        else:
            moves.cycle(user=user, game_id=table.pk, card=hand[0] if hand else None, now=now)
    elif a.decision == "discard":
        moves.discard(user=user, game_id=table.pk, cards=raw["hand"][: raw["count"]], now=now)
    elif a.decision == "pick":
        moves.pick(user=user, game_id=table.pk, player=raw["players"][0], now=now)


def play_to_end(table: ArmedTable, users: dict, start: float = 1, limit: int = 400) -> ArmedTable:
    for n in range(limit):
        if fresh(table).is_over:
            break
        play_default(table, users, at(start + n))
    return fresh(table)


def reseed(table: ArmedTable, seed: int) -> ArmedTable:
    """The started table dealt again from a known seed (tests compare like with like)."""
    game = fresh(table)
    game.seed = seed
    game.seed_hash = seed_hash(seed)
    game.setup = {**game.setup, "seed": seed}
    game.state = TABLES.raw(TABLES.run(game.engine_input()))
    game.save()
    return game
