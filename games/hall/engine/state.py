"""The working state of one game: a mutable copy of the reveal that the actions move along.

Only the rule modules change it, and only after every check of the action has passed
(H8.27): a refused action leaves it untouched, the random stream included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .cards import CARDS
from .errors import Code
from .game import Game, Kind

Event = dict[str, Any]  # one row of the output's `log`, exactly as printed


class Stage(StrEnum):
    """H8.3"""

    BETTING = "betting"
    PLAYING = "playing"
    OVER = "over"


class Result(StrEnum):
    WON = "won"  # H8.22
    CANCELLED = "cancelled"  # H8.8 (c)
    ABANDONED = "abandoned"  # H8.25


class Owed(NamedTuple):
    """H8.16-H8.19 One owed draw; `not_face` is the face a Queen excludes."""

    player: str
    not_face: str | None


class GiveDue(NamedTuple):
    """H8.21 A give the drawer asked `player` for."""

    player: str
    to: str


Obligation = Owed | GiveDue


class Refusal(NamedTuple):
    action: int  # the index of the refused action
    code: Code
    reason: str


@dataclass(slots=True)
class Participant:
    """A player of the input, as the game changes them."""

    id: str
    chips: int
    hand: list[str]
    # Who owns hand[i]: a given card stays its owner's (H8.2) and a Queen sends it to the
    # owner's inventory, not the holder's (H8.18).
    owners: list[str]
    inventory: list[str]
    playing: bool = True  # False once forfeited (H8.7, H8.8)
    put: int = 0  # Chips put into the bet (H8.4-H8.6)
    delta: int = 0  # the payout (H8.24 a)

    def take_from_hand(self, card: str) -> str:
        """Remove the earliest copy of `card` from the hand; returns its owner."""
        i = self.hand.index(card)
        del self.hand[i]
        return self.owners.pop(i)

    def add_to_hand(self, card: str, owner: str) -> None:
        self.hand.append(card)
        self.owners.append(owner)

    def drawable(self, not_face: str | None) -> list[str]:
        """H8.20, H8.18 The inventory cards this participant may draw now."""
        if not_face is None:
            return self.inventory
        return [c for c in self.inventory if CARDS[c].id != not_face]


@dataclass(slots=True)
class Table:
    """Everything one game knows and has decided so far."""

    kind: Kind
    rng: random.Random
    players: dict[str, Participant]  # input order
    stage: Stage = Stage.BETTING
    result: Result | None = None
    winner: str | None = None
    # The bet (H8.4-H8.6): one open at most, binding once matched, raised at most once.
    stake: int = 0
    opener: str | None = None
    binding: bool = False
    raised: bool = False
    # Play (H8.9, H8.10): the fixed order, whose turn it is, and whether that turn's
    # play or draw is made and only waits for the obligations it caused.
    turn_order: list[str] = field(default_factory=list)
    turn: int = 0
    turn_done: bool = False
    pending: list[Obligation] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    reward: dict[str, Any] | None = None
    index: int = 0  # the action being applied; every event carries it
    log: list[Event] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)

    @classmethod
    def deal(cls, game: Game) -> Table:
        """The game at the reveal, before any action."""
        players = {
            s.id: Participant(s.id, s.chips, list(s.hand), [s.id] * len(s.hand), list(s.inventory))
            for s in game.seats
        }
        return cls(game.kind, random.Random(game.seed), players)

    def event(self, name: str, **fields: Any) -> None:
        self.log.append({"index": self.index, "event": name, **fields})

    def participants(self) -> list[Participant]:
        """H8.2 The players still in the game (not forfeited), in input order."""
        return [p for p in self.players.values() if p.playing]

    @property
    def turn_player(self) -> str:
        return self.turn_order[self.turn]

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def awaited(self) -> str:
        """H8.10 Who must act: the first obligation's participant, else the turn's."""
        return self.pending[0].player if self.pending else self.turn_player
