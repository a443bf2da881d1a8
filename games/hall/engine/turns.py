"""The order of play: fixed once at the start (H8.9), one awaited participant at a time,
and the turn passing on once its play or draw is made and settled (H8.10, H8.11)."""

from __future__ import annotations

from itertools import groupby

from .state import Participant, Table


def fix_turn_order(table: Table, remaining: list[Participant]) -> list[str]:
    """H8.9 More cards in hand first; equal hands in a random order from the seed.

    Ties are sorted by id before the shuffle, so the order of `players` in the input
    never changes the turn order (exoptosis-engine.md, "Edge cases settled").
    """
    order: list[str] = []
    ranked = sorted(remaining, key=lambda p: (-len(p.hand), p.id))
    for _, tied in groupby(ranked, key=lambda p: len(p.hand)):
        group = [p.id for p in tied]
        table.rng.shuffle(group)
        order += group
    return order


def next_after(table: Table, pid: str) -> str:
    """The participant after `pid` in turn order; after the last comes the first again."""
    order = table.turn_order
    return order[(order.index(pid) + 1) % len(order)]


def end_turn_if_settled(table: Table) -> None:
    """H8.10 A turn ends once its play or draw is made and no obligation is pending."""
    if table.turn_done and not table.pending:
        table.turn = (table.turn + 1) % len(table.turn_order)
        table.turn_done = False
