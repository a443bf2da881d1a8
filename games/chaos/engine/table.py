"""The table (K1.2, K1.3): every zone, the counters, the log, and the moves every rule
shares (seats in a direction, drawing K1.4, discarding to the Play discard).

The Play deck is kept with its top at the END of the list so a draw is a cheap pop();
output.py turns it round for the contract (index 0 the top).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from goonsite.enginekit.splitmix import SplitMix64 as Stream


@dataclass(slots=True)
class Pending:
    """A card in the pending area (K5.1): the ordinary play or an Interrupt on `on`."""

    card: str
    seat: str
    on: Pending | None = None
    target: str | None = None
    category: str | None = None  # A27's named category
    canceled: bool = False


@dataclass(slots=True)
class Table:
    seats: list[str]
    kind: dict[str, str]  # "human" or "bot" as given
    policy: dict[str, str]
    stream: Stream
    logging: bool = True
    left: set[str] = field(default_factory=set)
    hands: dict[str, list[str]] = field(default_factory=dict)
    modifier: dict[str, str | None] = field(default_factory=dict)
    anchor: dict[str, str | None] = field(default_factory=dict)
    installed: list[tuple[str, str]] = field(default_factory=list)  # oldest first
    deck: list[str] = field(default_factory=list)  # top LAST
    discard: list[str] = field(default_factory=list)  # top last
    cond_deck: list[str] = field(default_factory=list)  # top first
    conditions: list[str] = field(default_factory=list)  # oldest first
    cond_discard: list[str] = field(default_factory=list)
    level: int = 1
    turn: int = 0
    round: int = 1
    dealer: str = ""
    direction: str = "cw"
    taken: list[str] = field(default_factory=list)
    active: str | None = None
    pending: list[Pending] = field(default_factory=list)
    window: Any = None  # the open ResponseWindow (window.py), if any
    over: bool = False
    result: dict[str, Any] | None = None
    index: int = -1  # the action being applied; -1 before the first
    log: list[dict[str, Any]] = field(default_factory=list)
    position: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.position = {seat: i for i, seat in enumerate(self.seats)}
        for seat in self.seats:
            self.hands.setdefault(seat, [])
            self.modifier.setdefault(seat, None)
            self.anchor.setdefault(seat, None)

    # -- the log ------------------------------------------------------------------------

    def emit(self, event: str, **fields: Any) -> None:
        if self.logging:
            self.log.append({"event": event, "index": self.index, **fields})

    # -- seats --------------------------------------------------------------------------

    def is_bot(self, seat: str) -> bool:
        return self.kind[seat] == "bot" or seat in self.left

    def next_seat(self, seat: str, direction: str | None = None) -> str:
        step = 1 if (direction or self.direction) == "cw" else -1
        return self.seats[(self.position[seat] + step) % len(self.seats)]

    def around(self, start: str, direction: str | None = None) -> list[str]:
        """Every seat once, `start` first, then in `direction` (the current one by default)."""
        i, n = self.position[start], len(self.seats)
        if (direction or self.direction) == "cw":
            return [self.seats[(i + k) % n] for k in range(n)]
        return [self.seats[(i - k) % n] for k in range(n)]

    def from_active(self) -> list[str]:
        """S1: players affected together are taken in current direction from the active one."""
        return self.around(self.active or self.seats[0])

    # -- cards --------------------------------------------------------------------------

    def draw(self, seat: str, n: int, why: str, source: str | None = None) -> list[str]:
        """K1.4: n single draws, rebuilding the deck from the discard when it runs out (S19)."""
        if n <= 0:
            return []
        got: list[str] = []
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self.emit("reshuffle", size=len(self.discard))
                rebuilt = self.discard
                self.discard = []
                self.stream.shuffle(rebuilt)
                rebuilt.reverse()
                self.deck = rebuilt
            got.append(self.deck.pop())
        self.hands[seat] += got
        if self.logging:
            event = {"seat": seat, "cards": got, "count": len(got), "why": why, "seen_by": [seat]}
            if source is not None:
                event["source"] = source
            self.emit("draw", **event)
            if len(got) < n:
                self.emit("empty_draw", seat=seat, missing=n - len(got))
        return got

    def discard_from_hand(self, seat: str, cards: list[str]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.discard += cards

    def in_hand_order(self, seat: str, cards: list[str]) -> list[str]:
        chosen = set(cards)
        return [card for card in self.hands[seat] if card in chosen]

    def remove_persistent(self, seat: str, card: str) -> None:
        """A Modifier or Anchor leaves its slot for the Play discard (never resolving, K9.6)."""
        if self.modifier[seat] == card:
            self.modifier[seat] = None
        elif self.anchor[seat] == card:
            self.anchor[seat] = None
        self.installed.remove((seat, card))
        self.discard.append(card)
