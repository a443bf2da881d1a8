"""The noon's reads and writes (services/noon_store.py, bulk.py): what the engine is given
and what is written back, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from collections import Counter

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.ladder.bulk import insert_one
from games.ladder.models import HeldCard, LedgerEntry, NoonReport, PlayerSeason
from games.ladder.services.days import open_day
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.noon_store import LoadedDay
from games.ladder.services.votes import cast_vote
from goonsite.fields import Encoded
from tests.ladder.fixtures import TUESDAY_NOON, give

IN_ORDER = ["shield", "boost", "skip", "reverse", "boost", "chaos", "sabotage", "skip"]


def test_a_hand_reaches_the_engine_in_the_order_its_cards_came(alice_player, bob_player, now):
    """The hand limit samples positions in the hand with the day's seed (R6.13): the same
    day must give the engine the same order, the order the cards came in."""
    give(alice_player, *IN_ORDER)
    give(bob_player, "reverse", "boost")
    give(alice_player, "mini_gooner")
    day = open_day(alice_player.season, now)
    players = {p.id: p for p in LoadedDay(day, lock=False).engine_day().players}
    assert [c.value for c in players[str(alice_player.pk)].hand] == [*IN_ORDER, "mini_gooner"]
    assert [c.value for c in players[str(bob_player.pk)].hand] == ["reverse", "boost"]


def test_noon_removes_exactly_the_cards_it_trimmed(alice, alice_player, entries, now):
    """R6.13: twelve regular cards of six kinds, all votes used. The hand left in the
    database is the hand before, less what the ledger says was trimmed, plus the draw."""
    before = [*IN_ORDER, "chaos", "shield", "reverse", "sabotage"]
    give(alice_player, *before)
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    ledger = LedgerEntry.objects.filter(player=alice_player, day__isnull=False)
    trimmed = Counter(ledger.filter(change=-1).values_list("item", flat=True))
    drawn = Counter(ledger.filter(change=1).values_list("item", flat=True))
    assert sum(trimmed.values()) == 5 and sum(drawn.values()) == 1  # the limit is 7
    after = Counter(alice_player.cards.values_list("card", flat=True))
    assert after == Counter(before) - trimmed + drawn


def test_insert_one_stores_the_row_and_returns_it_saved(alice_player, now):
    day = open_day(alice_player.season, now)
    with CaptureQueriesContext(connection) as queries:
        report = insert_one(
            NoonReport, day=day, outcome=Encoded({"plays": ["a\\b", 'q"uote']}), ladder=[]
        )
    assert len(queries) == 1
    stored = NoonReport.objects.get()
    assert stored.pk == report.pk and stored.created_at == report.created_at
    assert stored.outcome == {"plays": ["a\\b", 'q"uote']} and stored.ladder == []
    assert not report._state.adding  # so a later save() updates the row, not a new one
    report.ladder = [{"rank": 1}]
    report.save(update_fields=["ladder"])
    assert NoonReport.objects.get().ladder == [{"rank": 1}]


def test_a_players_cards_go_with_the_player(alice_player, bob_player):
    """The cards' reference to their owner has no constraint in the database (noon deals
    a card to nearly everyone): Django still deletes a player's cards with the player."""
    give(alice_player, "skip", "boost")
    give(bob_player, "reverse")
    PlayerSeason.objects.filter(pk=alice_player.pk).delete()
    assert list(HeldCard.objects.values_list("owner_id", "card")) == [(bob_player.pk, "reverse")]
