"""The working state of one noon: a mutable copy of the day that the steps move along."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NoReturn

from .cards import CardId, PackId
from .day import Contestant, Day, Play, Player, Vote
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
class Hand:
    """A player's cards through the noon: trimmed, then dealt to."""

    player: Player
    cards: list[CardId]
    voted_on: set[str] = field(default_factory=set)
    votes_cast: int = 0
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
            self.hands[p.id] = Hand(p, list(p.hand))
        # Votes need no state of their own: Skip, Reverse and Boost act per contestant
        # (and per player for Boost), so sets of those are all the count needs.
        self.voted_on: set[str] = set()
        self.skipped: set[str] = set()
        self.flipped: set[str] = set()
        self.boosted: set[tuple[str, str]] = set()
        hands = self.hands
        for v in day.votes:
            hand = hands.get(v.player)
            if hand is None:
                self._bad_vote(day, lambda v: v.player not in hands, "unknown player {player!r}")
            mine = hand.voted_on
            if v.contestant in mine:
                self._bad_vote(
                    day,
                    lambda w, v=v: (w.player, w.contestant) == (v.player, v.contestant),
                    "{player!r} already voted on {contestant!r} today",
                    nth=2,
                )
            mine.add(v.contestant)
        for hand in hands.values():
            if hand.voted_on:
                hand.votes_cast = len(hand.voted_on)
                self.voted_on |= hand.voted_on
        if not self.voted_on <= self.contestants.keys():
            self._bad_vote(
                day,
                lambda v: v.contestant not in self.contestants,
                "unknown contestant {contestant!r}",
            )
        self.plays: tuple[Play, ...] = day.plays
        self.on_target: dict[str, list[int]] = {}
        self.by_card: dict[CardId, list[int]] = {card: [] for card in CardId}
        for n, p in enumerate(day.plays):
            self.by_card[p.card].append(n)
            if p.target is not None:
                self.on_target.setdefault(p.target, []).append(n)
        self._check_plays()
        self.results: list[PlayResult | None] = [None] * len(day.plays)
        self.chaos: list[ChaosHit] = []
        self.locked_now: list[str] = []
        self.winners: list[str] = []
        self.drew = 0
        self.log: list[Event] = []

    @staticmethod
    def _bad_vote(day: Day, is_bad: Callable[[Vote], bool], problem: str, nth: int = 1) -> NoReturn:
        """Name the (nth) vote that breaks the day, found after the fact to keep the loop lean."""
        bad = [(n, v) for n, v in enumerate(day.votes) if is_bad(v)]
        n, v = bad[min(nth, len(bad)) - 1]
        raise DayError(f"vote {n}: " + problem.format(player=v.player, contestant=v.contestant))

    def _known(self, where: str, player: str, contestant: str | None) -> None:
        if player not in self.hands:
            raise DayError(f"{where}: unknown player {player!r}")
        if contestant is not None and contestant not in self.contestants:
            raise DayError(f"{where}: unknown contestant {contestant!r}")

    def _check_plays(self) -> None:
        plays = self.plays
        if {
            p.player for p in plays
        } - self.hands.keys() or self.on_target.keys() - self.contestants.keys():
            for n, p in enumerate(plays):
                self._known(f"play {n}", p.player, p.target)
        if self.by_card[CardId.GOLDEN_GOONER]:
            n = self.by_card[CardId.GOLDEN_GOONER][0]
            raise DayError(f"play {n}: a Golden Gooner acts at once and never waits for noon")
        for n in self.by_card[CardId.CHAOS]:
            if plays[n].target is not None:
                raise DayError(f"play {n}: Chaos takes no target")
        targeted = sum(map(len, self.on_target.values()))
        if targeted + len(self.by_card[CardId.CHAOS]) != len(plays):
            n = next(n for n, p in enumerate(plays) if p.target is None and p.card != CardId.CHAOS)
            raise DayError(f"play {n}: {plays[n].card} needs a target")

    def has_voted(self, player: str, contestant: str) -> bool:
        return contestant in self.hands[player].voted_on

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
        """Standing plays of this card anywhere, in play order."""
        return [i for i in self.by_card[card] if self.standing(i)]

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
