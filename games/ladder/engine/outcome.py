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


class Effect(NamedTuple):
    """What a card that landed did, in numbers (R8.2); read according to the card.

    - Skip: `votes` erased, worth `points` as cast.
    - Reverse: `votes` flipped, `points` their net as cast (so the score swung by twice
      that); `reverses` standing on the contestant; an even number `cancelled` out.
    - Boost: `points` added to the score by doubling its player's vote (signed).
    - Shield: `plays` holds the one play it blocked; Sabotage: every play it destroyed.
    - Chaos: `contestant` hit for `points`.
    - Mini Gooner: `points` is the contestant's trophy count once it landed.
    """

    votes: int = 0
    points: int = 0
    plays: tuple[int, ...] = ()
    contestant: str | None = None
    reverses: int = 0
    cancelled: bool = False


class PlayResult(NamedTuple):
    index: int
    player: str
    card: CardId
    target: str | None
    outcome: Outcome
    by: int | None = None
    by_player: str | None = None
    reason: Waste | None = None
    effect: Effect | None = None  # for plays that landed (filled in once noon is done)


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
    """A contestant on the ladder after noon, with where they stand and how they got there.

    The parts of `delta` that have a name: `votes_up` (points added by votes as they
    landed, after Skip, Reverse and Boost), `votes_down` (points taken away) and `chaos`.
    Whatever is left is idle decay, which is never named (R8.4).
    """

    rank: int
    delta: int  # score after minus score before
    moved: int  # old rank minus new rank: positive = climbed
    contestant: Contestant
    votes_up: int = 0
    votes_down: int = 0
    chaos: int = 0
    before: Contestant | None = None  # the input state, e.g. Golden before Wednesday's unpin

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
    votes: tuple[int, ...] = ()  # each input vote's points as they landed, signed; 0 = nothing
