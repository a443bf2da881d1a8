"""Setup (§2): 3 Teeth each (A2.1), the seeded shuffle and deal (A2.2, S4), the first goon
drawn at random (A2.3, S5) — or the position a `setup` gives (armed-engine.md)."""

from __future__ import annotations

from .cards import CANONICAL, LOOT_IDS
from .parse import GameSpec, Setup
from .state import Game, Seat

HAND = 4  # A2.2: four guns each


def build(spec: GameSpec, *, logging: bool = True) -> Game:
    seats = [Seat(s.id, n, s.kind, s.policy) for n, s in enumerate(spec.seats)]
    g = Game(seats, spec.seed, logging=logging)
    if spec.setup is None:
        deal(g)
    else:
        place(g, spec.setup)
    g.last_seat = seats[g.first.pos - 1]  # A2.4: the seat just before the first goon
    if g.log is not None:
        for seat in seats:
            g.ev("deal", seat=seat.id, cards=list(seat.hand), seen_by=[seat.id])
        g.ev("first", seat=g.first.id)
    return g


def deal(g: Game) -> None:
    """A2.2 One card at a time, seat 1 first, four times round: a Loot is put aside and
    the same goon is dealt the next card. The Loot go back on top, first put aside on
    top, and the deck is shuffled again; then the first goon is drawn (A2.3)."""
    deck = list(CANONICAL)
    g.stream.shuffle(deck)
    aside: list[str] = []
    top = 0
    for _ in range(HAND):
        for seat in g.seats:
            while deck[top] in LOOT_IDS:
                aside.append(deck[top])
                top += 1
            seat.hand.append(deck[top])
            top += 1
    g.deck = aside + deck[top:]
    g.stream.shuffle(g.deck)
    g.first = g.seats[g.stream.below(len(g.seats))]


def place(g: Game, setup: Setup) -> None:
    """A given position: the stream is not used; unplaced cards go, in canonical order,
    under the listed deck or under the listed discard pile (`rest`)."""
    by_id = g.by_id
    if setup.first is not None:
        g.first = by_id[setup.first]
    for sid, hand in setup.hands.items():
        by_id[sid].hand = list(hand)
    for sid, loot in setup.loot.items():
        by_id[sid].loot = list(loot)
    for sid, teeth in setup.teeth.items():
        by_id[sid].teeth = teeth
    placed = {c for seat in g.seats for c in (*seat.hand, *seat.loot)}
    placed.update(setup.deck, setup.discard)
    rest = [c for c in CANONICAL if c not in placed]
    if setup.rest == "deck":
        g.deck, g.discard = [*setup.deck, *rest], list(setup.discard)
    else:
        g.deck, g.discard = list(setup.deck), [*rest, *setup.discard]
    g.exhaustions = setup.exhaustions
