"""`run(game)`: the one entry point (armed-engine.md). Builds the starting position,
lets the bots play until a human is awaited, then applies the actions one by one."""

from __future__ import annotations

from typing import Any

from .actions import apply, start
from .deal import build
from .errors import Refused
from .parse import GameSpec, parse_game
from .state import Game
from .turn import play
from .views import output


def begin(spec: GameSpec, *, logging: bool = True) -> Game:
    """The game before its first action: dealt, and played by bots up to a human."""
    g = build(spec, logging=logging)
    start(g, play(g))
    return g


def run(game: Any) -> dict[str, Any]:
    """The contract's input in, its output out; an InputError for unreadable input."""
    spec = parse_game(game)
    g = begin(spec)
    refusals: list[dict[str, Any]] = []
    for index, action in enumerate(spec.actions):
        g.index = index
        try:
            apply(g, action)
        except Refused as refused:
            refusals.append({"index": index, "code": str(refused.code), "reason": refused.reason})
    return output(g, refusals)
