"""What the engine returns: the state after a noon and the ordered log of what happened.

The Chaos Report is rendered from the log, so every event carries the names it needs.
Rows and events are NamedTuples: immutable like frozen dataclasses, and several times
cheaper to build, which matters at a few hundred thousand of them a noon.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .cards import CardId, PackId
from .day import Contestant


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


class PlayResult(NamedTuple):
    index: int
    player: str
    card: CardId
    target: str | None
    outcome: Outcome
    by: int | None = None
    by_player: str | None = None
    reason: Waste | None = None


class ChaosHit(NamedTuple):
    index: int
    player: str
    contestant: str | None
    delta: int


class Locked(NamedTuple):
    contestant: str
    number: int
    trophies: int


class Won(NamedTuple):
    place: int
    contestant: str


class Trimmed(NamedTuple):
    player: str
    cards: tuple[CardId, ...]


class Dealt(NamedTuple):
    player: str
    item: CardId | PackId
    why: Deal
    milestone: int | None = None


class ExtraVote(NamedTuple):
    player: str
    votes_per_day: int


Event = PlayResult | ChaosHit | Locked | Won | Trimmed | Dealt | ExtraVote


class LadderRow(NamedTuple):
    """A contestant on the ladder after noon, with where they stand and how they got there."""

    rank: int
    delta: int  # score after minus score before
    moved: int  # old rank minus new rank: positive = climbed
    contestant: Contestant

    @property
    def id(self) -> str:
        return self.contestant.id


class PlayerResult(NamedTuple):
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
    off_ladder: tuple[Contestant, ...]  # their state changes too: smell and pins wear off
    plays: tuple[PlayResult, ...]
    chaos: tuple[ChaosHit, ...]
    locked_now: tuple[str, ...]
    winners: tuple[str, ...]
    players: tuple[PlayerResult, ...]
    drew: int
    log: tuple[Event, ...]
