"""K2: the seeded setup (dealer by the lowest Condition id, the dealer's hand size, the
deal, the first condition) and the `setup` path that places a position instead."""

from __future__ import annotations

from typing import Any

from .cards import CANONICAL, CONDITION_IDS, PLAY_IDS
from .decisions import Decision, Flow
from .table import Table


def seeded(t: Table, hand_size: int | None) -> Flow:
    """K2.1-K2.5 with the stream in the contract's order; returns the first active seat."""
    cond = list(CONDITION_IDS)
    t.stream.shuffle(cond)
    play = list(PLAY_IDS)
    t.stream.shuffle(play)
    drawn = cond[: len(t.seats)]  # K2.2: seat k takes index k-1 ...
    for seat, card in zip(t.seats, drawn, strict=True):
        t.emit("dealer_draw", seat=seat, card=card)
    t.dealer = t.seats[drawn.index(min(drawn, key=CANONICAL.__getitem__))]
    t.emit("dealer", seat=t.dealer)
    t.stream.shuffle(cond)  # ... returned on top in the order drawn: the deck is as it was
    t.cond_deck = cond
    play.reverse()  # the deck's top is kept last
    t.deck = play
    if hand_size is None:
        hand_size = yield Decision("hand_size", t.dealer)
    t.emit("hand_size", seat=t.dealer, size=hand_size)
    order = [*t.around(t.dealer, "cw")[1:], t.dealer]  # K2.3 (S4): dealer last
    for _ in range(hand_size):
        for seat in order:
            t.hands[seat].append(t.deck.pop())
    for seat in t.seats:  # logged in seating order, as the setup path does (S26)
        hand = t.hands[seat]
        t.emit("deal", seat=seat, cards=list(hand), count=len(hand), seen_by=[seat])
    t.conditions = [t.cond_deck.pop(0)]
    t.emit("reveal", card=t.conditions[0], why="setup")
    return t.next_seat(t.dealer, "cw")  # K2.5


def place(t: Table, setup: dict[str, Any]) -> str:
    """chaos-engine.md `setup`: a position, parsed and checked by parse.py; no stream used
    (unless a default condition needs nothing but the deck's top). Returns the first seat."""
    t.dealer = setup["dealer"]
    t.emit("dealer", seat=t.dealer)
    placed: set[str] = set()
    for seat in t.seats:
        hand = list(setup["hands"].get(seat, []))
        t.hands[seat] = hand
        placed.update(hand)
    for seat in t.seats:  # S24: seat by seat, each Modifier before its Anchor
        for kind, slot in (("modifiers", t.modifier), ("anchors", t.anchor)):
            card = setup[kind].get(seat)
            if card is not None:
                slot[seat] = card
                placed.add(card)
                t.installed.append((seat, card))
    deck, discard = list(setup["deck"]), list(setup["discard"])
    placed.update(deck)
    placed.update(discard)
    rest = [card for card in PLAY_IDS if card not in placed]
    if setup["rest"] == "discard":
        discard = rest + discard  # S44: the rest lie under the listed discard
    else:
        deck += rest
    deck.reverse()
    t.deck, t.discard = deck, discard
    t.level = setup["level"]
    t.cond_discard = list(setup["cond_discard"])
    listed = list(setup["cond_deck"])
    used = set(setup["conditions"] or ()) | set(listed) | set(t.cond_discard)
    t.cond_deck = listed + [c for c in CONDITION_IDS if c not in used]
    for seat in t.seats:  # S26
        hand = t.hands[seat]
        t.emit("deal", seat=seat, cards=list(hand), count=len(hand), seen_by=[seat])
    if setup["conditions"]:
        t.conditions = list(setup["conditions"])
    else:  # revealed from the deck's top: two at Levels 4-5 (K6.2)
        for _ in range(2 if t.level >= 4 else 1):
            t.conditions.append(t.cond_deck.pop(0))
            t.emit("reveal", card=t.conditions[-1], why="setup")
    t.direction = setup["direction"]
    t.turn = setup["turn"]
    t.round = setup["round"]
    t.taken = list(setup["taken"])
    if setup["first"] is not None:
        return setup["first"]
    # S25: the first not in `taken` in current direction from the dealer, the dealer last
    for seat in [*t.around(t.dealer)[1:], t.dealer]:
        if seat not in t.taken:
            return seat
    raise AssertionError("parse.py refuses a `taken` holding every seat")
