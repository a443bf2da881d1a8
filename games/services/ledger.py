"""The card ledger: every card or sealed item a player gains or loses, and why.

A hand is explained by its ledger: loose cards held = card gains minus card losses,
less the single cards still in their sealed wrappers (booked when they arrived).
"""

from __future__ import annotations

from collections.abc import Iterable

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


def record_many(rows: Iterable[tuple[int, str]], change: int, reason: str, day: GameDay) -> None:
    """(player id, item) rows, all with the same change and reason."""
    LedgerEntry.objects.bulk_create(
        [LedgerEntry(player_id=p, item=i, change=change, reason=reason, day=day) for p, i in rows],
    )


def record_gains(rows: Iterable[tuple[int, str, str]], day: GameDay) -> None:
    """(player id, item, reason) rows, each a gain of one."""
    LedgerEntry.objects.bulk_create(
        [LedgerEntry(player_id=p, item=i, change=1, reason=why, day=day) for p, i, why in rows],
    )
