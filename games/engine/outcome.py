"""What the engine returns: the state after a noon and the ordered log of what happened.

The Chaos Report is rendered from the log, so every event carries the names it needs.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from .cards import CardId, PackId


class Outcome(StrEnum):
    LANDED = "landed"
    BLOCKED = "blocked"  # by = index of the Shield
    DESTROYED = "destroyed"  # by = index of the Sabotage
    WASTED = "wasted"


class Waste(StrEnum):
    """Why a play was wasted; shown in the Chaos Report."""

    OFF_LADDER = "off the ladder"
    LOCKED = "locked"
    GOLDEN = "Golden"
    NOTHING_TO_BLOCK = "nothing to block"
    NO_VOTE = "no vote of its player on them"
    SECOND_BOOST = "a second Boost of the same player"
    SKIPPED = "skipped"
    NO_TARGET = "no contestant Chaos could hit"


class Deal(StrEnum):
    """Why an item was dealt at noon (R6.14)."""

    GOLDEN = "golden"
    MILESTONE = "milestone"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class PlayResult:
    index: int
    player: str
    card: CardId
    target: str | None
    outcome: Outcome
    by: int | None = None
    by_player: str | None = None
    reason: Waste | None = None


@dataclass(frozen=True, slots=True)
class ChaosHit:
    index: int
    player: str
    contestant: str | None
    delta: int


@dataclass(frozen=True, slots=True)
class Locked:
    contestant: str
    number: int
    trophies: int


@dataclass(frozen=True, slots=True)
class Won:
    place: int
    contestant: str


@dataclass(frozen=True, slots=True)
class Trimmed:
    player: str
    cards: tuple[CardId, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    player: str
    item: CardId | PackId
    why: Deal
    milestone: int | None = None


@dataclass(frozen=True, slots=True)
class ExtraVote:
    player: str
    votes_per_day: int


Event = PlayResult | ChaosHit | Locked | Won | Trimmed | Dealt | ExtraVote


@dataclass(frozen=True, slots=True)
class LadderRow:
    id: str
    rank: int
    score: int
    delta: int
    moved: int  # old rank minus new rank: positive = climbed
    upvotes: int
    downvotes: int
    trophies: int
    wins: int
    locked: int
    golden: int
    smelly: bool
    silent_days: int


@dataclass(frozen=True, slots=True)
class PlayerResult:
    id: str
    season_votes: int
    votes_per_day: int
    hand: tuple[CardId, ...]
    trimmed: tuple[CardId, ...]
    dealt: tuple[CardId | PackId, ...]


@dataclass(frozen=True, slots=True)
class NoonResult:
    noon: dt.date
    ladder: tuple[LadderRow, ...]
    plays: tuple[PlayResult, ...]
    chaos: tuple[ChaosHit, ...]
    locked_now: tuple[str, ...]
    winners: tuple[str, ...]
    players: tuple[PlayerResult, ...]
    drew: int
    log: tuple[Event, ...]
