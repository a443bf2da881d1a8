"""What the engine is given: the state before a noon and everything played that day."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from .cards import CardId


class Direction(StrEnum):
    UP = "up"
    DOWN = "down"

    @property
    def sign(self) -> int:
        return 1 if self is Direction.UP else -1


@dataclass(frozen=True, slots=True)
class Contestant:
    """A contestant's season state before this noon (spec: noon-engine.md)."""

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


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    season_votes: int = 0
    votes_per_day: int = 3
    hand: tuple[CardId, ...] = ()  # loose cards held at noon, sealed packs excluded
    golden_holder: bool = False


@dataclass(frozen=True, slots=True)
class Vote:
    player: str
    contestant: str
    direction: Direction
    points: int


@dataclass(frozen=True, slots=True)
class Play:
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
