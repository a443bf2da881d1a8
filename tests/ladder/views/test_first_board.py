"""A new player's first board, the noon rush's dearest page (issue 27): the row, the
starting God Pack (R7.1) and its ledger line in one commit, and the board built from what
was just written instead of read back, kept for the next view."""

import pickle
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.ladder import board_cache
from games.ladder.board import load_board, new_player_board
from games.ladder.models import LedgerEntry, PlayerSeason, SealedItem, Source
from games.ladder.public import public_board
from games.ladder.services.noon import resolve_now
from games.ladder.services.packs import join_with_starting_hand
from games.ladder.services.votes import cast_vote
from tests.conftest import make_user
from tests.ladder.fixtures import HTMX

BOARD = reverse("ladder:board")


def reads_sealed(queries: CaptureQueriesContext) -> list[str]:
    """The statements that read the player's sealed packs back (part of their own board)."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("SELECT") and 'FROM "ladder_sealeditem"' in q["sql"]
    ]


@pytest.fixture
def newcomer(db):
    return make_user("newcomer")


@pytest.fixture
def newcomer_client(newcomer):
    client = Client()
    client.force_login(newcomer)
    return client


@pytest.fixture
def a_noon_came(alice, entries, now):
    """A season with a report: Alice voted before it; the newcomer joins after it."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    return resolve_now(now)


@pytest.mark.parametrize("after_a_noon", [False, True], ids=["first day", "after a noon"])
def test_the_new_players_board_is_the_one_a_read_would_find(
    request, newcomer, season, entries, now, after_a_noon
):
    """Nothing is left out: the board built from the row and the pack just made equals the
    board read back, field for field (the recap of a noon the player missed included)."""
    if after_a_noon:
        request.getfixturevalue("a_noon_came")
    public = public_board(now)
    joined = join_with_starting_hand(user=newcomer, season=season)
    assert joined.new and joined.dealt is not None
    built = new_player_board(joined.player, public, joined.dealt)
    assert built == load_board(joined.player, public)
    assert (built.recap is not None) == after_a_noon


def test_joining_deals_the_pack_once_with_its_ledger_line(newcomer, season):
    first = join_with_starting_hand(user=newcomer, season=season)
    again = join_with_starting_hand(user=newcomer, season=season)
    assert first.new and not again.new and again.dealt is None
    assert again.player == first.player
    assert list(SealedItem.objects.filter(owner=first.player).values_list("source", flat=True)) == [
        Source.STARTING_HAND
    ]
    assert LedgerEntry.objects.filter(player=first.player, reason=Source.STARTING_HAND).count() == 1


def test_a_player_who_joined_without_a_pack_is_dealt_one(newcomer, season):
    """A row made elsewhere (an admin's deal, a code redeemed before any board) still gets
    its starting pack on the first board."""
    player = PlayerSeason.objects.create(season=season, user=newcomer)
    joined = join_with_starting_hand(user=newcomer, season=season)
    assert not joined.new and joined.dealt is not None and joined.player == player


def test_the_first_board_reads_nothing_back_and_the_next_reads_nothing_of_the_player(
    newcomer_client, alice_client, season, entries, now
):
    """Issue 27: the first board makes the row, the pack and the ledger line and reads only
    the public things (the session, the user, the season's last report and the board's
    version, the session saved); the board after it finds the player's part kept."""
    alice_client.get(BOARD)  # in a rush the public board and the day's counts are kept
    with CaptureQueriesContext(connection) as first:
        page = newcomer_client.get(BOARD).content.decode()
    assert "Your starting hand is here: a sealed God Pack" in page
    statements = [q["sql"].split()[0] for q in first.captured_queries]
    inserts = [q["sql"] for q in first.captured_queries if "INSERT INTO" in q["sql"]]
    tables = [t for sql in inserts for t in re.findall(r'INSERT INTO "(\w+)"', sql)]
    assert tables == ["ladder_playerseason", "ladder_sealeditem", "ladder_ledgerentry"]
    # On PostgreSQL the three are one statement, atomic on its own (services.packs).
    assert len(inserts) == (1 if connection.vendor == "postgresql" else 3), statements
    reads_of_the_player = [
        q["sql"]
        for q in first.captured_queries
        if q["sql"].startswith("SELECT")
        and any(f'"{column}" = ' in q["sql"] for column in ("player_id", "owner_id"))
    ]
    assert reads_of_the_player == []
    # The session and the user; the player looked for; the row, the pack and the ledger
    # line (one statement on PostgreSQL, three in a savepoint on SQLite); the last report
    # and the board's version; the session saved. (Before issue 27: 22, reading the
    # player back, then their whole board; 26 after a noon.)
    assert len(first.captured_queries) <= (8 if connection.vendor == "postgresql" else 12)
    with CaptureQueriesContext(connection) as second:
        page = newcomer_client.get(BOARD, **HTMX).content.decode()
    assert 'id="hand"' in page and "God Pack" in page
    assert not reads_sealed(second)


def test_a_bump_by_someone_else_keeps_the_built_board_out():
    """Only an unbroken run of this thread's bumps names the version the built board is
    kept under: a bump by another request between them (after the commit, before its
    after-commit bump) means the board may miss what that request did."""
    key = board_cache.player_key
    assert board_cache.new_player_version(7, {key(7): [41, 42, 43, 44]}) == 44
    assert board_cache.new_player_version(8, {key(8): [41, 43]}) is None
    assert board_cache.new_player_version(9, {key(9): [41, None]}) is None
    assert board_cache.new_player_version(9, {}) is None


def test_the_kept_board_carries_no_user(newcomer, season, entries, now):
    """The row is made by the user's id: the board kept in the cache holds no User (and so
    no password hash), as a player read back holds none."""
    joined = join_with_starting_hand(user=newcomer, season=season)
    built = pickle.loads(
        pickle.dumps(new_player_board(joined.player, public_board(now), joined.dealt))
    )
    assert "user" not in built.player._state.fields_cache
    assert newcomer.password.encode() not in pickle.dumps(built)


@pytest.mark.django_db(transaction=True)
def test_with_real_commits_the_next_board_is_the_kept_one(
    newcomer_client, season, entries, now, monkeypatch
):
    """Committed for real, so the after-commit bumps run too (four in one run): the board
    built at the first visit is the one the next view serves, with no read of the player's
    part; and one bump by someone else in the run keeps nothing."""
    with CaptureQueriesContext(connection) as first:
        newcomer_client.get(BOARD)
    assert not reads_sealed(first)
    with CaptureQueriesContext(connection) as second:
        page = newcomer_client.get(BOARD, **HTMX).content.decode()
    assert "God Pack" in page
    assert not reads_sealed(second)

    late = make_user("late")
    interloper = Client()
    interloper.force_login(late)
    real = board_cache.bump_versions

    interloped = []

    def someone_else_bumps_too(cache, keys, timeout):
        values = real(cache, keys, timeout)
        if not interloped and any(k.startswith("ladder:player:") for k in keys):
            interloped.append(real(cache, keys, timeout))  # another request's, between ours
        return values

    monkeypatch.setattr(board_cache, "bump_versions", someone_else_bumps_too)
    with CaptureQueriesContext(connection) as broken:
        interloper.get(BOARD)
    # Not kept, so the page reads the player's part back (and keeps what it read).
    assert reads_sealed(broken)
