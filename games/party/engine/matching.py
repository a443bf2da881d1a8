"""P4-P6 Matching and chains: whether a card may go on the top card, and how a chain
links. Matching is one function over the five attributes; wilds bend two of them."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .cards import Card


def matches(card: Card, top: Card, named: str | None, open_top: bool) -> bool:
    """P4.1 `card` shares color, digit, name, type or kind with the top card, as bent
    by wilds (P5.2-P5.6). `named` is the top's named color, `open_top` an unnamed wild
    left on top by an Overcharge."""
    if card.is_curse:  # P16.1
        return False
    if card.true_wild:  # P5.2
        return True
    # P5.5 A named wild has exactly its named color; an unnamed one has none to match.
    top_classes = frozenset((named,)) if named else top.classes
    if open_top and (card.classes or card.digits or card.wild):  # P5.6
        return True
    if top.wild == "number" and (card.digits or card.wild == "number"):  # P5.3
        return True
    if card.wild == "number" and (top.digits or top.wild == "number"):  # P5.3
        return True
    if card.wild == "color" and top_classes:  # P5.4
        return True
    return bool(
        card.classes & top_classes  # P4.2 color
        or card.digits & top.digits  # P4.3 digit
        or card.names & top.names  # P4.4 name
        or card.types & top.types  # P4.5 type
        or (card.kind is not None and card.kind == top.kind)  # P4.6 kind
    )


def digit_link(a: Card, b: Card) -> bool:
    """P6.2 Two cards of a digit chain link: a shared digit, or either is a True Wild or
    a Number Wild."""
    return bool(a.digits & b.digits) or a.wild in ("true", "number") or b.wild in ("true", "number")


def links_by_digit(cards: Sequence[Card]) -> bool:
    return all(c.arch.links_digits for c in cards) and all(
        digit_link(a, b) for a, b in itertools.pairwise(cards)
    )


def links_by_name(cards: Sequence[Card]) -> bool:
    """P6.3 Each card shares a name with the one before it."""
    return all(a.names & b.names for a, b in itertools.pairwise(cards))


def within_limits(cards: Sequence[Card]) -> bool:
    """P6.2 One True Wild, two Medium Numbers and one Large Number at most."""
    true_wilds = sum(c.true_wild for c in cards)
    mediums = sum(c.size == "medium" for c in cards)
    larges = sum(c.size == "large" for c in cards)
    return true_wilds <= 1 and mediums <= 2 and larges <= 1


def chain_problem(cards: Sequence[Card]) -> str | None:
    """P6.1 None when the chain links, else `bad_chain` or `chain_limit` (only for a
    chain that links by digit, breaks a limit and does not link by name)."""
    if len(cards) < 2:
        return None
    if not all(c.arch.chains for c in cards):
        return "bad_chain"
    if links_by_name(cards):
        return None
    if links_by_digit(cards):
        return None if within_limits(cards) else "chain_limit"
    return "bad_chain"
