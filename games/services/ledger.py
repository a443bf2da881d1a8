"""The card ledger: every card or sealed item a player gains or loses, and why."""

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
        LedgerEntry(player=player, item=item, change=change, reason=reason, day=day)
        for item in items
    )


def record_many(rows: Iterable[tuple[int, str]], change: int, reason: str, day: GameDay) -> None:
    """(player id, item) rows, all with the same change and reason."""
    LedgerEntry.objects.bulk_create(
        (
            LedgerEntry(player_id=p, item=item, change=change, reason=reason, day=day)
            for p, item in rows
        ),
        batch_size=2000,
    )


def record_gains(rows: Iterable[tuple[int, str, str]], day: GameDay) -> None:
    """(player id, item, reason) rows, each a gain of one."""
    LedgerEntry.objects.bulk_create(
        (
            LedgerEntry(player_id=p, item=item, change=1, reason=why, day=day)
            for p, item, why in rows
        ),
        batch_size=2000,
    )
