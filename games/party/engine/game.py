"""One game run from its input: parse, apply the actions in order, build the output.
`Session` keeps a game between actions, which is how a room answers one more action
without replaying the ones before it."""

from __future__ import annotations

from typing import Any

from . import flow
from .actions import APPLY
from .errors import InputError
from .gates import SHOP_ACTIONS, TURN_ACTIONS, judge, refusal
from .parse import parse_game, read_action
from .reasons import reason
from .state import Game
from .views import ViewLogs, output

MOVES = TURN_ACTIONS | SHOP_ACTIONS


def apply(g: Game, action: dict[str, Any], index: int) -> bool:
    """Time passes to the action's `t`, then the action is accepted or refused (and a
    refused one changes nothing). Returns whether it was accepted."""
    g.index = index
    if not g.over:
        flow.advance(g, action["t"])
    code, judged = judge(g, action)
    if code is not None:
        g.refusals.append({"index": index, "code": code, "reason": reason(code, action)})
        return False
    seat = g.by_id.get(action.get("seat") or "")
    if action["type"] == "bot":
        move = judged.bot_step
        step = {**move, "seat": seat.id, "t": action["t"]}
        code = refusal(g, step, as_bot=True)
        if code is not None:
            g.refusals.append({"index": index, "code": code, "reason": reason(code, step)})
            return False
        g.event("bot", seat=seat.id, type=move["type"], action=dict(move), secret=[seat.id])
        action = step
    if action["type"] in MOVES and g.turn is not None and g.turn.seat == seat.id:
        g.first_move = True
    APPLY[action["type"]](g, seat, action)
    flow.after_change(g)
    return True


def run(game: Any) -> dict[str, Any]:
    """The contract's one entry point: the game's input in, its output out."""
    g, actions = parse_game(game)
    for i, action in enumerate(actions):
        apply(g, action, i)
    return output(g)


class Session:
    """A game kept in memory between actions (the rooms' fast path): `act` appends one
    more action, exactly as if the whole list had been given to `run`."""

    def __init__(self, game: dict[str, Any]) -> None:
        self.g, actions = parse_game(game)
        self.count = 0
        self.last_t = 0
        self.logs = ViewLogs()
        for action in actions:
            self.act_parsed(action)

    def act_parsed(self, action: dict[str, Any]) -> bool:
        accepted = apply(self.g, action, self.count)
        self.count += 1
        self.last_t = action["t"]
        return accepted

    def act(self, raw: dict[str, Any]) -> bool:
        """One more action, read and checked as `run` reads its list (InputError if it
        is not one, e.g. a `t` earlier than the last action's)."""
        action = read_action(raw, self.count, self.g)
        if action["t"] < self.last_t:
            raise InputError(f"actions[{self.count}].t goes back in time")
        return self.act_parsed(action)

    def output(self) -> dict[str, Any]:
        return output(self.g, self.logs)
