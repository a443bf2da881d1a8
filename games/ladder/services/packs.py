"""Sealed items: the starting God Pack (R7.1) and opening anything sealed (R5.4)."""

from __future__ import annotations

import datetime as dt
import random
from typing import NamedTuple

from django.db import IntegrityError, connection, transaction

from goonsite import rows
from goonsite.refusal import Refusal

from .. import board_cache
from ..engine import CardId, PackId, pack_contents
from ..models import HeldCard, PlayerSeason, SealedItem, Season, Source
from . import ledger
from .action import counted_by_next_noon
from .players import find_player


class Joined(NamedTuple):
    player: PlayerSeason  # the season attached
    dealt: SealedItem | None  # the starting God Pack, when this call dealt it
    new: bool  # this call made the player's row (and dealt the pack in the same commit)


def join_with_starting_hand(*, user, season: Season) -> Joined:
    """The player's row for the season, with the starting God Pack dealt on the first visit
    (R7.1). A new player's row, pack and ledger line are one transaction: nobody sees the
    player before their pack (so their board can be built without reading it back), and a
    second tab racing the first waits for it, then finds the pack dealt."""
    player = find_player(season, user)
    if player is None:
        joined = _join_and_deal(season, user)
        if joined is not None:
            return joined
        # Another request made the row first, and dealt with it.
        player = PlayerSeason.objects.get(season=season, user=user)
    player.season = season
    if SealedItem.objects.filter(owner=player, source=Source.STARTING_HAND).exists():
        return Joined(player, None, new=False)
    try:
        with transaction.atomic():
            item = _deal_god_pack(player)
    except IntegrityError:
        item = None
    return Joined(player, item, new=False)


def _join_and_deal(season: Season, user) -> Joined | None:
    """A new player's row, their God Pack and its ledger line, all or nothing; None when
    another request made the row first. On PostgreSQL one statement (a data-modifying
    WITH, atomic on its own, where BEGIN, three INSERTs and COMMIT were five trips): every
    new player's first page runs it, in the noon rush's arrivals."""
    # By id: a user attached here would be pickled into the kept board (password hash
    # and all), where a player read back carries none.
    player = PlayerSeason(season=season, user_id=user.pk)
    if connection.vendor != "postgresql":  # SQLite: its WITH only reads
        try:
            with transaction.atomic():
                rows.insert(player)
                item = _deal_god_pack(player)
        except IntegrityError:
            return None
        return Joined(player, item, new=True)
    item = _god_pack(player)
    line = ledger.entries(player, [(PackId.GOD_PACK.value, 1)], Source.STARTING_HAND)[0]
    joins, join_params = rows.insert_statement(player, or_nothing=True)
    deals, deal_params = rows.insert_statement(item, source="p", key_from="owner_id")
    books, book_params = rows.insert_statement(line, source="p", key_from="player_id")
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH p AS ({joins}), s AS ({deals}), l AS ({books}) SELECT p.id, s.id FROM p, s",
            [*join_params, *deal_params, *book_params],
        )
        made = cursor.fetchone()
    if made is None:
        return None
    rows.inserted([player], [made[0]])
    rows.inserted([item], [made[1]])
    item.owner = player
    board_cache.bump_player(player.pk)
    return Joined(player, item, new=True)


def give_starting_hand(*, user, season: Season) -> SealedItem | None:
    """Deal the season's starting God Pack on the first visit; None if it was dealt already."""
    return join_with_starting_hand(user=user, season=season).dealt


def _god_pack(player: PlayerSeason) -> SealedItem:
    return SealedItem(owner=player, kind=SealedItem.Kind.GOD_PACK, source=Source.STARTING_HAND)


def _deal_god_pack(player: PlayerSeason) -> SealedItem:
    """Written out (goonsite.rows), as every new player's first page deals it; so no save
    signal bumps the player's board: this does."""
    (item,) = rows.insert(_god_pack(player))
    ledger.record(player, [PackId.GOD_PACK.value], 1, Source.STARTING_HAND)
    board_cache.bump_player(player.pk)
    return item


class Opened(NamedTuple):
    player: PlayerSeason  # as the opening locked and read it
    item: SealedItem
    held: list[HeldCard]  # its cards, now in the hand, in the order they came out

    @property
    def cards(self) -> list[CardId]:
        return [CardId(h.card) for h in self.held]


def open_sealed(
    *, user, item_id: int, now: dt.datetime | None = None, rng: random.Random | None = None
) -> list[CardId]:
    """Open a sealed pack or card; its cards join the hand. Returns them."""
    return open_sealed_item(user=user, item_id=item_id, now=now, rng=rng).cards


def open_sealed_item(
    *, user, item_id: int, now: dt.datetime | None = None, rng: random.Random | None = None
) -> Opened:
    """`open_sealed`, returning the item and the held cards as stored."""
    rng = rng or random.SystemRandom()
    with counted_by_next_noon(user=user, now=now) as action:
        day, player = action.day, action.player
        item = _open(player, item_id, action.now)
        if item.kind == SealedItem.Kind.CARD:
            cards = [CardId(item.card)]
        else:
            cards = list(pack_contents(PackId(item.kind), rng))
        held = [HeldCard(owner=player, card=c.value, source=Source.PACK_OPENED) for c in cards]
        # A sealed single card was booked when it arrived; unwrapping it changes nothing.
        booked = (
            []
            if item.kind == SealedItem.Kind.CARD
            else ledger.entries(
                player,
                [(item.kind, -1), *((c.value, 1) for c in cards)],
                Source.PACK_OPENED,
                day,
            )
        )
        # The cards and their ledger lines in one statement: a pack opening is the noon
        # rush's third commonest action (goonsite.rows.insert_with).
        rows.insert_with(held, *booked)
    return Opened(player, item, held)


def _open(player: PlayerSeason, item_id: int, now: dt.datetime) -> SealedItem:
    """Mark the player's item opened and return it, in one statement (UPDATE … RETURNING,
    which the ORM has not); says why not when it isn't theirs or is open already. The
    player's row is locked, so no other opening of theirs runs meanwhile."""
    table = SealedItem._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET opened_at = %s "
            "WHERE id = %s AND owner_id = %s AND opened_at IS NULL RETURNING kind, card",
            [now, item_id, player.pk],
        )
        row = cursor.fetchone()
    if row is None:
        item = SealedItem.objects.filter(owner=player, pk=item_id).first()
        if item is None:
            raise Refusal("That isn't one of your sealed items.")
        raise Refusal(f"That {item.get_kind_display()} is open already.")
    kind, card = row
    # A save() would send the signal that bumps the player's board; the action bumps it.
    return SealedItem(pk=item_id, owner=player, kind=kind, card=card, opened_at=now)
