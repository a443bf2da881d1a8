"""K15 (S15): the `simple` and `sharp` bots. Deterministic, no stream, and they see only
what their seat may see: a SeatView holds their own hand, the public table and their
decision, nothing else (another hand is only ever a size)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, CATEGORIES, CATEGORY, ORDINARY
from .conditions import satisfies
from .decisions import PASS, Decision
from .table import Pending, Table

HAND_SIZE = {"simple": 6, "sharp": 4}  # K15.1


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: str
    policy: str
    hand: tuple[str, ...]
    sizes: dict[str, int]  # every seat's hand size (public, K1.3)
    order: tuple[str, ...]  # every seat in current direction from this one
    level: int
    conditions: tuple[str, ...]
    has_modifier: bool
    has_anchor: bool
    pending: tuple[Pending, ...]
    options: tuple[tuple[str, tuple[str, ...]], ...]  # respond: legal Interrupts and targets

    @classmethod
    def of(cls, t: Table, seat: str, options=()) -> SeatView:
        return cls(
            seat=seat,
            policy=t.policy[seat],
            hand=tuple(t.hands[seat]),
            sizes={s: len(t.hands[s]) for s in t.seats},
            order=tuple(t.around(seat)),
            level=t.level,
            conditions=tuple(t.conditions),
            has_modifier=t.modifier[seat] is not None,
            has_anchor=t.anchor[seat] is not None,
            pending=tuple(t.pending),
            options=tuple((card, tuple(on)) for card, on in options),
        )

    def meets_with(self, hand: list[str], modifier: bool, anchor: bool) -> bool:
        others = [n for s, n in self.sizes.items() if s != self.seat]
        return any(
            satisfies(c, hand, self.level, modifier and anchor, others) for c in self.conditions
        )


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
    others = view.order[1:]
    return min(others, key=lambda s: view.sizes[s])  # min keeps the first of equals


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
    playable = [card for card in view.hand if CATEGORY[card] in ORDINARY]
    if view.policy == "sharp":
        for card in playable:
            rest = list(view.hand)
            rest.remove(card)
            category = CATEGORY[card]
            modifier = view.has_modifier or category == "modifier"
            anchor = view.has_anchor or category == "anchor"
            if view.meets_with(rest, modifier, anchor):
                return _play(view, card)
        if view.meets_with(list(view.hand), view.has_modifier, view.has_anchor):
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
