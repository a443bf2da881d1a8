"""The noon's reads and writes (services/noon_store.py, bulk.py): what the engine is given
and what is written back, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test.utils import CaptureQueriesContext

from games.ladder.bulk import insert_one
from games.ladder.engine import DayError, resolve_noon
from games.ladder.models import GameDay, HeldCard, LedgerEntry, NoonReport, PlayerSeason
from games.ladder.services import noon
from games.ladder.services.days import open_day
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.noon_store import LoadedDay
from games.ladder.services.players import join_season
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.fields import Encoded
from tests.conftest import make_user
from tests.ladder.fixtures import TUESDAY, TUESDAY_NOON, give

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


def _totals() -> dict[int, tuple[int, int]]:
    rows = PlayerSeason.objects.values_list("pk", "season_votes", "votes_per_day")
    return {pk: (season_votes, per_day) for pk, season_votes, per_day in rows}


def test_the_players_totals_written_are_the_engines(
    alice, bob, alice_player, bob_player, entries, now
):
    """R3.1, R6.14(b): the totals are written beside the engine, from the votes alone, and
    must be what the engine itself makes of them: every vote cast counts, whatever a card
    did to it, the season's 48th brings a 4th vote a day, and a player who cast none keeps
    theirs."""
    PlayerSeason.objects.filter(pk=alice_player.pk).update(season_votes=46)
    carol = join_season(make_user("carol"), alice_player.season)
    PlayerSeason.objects.filter(pk=carol.pk).update(season_votes=30)
    give(bob_player, "skip", "reverse")
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="up", now=now)
    cast_vote(user=bob, entry_id=entries["ava"].pk, direction="down", now=now)
    play_face_down(user=bob, card="skip", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="reverse", target_id=entries["bo"].pk, now=now)
    day = open_day(alice_player.season, now)
    engine = resolve_noon(LoadedDay(day, lock=False).engine_day())
    expected = {int(p.id): (p.season_votes, p.votes_per_day) for p in engine.players}

    resolve_due_noons(TUESDAY_NOON)

    assert _totals() == expected
    assert expected == {alice_player.pk: (49, 4), bob_player.pk: (1, 3), carol.pk: (30, 3)}


def test_a_noon_the_engine_refuses_leaves_the_totals_written_beside_it_unwritten(
    alice, alice_player, entries, now, monkeypatch
):
    """The totals are written before the engine has returned: a day it refuses (or any
    error in it) rolls them back with the rest of the noon, which stays to be resolved."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    before = _totals()

    def refuse(day):
        raise DayError("a vote on an unknown contestant")

    monkeypatch.setattr(noon, "resolve_noon", refuse)
    with pytest.raises(DayError):
        resolve_due_noons(TUESDAY_NOON)
    assert _totals() == before
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.OPEN
    assert not NoonReport.objects.exists()


def test_the_totals_are_written_while_the_engine_runs(
    alice, alice_player, entries, now, monkeypatch
):
    """PostgreSQL writes the totals while the engine thinks, not after it: the engine
    here will not start until they are written, so a noon that wrote them only after the
    engine returned would never start it (the wait gives up and fails the noon). The
    engine's thread never opens a connection of its own, outside the noon's transaction."""
    written = threading.Event()
    connected_in: list[str] = []
    connect = BaseDatabaseWrapper.connect

    def note_the_thread(self):
        connected_in.append(threading.current_thread().name)
        return connect(self)

    monkeypatch.setattr(BaseDatabaseWrapper, "connect", note_the_thread)
    write, engine = noon.write_player_totals, noon.resolve_noon

    def write_then_tell(loaded):
        write(loaded)
        written.set()

    def engine_once_written(day):
        assert written.wait(timeout=30), "the totals were not written while the engine ran"
        return engine(day)

    monkeypatch.setattr(noon, "write_player_totals", write_then_tell)
    monkeypatch.setattr(noon, "resolve_noon", engine_once_written)
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    assert _totals()[alice_player.pk] == (1, 3)
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.RESOLVED
    assert not [name for name in connected_in if name.startswith("noon-engine")]
