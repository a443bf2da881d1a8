"""The one entry point: apply a game's actions in order, each accepted or refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .betting import bet, forfeit, match, start
from .draws import draw, give
from .ending import abandon, find_winner, win
from .errors import Refused
from .game import (
    Abandon,
    Action,
    Bet,
    Draw,
    Forfeit,
    Game,
    Give,
    Inventory,
    Match,
    Play,
    Start,
    Timeout,
)
from .gates import GATES
from .holdings import inventory
from .output import game_to_json
from .parse import parse_game
from .play import play
from .state import Refusal, Stage, Table
from .timeouts import timeout
from .turns import end_turn_if_settled

# Each action's own checks and its effect. A handler raises Refused before it changes
# anything, so a refused action leaves the table as it found it.
HANDLERS: dict[type[Any], Callable[[Table, Any], None]] = {
    Bet: bet,  # H8.4, H8.6
    Match: match,  # H8.5
    Forfeit: forfeit,  # H8.7
    Start: start,  # H8.8, H8.9
    Play: play,  # H8.11-H8.19
    Draw: draw,  # H8.20, H8.21
    Give: give,  # H8.21
    Timeout: timeout,  # H8.23
    Inventory: inventory,  # H8.26
    Abandon: abandon,  # H8.25
}


def apply(table: Table, index: int, action: Action) -> bool:
    """Apply one action; whether it was accepted (else it is in `table.refusals`)."""
    table.index = index
    try:
        for gate in GATES:
            gate(table, action)
        HANDLERS[type(action)](table, action)
    except Refused as refused:
        table.refusals.append(Refusal(index, refused.code, refused.reason))
        return False
    if table.stage is Stage.PLAYING:
        winner = find_winner(table)  # H8.22: after every accepted move
        if winner is not None:
            win(table, winner)
        else:
            end_turn_if_settled(table)  # H8.10
    return True


def replay(game: Game) -> Table:
    """The table after every action of `game`."""
    table = Table.deal(game)
    for index, action in enumerate(game.actions):
        apply(table, index, action)
    return table


def run(game: dict[str, Any]) -> dict[str, Any]:
    """The game after its last action, as the JSON object of exoptosis-engine.md.

    Pure: the same input always gives the same output. Raises InputError, before applying
    anything, when `game` cannot be read as the contract describes.
    """
    return game_to_json(replay(parse_game(game)))
