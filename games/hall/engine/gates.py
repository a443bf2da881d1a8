"""The checks every action passes before its own, in the contract's order of precedence
(H8.27): game_over, wrong_stage, not_participant, then for moves of play not_awaited
and wrong_decision (H8.10)."""

from __future__ import annotations

from collections.abc import Callable

from .errors import Code, Refused
from .game import (
    BETTING_ACTIONS,
    BY_A_PARTICIPANT,
    PLAYING_ACTIONS,
    Action,
    Draw,
    Give,
    Play,
)
from .state import GiveDue, Stage, Table

_BETTING = frozenset(BETTING_ACTIONS)
_PLAYING = frozenset(PLAYING_ACTIONS)


def game_over(table: Table, action: Action) -> None:
    """H8.27 Moves after the game is over are refused, whatever they are."""
    if table.stage is Stage.OVER:
        raise Refused(Code.GAME_OVER, f"the game is over ({table.result})")


def wrong_stage(table: Table, action: Action) -> None:
    """H8.3 Bets only during betting, moves of play only during play; `inventory` and
    `abandon` in both."""
    kind = type(action)
    if kind in _BETTING and table.stage is not Stage.BETTING:
        raise Refused(Code.WRONG_STAGE, "betting has closed")
    if kind in _PLAYING and table.stage is not Stage.PLAYING:
        raise Refused(Code.WRONG_STAGE, "play has not begun: betting is still open")


def not_participant(table: Table, action: Action) -> None:
    """H8.2 A player who forfeited is no longer a participant."""
    if isinstance(action, BY_A_PARTICIPANT) and not table.players[action.player].playing:
        raise Refused(
            Code.NOT_PARTICIPANT, f"{action.player} has forfeited and is not in this game"
        )


def not_awaited(table: Table, action: Action) -> None:
    """H8.10 Only the awaited participant may act (a timeout is reported for them)."""
    if isinstance(action, PLAYING_ACTIONS):
        pid = action.player
        awaited = table.awaited()
        if pid != awaited:
            raise Refused(
                Code.NOT_AWAITED, f"it is {awaited}'s {_decision(table)} now, not {pid}'s"
            )


def wrong_decision(table: Table, action: Action) -> None:
    """H8.10 ... and only with a move that answers the awaited decision: a turn is a play
    or a draw, an owed draw a draw, a give a give. A timeout answers any of them."""
    kind = type(action)
    decision = _decision(table)
    if (
        (kind is Play and decision != "turn")
        or (kind is Draw and decision == "give")
        or (kind is Give and decision != "give")
    ):
        raise Refused(Code.WRONG_DECISION, f"{table.awaited()} must make a {decision} first")


def _decision(table: Table) -> str:
    if not table.pending:
        return "turn"
    return "give" if type(table.pending[0]) is GiveDue else "draw"


GATES: tuple[Callable[[Table, Action], None], ...] = (
    game_over,
    wrong_stage,
    not_participant,
    not_awaited,
    wrong_decision,
)
