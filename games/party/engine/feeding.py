"""P10.3 Which digits a Number puts into a familiar's free slots (S24)."""

from __future__ import annotations

from collections import Counter

from .cards import Card
from .state import Familiar


def digits_for(card: Card, picked: list[int] | None) -> list[int] | None:
    """The digits a feed adds, or None when `picked` is not allowed for this card (the
    free-slot count is checked by the caller)."""
    if card.number is None:  # a Number Wild: one slot, any digit, always picked
        return picked if picked is not None and len(picked) == 1 else None
    printed = [int(d) for d in str(card.number)]
    if card.number == 8:  # a Crazy 8 fills one slot with 8
        return [8] if picked in (None, [8]) else None
    if card.size == "small":  # one slot with one of its digits
        if picked is None:
            return printed[:1] if len(set(printed)) == 1 else None
        return picked if len(picked) == 1 and picked[0] in printed else None
    if not picked:  # Medium and Large: the feeder always picks
        return None
    return picked if not Counter(picked) - Counter(printed) else None


def digits_problem(card: Card, familiar: Familiar | None, picked: list[int] | None) -> bool:
    if familiar is None:
        return True
    digits = digits_for(card, picked)
    return digits is None or len(digits) > familiar.tier - len(familiar.digits)
