"""K15 (S15): the `simple` and `sharp` bots. Deterministic, no stream, and they see only
what their seat may see: a SeatView holds their own hand, the public table and their
decision, nothing else (another hand is only ever a size)."""

from __future__ import annotations

from .cards import CARDS, CATEGORIES, CATEGORY, ORDINARY
from .conditions import satisfies
from .decisions import PASS, Decision
from .table import Pending, Table

HAND_SIZE = {"simple": 6, "sharp": 4}  # K15.1


class SeatView:
    """What one seat may see: its own hand, the public table (K1.3: hand SIZES, the level,
    the conditions, the slots, the pending area) and its decision's options. Read lazily
    from the table, because bots answer thousands of decisions per second."""

    __slots__ = ("_options", "_others_sizes", "_t", "seat")

    def __init__(self, t: Table, seat: str, options=None) -> None:
        self._t = t
        self.seat = seat
        self._options = options  # a callable giving the respond options, asked only if needed
        self._others_sizes: list[int] | None = None

    @property
    def policy(self) -> str:
        return self._t.policy[self.seat]

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(self._t.hands[self.seat])

    def size(self, seat: str) -> int:
        return len(self._t.hands[seat])

    @property
    def others(self) -> list[str]:
        """The other seats in current direction from this one."""
        return self._t.around(self.seat)[1:]

    @property
    def pending(self) -> list[Pending]:
        return self._t.pending

    @property
    def options(self) -> list[tuple[str, list[str]]]:
        return self._options() if self._options is not None else []

    def meets_with(self, hand: list[str], modifier: bool, anchor: bool) -> bool:
        """Would this seat, holding `hand` with these slots filled, meet an active condition?"""
        t = self._t
        if self._others_sizes is None:
            self._others_sizes = [len(t.hands[s]) for s in t.seats if s != self.seat]
        both = modifier and anchor
        return any(satisfies(c, hand, t.level, both, self._others_sizes) for c in t.conditions)

    def slots(self) -> tuple[bool, bool]:
        t = self._t
        return t.modifier[self.seat] is not None, t.anchor[self.seat] is not None


def answer(view: SeatView, decision: Decision):
    if decision.kind == "hand_size":
        return HAND_SIZE[view.policy]
    if decision.kind == "turn":
        return play(view)
    if decision.kind == "respond":
        return respond(view)
    return decision.allowed[: decision.count]  # K15.4: the first allowed, in hand order


def target_for(view: SeatView) -> str:
    """K15.2: the other player with the fewest cards, ties first in current direction."""
    return min(view.others, key=view.size)  # min keeps the first of equals


def _play(view: SeatView, card: str):
    info = CARDS[card]
    return (
        "play",
        card,
        target_for(view) if info.targets else None,
        "action" if info.names_category else None,
    )


def play(view: SeatView):
    """K15.2: `sharp` first plays a card that would leave it meeting a condition, or passes
    if it meets one now; otherwise both play the first playable card, or pass."""
    hand = view.hand
    playable = [card for card in hand if CATEGORY[card] in ORDINARY]
    if view.policy == "sharp":
        has_modifier, has_anchor = view.slots()
        for card in playable:
            rest = list(hand)
            rest.remove(card)
            category = CATEGORY[card]
            modifier = has_modifier or category == "modifier"
            anchor = has_anchor or category == "anchor"
            if view.meets_with(rest, modifier, anchor):
                return _play(view, card)
        if view.meets_with(list(hand), has_modifier, has_anchor):
            return PASS
    return _play(view, playable[0]) if playable else PASS


def respond(view: SeatView):
    """K15.3 (S46): answer a play aimed at this seat; defend its own play against the
    newest canceling Interrupt of another player; otherwise pass."""
    ordinary = view.pending[0]
    if ordinary.seat != view.seat:
        if ordinary.target == view.seat:
            for card, on in view.options:
                if ordinary.card in on:
                    return ("interrupt", card, ordinary.card)
        return PASS
    attackers = [
        p for p in view.pending[1:]
        if p.on is ordinary and p.seat != view.seat and CARDS[p.card].cancels
    ]  # fmt: skip
    if attackers:
        newest = attackers[-1].card
        for card, on in view.options:
            if newest in on:
                return ("interrupt", card, newest)
    return PASS


def name_category(hand: tuple[str, ...] | list[str]) -> str:
    """K15.5: the category it holds fewest of (ties in the order of CATEGORIES)."""
    held = [CATEGORY[card] for card in hand]
    return min(CATEGORIES, key=held.count)
