"""The numbers the Rules page states, read from the constants the rules run on, so the page
cannot drift from the game (H14.1 Rules)."""

from __future__ import annotations

from dataclasses import dataclass

from .engine.rolls import REWARD_CARDS, REWARD_CHIPS, VERTEBRAE
from .rules.gifts import GIVER_BONUS, INACTIVE_BONUS, SHORT_HANDED_BELOW, SHORT_HANDED_BONUS
from .rules.shop import HOLO_CHANCE, PRICE_LIST, Offer
from .rules.timing import (
    CONFIDENCE_OPEN_WITHIN,
    CONFIDENCE_PERIOD,
    SELF_OVERTURN_WITHIN,
    URGENT_PERIOD,
)
from .rules.victory import CHIPS_TO_WIN
from .rules.votes import URGENT_MAX_AGAINST
from .services.battle import BATTLE_MIN_CARDS
from .tables.table import DECISION_TIME, MIN_HAND


def _hours(delta) -> int:
    return int(delta.total_seconds() // 3600)


@dataclass(frozen=True)
class Rulebook:
    chips_to_win: int = CHIPS_TO_WIN
    holo_percent: int = round(HOLO_CHANCE * 100)
    gift_inactive_bonus: int = INACTIVE_BONUS
    gift_short_handed_bonus: int = SHORT_HANDED_BONUS
    gift_short_handed_below: int = SHORT_HANDED_BELOW
    gift_most: int = 1 + INACTIVE_BONUS + SHORT_HANDED_BONUS
    giver_bonus: int = GIVER_BONUS
    min_cards_to_play: int = BATTLE_MIN_CARDS
    min_hand: int = MIN_HAND
    decision_hours: int = _hours(DECISION_TIME)
    reward_cards: int = REWARD_CARDS
    reward_vertebrae_low: int = VERTEBRAE[0]
    reward_vertebrae_high: int = VERTEBRAE[1]
    reward_chips: int = REWARD_CHIPS
    urgent_hours: int = _hours(URGENT_PERIOD)
    urgent_max_against: int = URGENT_MAX_AGAINST
    confidence_open_hours: int = _hours(CONFIDENCE_OPEN_WITHIN)
    confidence_hours: int = _hours(CONFIDENCE_PERIOD)
    self_overturn_hours: int = _hours(SELF_OVERTURN_WITHIN)

    @property
    def shop(self) -> list[Offer]:
        return list(PRICE_LIST.values())


RULEBOOK = Rulebook()
