"""The card ledger: every card or sealed item a player gains or loses, and why.

A hand is explained by its ledger: loose cards held = card gains minus card losses,
less the single cards still in their sealed wrappers (booked when they arrived).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bulk import insert_rows
from ..models import GameDay, LedgerEntry, PlayerSeason


def record(
    player: PlayerSeason,
    items: Iterable[str],
    change: int,
    reason: str,
    day: GameDay | None = None,
) -> None:
    LedgerEntry.objects.bulk_create(
        [LedgerEntry(player=player, item=i, change=change, reason=reason, day=day) for i in items],
    )


def record_changes(
    player: PlayerSeason,
    changes: Iterable[tuple[str, int]],
    reason: str,
    day: GameDay | None = None,
) -> None:
    """(item, change) rows of one player for one reason, in one insert (a pack opened: the
    pack out, its cards in)."""
    LedgerEntry.objects.bulk_create(
        [LedgerEntry(player=player, item=i, change=c, reason=reason, day=day) for i, c in changes],
    )


def record_many(rows: Iterable[tuple[int, str, int, str, int | None]]) -> None:
    """(player id, item, change, reason, day id) rows, for many players at once (noon)."""
    insert_rows(LedgerEntry, ["player", "item", "change", "reason", "day"], rows)
