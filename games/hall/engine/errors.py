"""The two ways an action can fail: the input is unreadable, or a move breaks a rule."""

from __future__ import annotations

from enum import StrEnum


class InputError(ValueError):
    """The game given to the engine cannot be read as the contract describes; the
    message says what is wrong and where. The command line prints it after `error:`."""


class Code(StrEnum):
    """H8.27 Refusal codes. When several apply, the first in this order is reported for
    the gates every action passes; each action's own checks run in the contract's order."""

    GAME_OVER = "game_over"
    WRONG_STAGE = "wrong_stage"
    NOT_PARTICIPANT = "not_participant"
    NOT_AWAITED = "not_awaited"
    WRONG_DECISION = "wrong_decision"
    BET_TOO_LOW = "bet_too_low"
    UNMATCHED_BET = "unmatched_bet"
    ALREADY_RAISED = "already_raised"
    NO_BET = "no_bet"
    ALREADY_MET = "already_met"
    NOT_ENOUGH_CHIPS = "not_enough_chips"
    NOT_IN_HAND = "not_in_hand"
    FIRST_CARD_SPECIAL = "first_card_special"
    ILLEGAL_PLAY = "illegal_play"
    BAD_TARGET = "bad_target"
    CAN_PLAY = "can_play"
    NOT_IN_INVENTORY = "not_in_inventory"
    SAME_CARD = "same_card"
    INVENTORY_NOT_EMPTY = "inventory_not_empty"


class Refused(Exception):
    """H8.27 A move that breaks the rules. Raised only before anything is changed, so
    catching it leaves the game exactly as it was."""

    def __init__(self, code: Code, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
