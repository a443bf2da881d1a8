"""The card ledger: every card or sealed item a player gains or loses, and why.

A hand is explained by its ledger: loose cards held = card gains minus card losses,
less the single cards still in their sealed wrappers (booked when they arrived).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import Model, Subquery
from django.utils import timezone

from goonsite import rows

from ..bulk import insert_rows
from ..models import GameDay, HeldCard, LedgerEntry, PlayerSeason


def record(
    player: PlayerSeason,
    items: Iterable[str],
    change: int,
    reason: str,
    day: GameDay | None = None,
) -> None:
    rows.insert(
        *(LedgerEntry(player=player, item=i, change=change, reason=reason, day=day) for i in items)
    )


def entries(
    player: PlayerSeason,
    changes: Iterable[tuple[str, int]],
    reason: str,
    day: GameDay | None = None,
) -> list[LedgerEntry]:
    """The ledger's lines for (item, change) rows of one player for one reason, not yet
    stored (a pack opened: the pack out, its cards in, inserted with the cards)."""
    return [
        LedgerEntry(player=player, item=i, change=c, reason=reason, day=day) for i, c in changes
    ]


def record_many(rows: Iterable[tuple[int, str, int, str, int | None]]) -> None:
    """(player id, item, change, reason, day id) rows, for many players at once (noon)."""
    insert_rows(LedgerEntry, ["player", "item", "change", "reason", "day"], rows)


def take_from_hand(
    player: PlayerSeason, card: str, reason: str, day: GameDay, *, then: Model | None = None
) -> bool:
    """The player's first held card of its kind leaves the hand, booked in the ledger; False
    when they hold none. Needs the player's row locked, so nobody else takes the same card
    meanwhile. `then`: a new row stored only when the card was taken (the card played), its
    key set. On PostgreSQL one statement (the DELETE feeds the ledger's INSERT and that of
    `then`); a card played is the commonest action after a vote."""
    if connection.vendor != "postgresql":
        first = HeldCard.objects.filter(owner=player, card=card).order_by("pk").values("pk")[:1]
        taken, _ = HeldCard.objects.filter(pk=Subquery(first)).delete()
        if taken:
            record(player, [card], -1, reason, day)
            if then is not None:
                rows.insert(then)
        return bool(taken)
    held, ledger = HeldCard._meta.db_table, LedgerEntry._meta.db_table
    take = (
        f"WITH taken AS (DELETE FROM {held} WHERE id = (SELECT id FROM {held} "
        "WHERE owner_id = %s AND card = %s ORDER BY id LIMIT 1) RETURNING owner_id, card)"
    )
    book = (
        f"INSERT INTO {ledger} (player_id, item, change, reason, day_id, at) "
        "SELECT owner_id, card, -1, %s, %s, %s FROM taken"
    )
    params = [player.pk, card, reason, day.pk, timezone.now()]
    if then is None:
        with connection.cursor() as cursor:
            cursor.execute(f"{take} {book}", params)
            return cursor.rowcount == 1
    insert, insert_params = rows.insert_statement(then, source="taken")
    keys = rows.returned_keys(f"{take}, booked AS ({book}) {insert}", [*params, *insert_params])
    if keys:
        rows.inserted([then], keys)
    return bool(keys)
