"""Input errors (exit 2) and refusals (armed-engine.md, "Input errors", refusal codes)."""

from __future__ import annotations

from enum import StrEnum


class InputError(ValueError):
    """The game cannot be read as the contract describes; the message says where. The
    command line prints it after `error:` and exits 2."""


class Code(StrEnum):
    """Refusal codes; when several apply the engine reports the first that applies in
    the contract's order (checked in actions.py)."""

    GAME_OVER = "game_over"
    NOT_HUMAN = "not_human"
    BIT_UNPAID = "bit_unpaid"
    NOT_AWAITED = "not_awaited"
    WRONG_DECISION = "wrong_decision"
    CANNOT_FIRE = "cannot_fire"
    NOT_IN_HAND = "not_in_hand"
    BAD_TARGET = "bad_target"
    WRONG_COUNT = "wrong_count"


class Refused(Exception):
    """An action that breaks the rules, raised before anything is changed."""

    def __init__(self, code: Code, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
