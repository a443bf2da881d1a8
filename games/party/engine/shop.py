"""P14 The shop's prices, its sale value, its random card and its offers."""

from __future__ import annotations

from .cards import Card
from .state import Game

SHOP_ENTRY_GOLD = 2
BUY_PRICES = {"offer": 6, "random": 10, "mana": 5, "remove_card": 10, "remove_familiar": 3}


def sale_value(cards: list[Card]) -> int:
    """P14.3 Each card's price, +1 each when two or more are sold together."""
    bonus = len(cards) if len(cards) >= 2 else 0
    return sum(c.price or 0 for c in cards) + bonus


def fits(card: Card, sort: str) -> bool:
    """P14.4 The sorts a random buy may name."""
    if sort in ("small", "medium", "large"):
        return card.size == sort
    if sort.startswith("tier"):
        return card.archetype == "familiar" and card.tier == int(sort[-1])
    if sort == "wild":
        return card.wild is not None
    return card.archetype == sort


def random_pick(g: Game, sort: str) -> str | None:
    """S39 The first card of the sort from the top of the draw pile (never reshuffled)."""
    return next((c for c in g.draw if fits(g.card(c), sort)), None)


def refill_offer(g: Game, slot: int) -> str | None:
    """P14.4 The first card from the top that is neither a Curse nor a Mega Curse."""
    for i, c in enumerate(g.draw):
        if g.card(c).dealable:
            g.offers[slot] = g.draw.pop(i)
            g.moved()
            return g.offers[slot]
    g.offers[slot] = None
    return None
