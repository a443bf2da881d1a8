"""The working state of one noon: a mutable copy of the day that the steps move along."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .cards import CardId, PackId
from .cast import VotesCast, votes_cast
from .day import Contestant, Day, Play, Player
from .outcome import ChaosHit, Effect, Event, Outcome, PlayResult, Waste


@dataclass(slots=True)
class Hand:
    """A player's cards through the noon: trimmed, then dealt to."""

    player: Player
    cards: list[CardId]
    votes_cast: int = 0
    trimmed: list[CardId] = field(default_factory=list)
    dealt: list[CardId | PackId] = field(default_factory=list)


class Noon:
    """Everything one noon knows and has decided so far."""

    def __init__(self, day: Day, cast: VotesCast | None = None) -> None:
        """Build the noon's indexes over a day that `check_day` has accepted.

        `cast` is `votes_cast(day.votes)` when the caller has it already.
        """
        if cast is None:
            cast = votes_cast(day.votes)
        self.day = day
        self.rng = random.Random(day.seed)
        # Working copies: the steps change these, never the day's own contestants.
        self.contestants: dict[str, Contestant] = {
            c.id: replace(c, joined=c.joined or position)
            for position, c in enumerate(day.contestants, start=1)
        }
        self.hands: dict[str, Hand] = {p.id: Hand(p, list(p.hand)) for p in day.players}
        # Votes need no state of their own: Skip, Reverse and Boost act per contestant
        # (and per player for Boost), so sets of those are all the count needs.
        self.cast = cast.pairs  # (player, contestant) of each vote today
        self.voted_on = cast.contestants
        self.skipped: set[str] = set()
        self.flipped: set[str] = set()
        self.boosted: dict[tuple[str, str], int] = {}  # (player, contestant) -> the Boost
        for player, count in cast.by_player.items():
            self.hands[player].votes_cast = count
        self.plays: tuple[Play, ...] = day.plays
        self.on_target: dict[str, list[int]] = {}
        # The same by card too: a Shield looks only at the cards it can block, not at
        # every play on its contestant (a hundred each at 100,000 players).
        self.on_target_card: dict[tuple[str, CardId], list[int]] = {}
        self.by_card: dict[CardId, list[int]] = {card: [] for card in CardId}
        for n, p in enumerate(day.plays):
            self.by_card[p.card].append(n)
            if p.target is not None:
                self.on_target.setdefault(p.target, []).append(n)
                self.on_target_card.setdefault((p.target, p.card), []).append(n)
        self.results: list[PlayResult | None] = [None] * len(day.plays)
        self.chaos: list[ChaosHit] = []
        self.locked_now: list[str] = []
        self.winners: list[str] = []
        self.drew = 0
        self.log: list[Event] = []
        # What each landed card did (R8.2), joined to its result once the noon is done.
        self.effects: dict[int, Effect] = {}
        # Per contestant, the points votes added and took away as they landed (R3.4).
        self.votes_up: dict[str, int] = {}
        self.votes_down: dict[str, int] = {}
        self.vote_landed: list[int] = []

    def has_voted(self, player: str, contestant: str) -> bool:
        return (player, contestant) in self.cast

    def standing(self, index: int) -> bool:
        """Not yet blocked, destroyed or wasted."""
        result = self.results[index]
        return result is None or result.outcome is Outcome.LANDED

    def waiting_on(self, contestant: str, *cards: CardId) -> list[int]:
        """Standing plays of these cards on a contestant, in play order."""
        found = [
            i
            for card in cards
            for i in self.on_target_card.get((contestant, card), ())
            if self.standing(i)
        ]
        if len(cards) > 1:
            found.sort()  # each card's list is in play order; together they are not
        return found

    def votes_on(self, targets: set[str]) -> dict[str, list[tuple[int, int]]]:
        """(vote index, signed points as cast) of today's votes on each of these contestants."""
        found: dict[str, list[tuple[int, int]]] = {t: [] for t in targets}
        if targets:
            for n, v in enumerate(self.day.votes):
                if v.contestant in found:
                    found[v.contestant].append((n, v.points * v.direction.sign))
        return found

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
