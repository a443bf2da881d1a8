"""The game as the engine reads it: the position at the reveal and the moves since.

Parsed once (parse.py) into these immutable records, so the rules never meet raw JSON.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Kind(StrEnum):
    BATTLE = "battle"  # the winner gets a reward (H8.24 b)
    DUEL = "duel"


class Seat(NamedTuple):
    """A participant at the reveal (H7.5, H7.7)."""

    id: str
    chips: int
    hand: tuple[str, ...]
    inventory: tuple[str, ...]


class Bet(NamedTuple):
    player: str
    amount: int


class Match(NamedTuple):
    player: str


class Forfeit(NamedTuple):
    player: str


class Start(NamedTuple):
    pass


class Play(NamedTuple):
    player: str
    card: str
    target: str | None = None  # Ace, Queen
    target_card: str | None = None  # Queen
    targets: tuple[str, ...] | None = None  # King


class Draw(NamedTuple):
    player: str
    card: str | None  # from the drawer's inventory ...
    source: str | None  # ... or asked of this participant (`from` in JSON)


class Give(NamedTuple):
    player: str
    card: str


class Timeout(NamedTuple):
    player: str


class Inventory(NamedTuple):
    player: str
    add: tuple[str, ...]
    remove: tuple[str, ...]
    chips: int


class Abandon(NamedTuple):
    pass


Action = Bet | Match | Forfeit | Start | Play | Draw | Give | Timeout | Inventory | Abandon

BETTING_ACTIONS = (Bet, Match, Forfeit, Start)
PLAYING_ACTIONS = (Play, Draw, Give, Timeout)
# Actions made by the participant they name (an inventory change happens to one).
BY_A_PARTICIPANT = (Bet, Match, Forfeit, Play, Draw, Give, Timeout)


class Game(NamedTuple):
    seed: int
    kind: Kind
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
