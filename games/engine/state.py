"""The working state of one noon: a mutable copy of the day that the steps move along."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import CardId, PackId
from .day import Contestant, Day, Play
from .errors import DayError
from .outcome import ChaosHit, Event, Outcome, PlayResult, Waste


@dataclass(slots=True)
class Standing:
    """A contestant as the steps change it."""

    id: str
    score: int
    upvotes: int
    downvotes: int
    joined: int
    trophies: int
    wins: int
    locked: int
    golden: int
    silent_days: int
    smelly: bool
    on_ladder: bool

    @classmethod
    def of(cls, c: Contestant, position: int) -> Standing:
        return cls(
            c.id,
            c.score,
            c.upvotes,
            c.downvotes,
            c.joined or position,
            c.trophies,
            c.wins,
            c.locked,
            c.golden,
            c.silent_days,
            c.smelly,
            c.on_ladder,
        )

    @property
    def frozen(self) -> bool:
        """Locked and Golden contestants ignore votes, Chaos and decay (R6.7-R6.9)."""
        return bool(self.locked or self.golden)


@dataclass(slots=True)
class CastVote:
    player: str
    contestant: str
    sign: int  # +1 up, -1 down, after any Reverse
    points: int
    erased: bool = False
    boosted: bool = False


@dataclass(slots=True)
class Hand:
    player: str
    votes_cast: int
    cards: list[CardId]
    trimmed: list[CardId] = field(default_factory=list)
    dealt: list[CardId | PackId] = field(default_factory=list)


class Noon:
    """Everything one noon knows and has decided so far."""

    def __init__(self, day: Day) -> None:
        self.day = day
        self.rng = random.Random(day.seed)
        self.contestants: dict[str, Standing] = {}
        for position, c in enumerate(day.contestants, start=1):
            if c.id in self.contestants:
                raise DayError(f"contestant {c.id!r} is listed twice")
            self.contestants[c.id] = Standing.of(c, position)
        self.hands: dict[str, Hand] = {}
        for p in day.players:
            if p.id in self.hands:
                raise DayError(f"player {p.id!r} is listed twice")
            self.hands[p.id] = Hand(p.id, 0, list(p.hand))
        self.votes: list[CastVote] = []
        self.votes_on: dict[str, list[CastVote]] = {}
        voted: set[tuple[str, str]] = set()
        for n, v in enumerate(day.votes):
            self._known(f"vote {n}", v.player, v.contestant)
            if (v.player, v.contestant) in voted:
                raise DayError(f"vote {n}: {v.player!r} already voted on {v.contestant!r} today")
            if v.points <= 0:
                raise DayError(f"vote {n}: points must be positive")
            voted.add((v.player, v.contestant))
            cast = CastVote(v.player, v.contestant, v.direction.sign, v.points)
            self.votes.append(cast)
            self.votes_on.setdefault(v.contestant, []).append(cast)
            self.hands[v.player].votes_cast += 1
        self.plays: tuple[Play, ...] = day.plays
        self.on_target: dict[str, list[int]] = {}
        for n, p in enumerate(day.plays):
            self._check_play(n, p)
            if p.target is not None:
                self.on_target.setdefault(p.target, []).append(n)
        self.results: list[PlayResult | None] = [None] * len(day.plays)
        self.skipped: set[str] = set()
        self.chaos: list[ChaosHit] = []
        self.locked_now: list[str] = []
        self.winners: list[str] = []
        self.drew = 0
        self.log: list[Event] = []

    def _known(self, where: str, player: str, contestant: str | None) -> None:
        if player not in self.hands:
            raise DayError(f"{where}: unknown player {player!r}")
        if contestant is not None and contestant not in self.contestants:
            raise DayError(f"{where}: unknown contestant {contestant!r}")

    def _check_play(self, n: int, p: Play) -> None:
        self._known(f"play {n}", p.player, p.target)
        if p.card == CardId.GOLDEN_GOONER:
            raise DayError(f"play {n}: a Golden Gooner acts at once and never waits for noon")
        if p.card == CardId.CHAOS and p.target is not None:
            raise DayError(f"play {n}: Chaos takes no target")
        if p.card != CardId.CHAOS and p.target is None:
            raise DayError(f"play {n}: {p.card} needs a target")

    def standing(self, index: int) -> bool:
        """Not yet blocked, destroyed or wasted."""
        result = self.results[index]
        return result is None or result.outcome is Outcome.LANDED

    def waiting_on(self, contestant: str, *cards: CardId) -> list[int]:
        """Standing plays of these cards on a contestant, in play order."""
        return [
            i
            for i in self.on_target.get(contestant, ())
            if self.plays[i].card in cards and self.standing(i)
        ]

    def waiting(self, card: CardId) -> list[int]:
        return [i for i, p in enumerate(self.plays) if p.card == card and self.standing(i)]

    def settle(
        self,
        index: int,
        outcome: Outcome,
        *,
        by: int | None = None,
        reason: Waste | None = None,
    ) -> None:
        """Give a play its outcome; every play gets exactly one."""
        if self.results[index] is not None:
            raise AssertionError(f"play {index} settled twice")
        play = self.plays[index]
        result = PlayResult(
            index,
            play.player,
            play.card,
            play.target,
            outcome,
            by,
            None if by is None else self.plays[by].player,
            reason,
        )
        self.results[index] = result
        self.log.append(result)

    def land(self, index: int) -> None:
        self.settle(index, Outcome.LANDED)

    def waste(self, index: int, reason: Waste) -> None:
        self.settle(index, Outcome.WASTED, reason=reason)
