"""The one way an action reaches a table's engine: ask, then store it or refuse it.

A game is its setup plus its accepted actions, so an action is judged by replaying them
with the new one appended (a few milliseconds for a few hundred actions). Accepted: the
action list, the engine's answer and the version are saved with whatever the game does
outside the engine (`TableAdapter.accepted`), in the caller's transaction, and the table's
live group is published when it commits (goonsite.tables.live). Refused: nothing is
written, nothing published, and the player reads the engine's reason.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from goonsite.refusal import Refusal

from .adapter import Sitting, TableAdapter
from .live import table_changed


def attempt[Output](adapter: TableAdapter[Any, Output], sitting: Sitting, move: dict) -> Output:
    """Inside `adapter.locked`: judge `move` against the stored actions; save it or refuse."""
    game = sitting.game
    moves = [*game.moves, move]
    output = adapter.run(game.engine_input(moves))
    reason = adapter.refusal(sitting, output, len(moves) - 1)
    if reason is not None:
        raise Refusal(reason)
    game.moves = moves
    game.state = adapter.raw(output)
    game.version += 1
    adapter.accepted(sitting, moves, output)
    game.save()
    table_changed(game)  # after the commit: the table's pages fetch the move
    return output


def act[Output](
    adapter: TableAdapter[Any, Output],
    game_id: int,
    move_for: Callable[[Sitting], dict],
    *,
    user: Any,
    now: dt.datetime,
) -> Output:
    """One transaction: lock the game (the adapter's order), build the move, judge, save."""
    with adapter.locked(game_id, user=user, now=now) as sitting:
        return attempt(adapter, sitting, move_for(sitting))
