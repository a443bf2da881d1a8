"""What the engine is given: the state before a noon and everything played that day."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import NamedTuple

from .cards import CardId


class Direction(StrEnum):
    UP = "up"
    DOWN = "down"

    @property
    def sign(self) -> int:
        return 1 if self is Direction.UP else -1


@dataclass(slots=True)
class Contestant:
    """A contestant's season state (spec: noon-engine.md).

    The one list of a contestant's fields: the day's input, the noon's working copy, the
    result rows, the JSON form, the database columns and the Chaos Report all derive from
    it. The engine never changes a day's contestants; it works on copies (`Noon`).
    """

    id: str
    score: int = 0
    upvotes: int = 0
    downvotes: int = 0
    joined: int = 0
    trophies: int = 0
    wins: int = 0
    locked: int = 0  # 0 = not locked; n = nth locked, 1 on top
    golden: int = 0  # 0 = not Golden; n = nth Golden of the week
    silent_days: int = 0
    smelly: bool = False
    on_ladder: bool = True

    @property
    def frozen(self) -> bool:
        """Locked and Golden contestants ignore votes, Chaos and decay (R6.7-R6.9)."""
        return bool(self.locked or self.golden)


CONTESTANT_FIELDS = tuple(f.name for f in fields(Contestant))
# What a noon may change: everything but who they are, their roster order and whether an
# admin has them on the ladder.
STATE_FIELDS = tuple(f for f in CONTESTANT_FIELDS if f not in ("id", "joined", "on_ladder"))


# Players, votes and plays come a few hundred thousand to a large day: like the result's
# rows (outcome.py) they are NamedTuples, immutable and cheaper to build than frozen
# dataclasses (a frozen dataclass sets each field through object.__setattr__).


class Player(NamedTuple):
    id: str
    season_votes: int = 0
    votes_per_day: int = 3
    hand: tuple[CardId, ...] = ()  # loose cards held at noon, sealed packs excluded
    golden_holder: bool = False
    # Single cards still in their sealed wrapper: never trimmed, never played, but a sealed
    # Golden Gooner counts as held at the Wednesday refresh (R6.14a).
    sealed: tuple[CardId, ...] = ()


class Vote(NamedTuple):
    player: str
    contestant: str
    direction: Direction
    points: int


class Play(NamedTuple):
    player: str
    card: CardId
    target: str | None  # None for Chaos


@dataclass(frozen=True, slots=True)
class Day:
    """One game day, closed by the noon of `noon` (R1.1). Votes and plays in the order cast."""

    noon: dt.date
    seed: int
    contestants: tuple[Contestant, ...]
    players: tuple[Player, ...] = ()
    votes: tuple[Vote, ...] = ()
    plays: tuple[Play, ...] = ()

    @property
    def is_wednesday(self) -> bool:
        return self.noon.weekday() == 2  # R1.5
