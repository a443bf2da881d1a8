"""The game in play: seats (A1.3), the deck and discard pile, the round, the decision
awaited, and the log. Plain objects with slots: the playtest builds millions of them."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from .stream import Stream

# A7.4 durations, in the order they end and are shown: the egg, then the bits of A8.1.
DURATIONS = ("egg", "cluck", "shout", "pose")
BITS = ("cluck", "shout", "pose")


class StoreClosed(Exception):
    """A10.4 The second exhaustion: the game ends at once, whatever was happening."""


class Seat:
    __slots__ = (
        "controlled_by",
        "durations",
        "extra_turns",
        "frozen",
        "hand",
        "id",
        "kind",
        "left",
        "loot",
        "no_draw",
        "no_fire",
        "policy",
        "pos",
        "teeth",
    )

    def __init__(self, sid: str, pos: int, kind: str, policy: str) -> None:
        self.id = sid
        self.pos = pos
        self.kind = kind
        self.policy = policy
        self.left = False
        self.teeth = 3  # A2.1
        self.hand: list[str] = []
        self.loot: list[str] = []
        # A7.1 effects waiting for the seat's next turn.
        self.frozen = False
        self.no_draw = False
        self.no_fire = False
        self.controlled_by: Seat | None = None
        self.extra_turns = 0
        # A7.4 name -> [turns left, counting]; `counting` is False while the turn in
        # which it was given is still going on (that turn does not count).
        self.durations: dict[str, list[Any]] = {}

    @property
    def can_grit(self) -> bool:
        """A4.3 Broken (A5.1) or egged goons cannot grit."""
        return self.teeth > 0 and "egg" not in self.durations

    def __repr__(self) -> str:
        return f"<Seat {self.id}>"


class Decision:
    """The one decision awaited (armed-engine.md, "How actions are applied"): `seat`
    answers it, `owner` is whose decision it is (they differ under control, A9.15)."""

    __slots__ = (
        "at",
        "can_fire",
        "card",
        "count",
        "group",
        "kind",
        "owner",
        "seat",
        "shooter",
        "why",
    )

    def __init__(
        self,
        kind: str,
        seat: Seat,
        owner: Seat,
        *,
        can_fire: bool = False,
        shooter: Seat | None = None,
        card: str | None = None,
        group: bool = False,
        at: Seat | None = None,
        count: int = 0,
        why: str | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.owner = owner
        self.can_fire = can_fire
        self.shooter = shooter
        self.card = card
        self.group = group
        self.at = at
        self.count = count
        self.why = why


# The rules run as generators: each yields the Decision it awaits and is sent the answer
# (a tuple: ("fire", card, target), ("cycle", card), ("hold",), ("comply",), ("grit",),
# ("forced",) for A8.4, ("discard", cards), ("pick", seat)).
Flow = Generator["Decision", tuple, None]


class FreeShot:
    """A gun's call for a free shot (HYPNO-COIN, A9.16): the gun names it, `shots` fires it
    (the guns cannot import `shots`, which looks the guns up)."""

    __slots__ = ("at", "firer")

    def __init__(self, firer: Seat, at: Seat | None) -> None:
        self.firer, self.at = firer, at


class Game:
    __slots__ = (
        "awaiting",
        "by_id",
        "control",
        "deck",
        "discard",
        "exhaustions",
        "extra_queue",
        "final_round",
        "first",
        "flow",
        "index",
        "last_seat",
        "log",
        "opponents",
        "result",
        "round",
        "seats",
        "stream",
        "turn",
        "turns",
    )

    def __init__(self, seats: list[Seat], seed: int, *, logging: bool = True) -> None:
        self.seats = seats
        self.by_id = {s.id: s for s in seats}
        n = len(seats)
        # Going left from a goon (armed.md, "Words"): the seats after theirs, wrapping.
        self.opponents: dict[Seat, list[Seat]] = {
            s: [seats[(s.pos + k) % n] for k in range(1, n)] for s in seats
        }
        self.stream = Stream(seed)
        self.deck: list[str] = []  # index 0 is the top
        self.discard: list[str] = []  # the last is the top
        self.exhaustions = 0
        self.round = 1
        self.first: Seat = seats[0]
        self.last_seat: Seat = seats[-1]
        self.turn: Seat | None = None
        self.turns = 0  # every turn begun, skipped and extra ones included
        self.final_round = False
        self.extra_queue: list[Seat] = []
        # (controlled goon, controller) while a controlled turn is played (A9.15).
        self.control: tuple[Seat, Seat] | None = None
        self.result: dict[str, Any] | None = None
        self.awaiting: Decision | None = None
        self.flow: Any = None
        self.index = -1
        self.log: list[dict[str, Any]] | None = [] if logging else None

    def ev(self, event: str, **fields: Any) -> None:
        """Append one event to the log (the playtest runs without one)."""
        if self.log is not None:
            entry = {"index": self.index, "event": event}
            entry.update(fields)
            self.log.append(entry)

    def left_of(self, seat: Seat) -> Seat:
        return self.seats[(seat.pos + 1) % len(self.seats)]

    def shooter_decider(self, seat: Seat) -> Seat:
        """A9.15, S45: who decides for `seat` as a shooter (fire, free shots, their own
        malfunction's discards, the hand limit): the controller during a controlled turn."""
        control = self.control
        if control is not None and control[0] is seat:
            return control[1]
        return seat
