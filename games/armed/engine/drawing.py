"""Moving cards: drawing (A1.4), discarding (A1.5), Loot into the deck (A1.6), gaining
Loot and the five-Loot check (A10.1, S37), and exhaustion (A10.4, S23)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import LOOT_IDS
from .state import Decision, Flow, Game, Seat, StoreClosed


def draw(g: Game, seat: Seat, why: str, by: Seat | None = None) -> None:
    """A1.4 Take the top card: a gun joins the end of the hand, a Loot goes face up and
    is the card drawn. `by` draws it for `seat` (A9.6); both see it (A12.7, S40)."""
    if not g.deck:
        exhaust(g)
    card = g.deck.pop(0)
    loot = card in LOOT_IDS
    if g.log is not None:  # the playtest keeps no log: it builds no events at all
        log_draw(g, seat, card, why, by, loot=loot)
    if loot:
        gain_loot(g, seat, card)
    else:
        seat.hand.append(card)


def log_draw(g: Game, seat: Seat, card: str, why: str, by: Seat | None, *, loot: bool) -> None:
    """A Loot drawn is public; a gun is seen by its drawer and whoever drew it (S40)."""
    if loot:
        if by is None:
            g.ev("loot", seat=seat.id, card=card, why=why)
        else:
            g.ev("loot", seat=seat.id, card=card, why=why, by=by.id)
    elif by is None:
        g.ev("draw", seat=seat.id, card=card, why=why, seen_by=[seat.id])
    else:
        g.ev("draw", seat=seat.id, card=card, why=why, by=by.id, seen_by=[by.id, seat.id])


def exhaust(g: Game) -> None:
    """A10.4 The first time the deck runs dry the discards are shuffled into a new deck;
    the second time the store closes at once (an empty pile exhausts twice in a row)."""
    g.exhaustions += 1
    if g.exhaustions >= 2:
        g.ev("store_closed")
        raise StoreClosed
    g.deck, g.discard = g.discard, []
    g.stream.shuffle(g.deck)
    g.ev("reshuffle", size=len(g.deck))
    if not g.deck:
        exhaust(g)


def gain_loot(g: Game, seat: Seat, card: str) -> None:
    """A10.1, S37 The five-Loot check is made on a gain, on the goon who gained."""
    seat.loot.append(card)
    if not g.final_round and len(seat.loot) >= 5:
        g.final_round = True
        g.ev("five_loot", seat=seat.id)


def give_loot(g: Game, giver: Seat, to: Seat) -> None:
    """A1.6 The Loot that moves is the last one its owner gained; none, nothing (A4.4)."""
    if giver.loot:
        card = giver.loot.pop()
        g.ev("give_loot", seat=giver.id, to=to.id, card=card)
        gain_loot(g, to, card)


def loot_to_deck(g: Game, seat: Seat) -> None:
    """A1.6 On top of the deck, then the whole deck is shuffled; no Loot, no shuffle."""
    if seat.loot:
        card = seat.loot.pop()
        g.ev("loot_to_deck", seat=seat.id, card=card)
        g.deck.insert(0, card)
        g.stream.shuffle(g.deck)


def discard(g: Game, seat: Seat, cards: Sequence[str], why: str) -> None:
    """A1.5, S36 Cards go onto the pile in the order listed: the last ends on top."""
    hand = seat.hand
    for card in cards:
        hand.remove(card)
    g.discard.extend(cards)
    if g.log is not None:
        g.ev("discard", seat=seat.id, cards=list(cards), why=why)


def choose_and_discard(g: Game, seat: Seat, count: int, why: str, decider: Seat) -> Flow:
    """A discard "of your choice": asked only when there is a choice. An empty hand
    discards nothing (A4.4); at least as many as held discards the hand in order (A1.5)."""
    if not seat.hand or count <= 0:
        return
    if count >= len(seat.hand):
        discard(g, seat, list(seat.hand), why)
        return
    answer = yield Decision("discard", decider, seat, count=count, why=why)
    discard(g, seat, answer[1], why)
