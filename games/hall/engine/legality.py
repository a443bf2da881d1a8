"""Which card may be played on which: the first card (H8.12), values and colours (H8.13),
the Jokers (H8.14).

The rules are written out once, as functions of two faces, and tabulated at import: a
turn asks "is this id legal on that top?" many times and a set lookup is the cheapest
way to answer.
"""

from __future__ import annotations

from .cards import CARDS, FACES, Face


def legal_first(card: Face) -> bool:
    """H8.12 While the pile is empty only a non-special card (2-10) may be played."""
    return not card.special


def legal_on_joker(card: Face, joker: Face) -> bool:
    """H8.14 On a Joker only cards of its colour, any value, its own-colour Joker included."""
    return card.colour is joker.colour


def legal_on_card(card: Face, top: Face) -> bool:
    """H8.13 On a top card that is not a Joker.

    (a) equal value or one apart, special or not (no wrap: Q and K are 12, A is 1);
    (b) a non-special card of the opposite colour, whatever its value;
    (c) a Joker, which may be played on anything but a Joker of the other colour (H8.14).
    """
    if card.joker:
        return True
    assert card.value is not None and top.value is not None
    if abs(card.value - top.value) <= 1:
        return True
    return not card.special and card.colour is not top.colour


def legal(card: Face, top: Face | None) -> bool:
    """Whether `card` may be played on `top` (None: the pile is empty)."""
    if top is None:
        return legal_first(card)
    if top.joker:
        return legal_on_joker(card, top)
    return legal_on_card(card, top)


# The ids legal on an empty pile, and on each top face (keyed by the face's plain id).
LEGAL_FIRST: frozenset[str] = frozenset(c for c, f in CARDS.items() if legal(f, None))
LEGAL_ON: dict[str, frozenset[str]] = {
    top.id: frozenset(c for c, f in CARDS.items() if legal(f, top)) for top in FACES
}


def legal_now(top: str | None) -> frozenset[str]:
    """Every card id that may be played on the top card `top` (an id, or None)."""
    return LEGAL_FIRST if top is None else LEGAL_ON[CARDS[top].id]
