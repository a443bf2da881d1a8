"""The noon engine: the Gooner Ladder's rules as pure Python.

No Django, no clock, no global random: the same day and seed always give the same noon.

`resolve_noon(day)` is the one entry point; `python -m games.ladder.engine` drives it through JSON.
"""

from .cards import (
    CATALOGUE,
    PACKS,
    Card,
    CardId,
    PackId,
    Rarity,
    draw_card,
    is_regular,
    pack_contents,
)
from .day import CONTESTANT_FIELDS, STATE_FIELDS, Contestant, Day, Direction, Play, Player, Vote
from .errors import DayError
from .ladder import ladder_order
from .outcome import NoonResult, Outcome, Waste
from .resolve import resolve_noon

__all__ = [
    "CATALOGUE",
    "CONTESTANT_FIELDS",
    "PACKS",
    "STATE_FIELDS",
    "Card",
    "CardId",
    "Contestant",
    "Day",
    "DayError",
    "Direction",
    "NoonResult",
    "Outcome",
    "PackId",
    "Play",
    "Player",
    "Rarity",
    "Vote",
    "Waste",
    "draw_card",
    "is_regular",
    "ladder_order",
    "pack_contents",
    "resolve_noon",
]
