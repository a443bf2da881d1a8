"""goonsite.rows: reads and inserts written out from the models' own field lists, on
SQLite and PostgreSQL alike, giving what the ORM would."""

import datetime as dt

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from games.ladder.models import GameDay, LadderEntry, Play, PlayerSeason, Season, Vote
from games.ladder.selectors import entry_in_season
from goonsite import rows
from tests.ladder.fixtures import MONDAY_AFTERNOON


@pytest.fixture
def day(season) -> GameDay:
    return GameDay.objects.create(season=season, noon_on=dt.date(2026, 12, 8), seed=7)


@pytest.fixture
def player(season, alice) -> PlayerSeason:
    return PlayerSeason.objects.create(season=season, user=alice, votes_per_day=4)


def test_an_insert_is_what_a_save_stores_and_sends_no_signal(day, player, entries, now):
    heard = []

    def listen(**kwargs):
        heard.append(kwargs)

    post_save.connect(listen, sender=Play)
    try:
        first, second = rows.insert(
            Play(day=day, player=player, card="boost", target=entries["bo"], effect={"n": [1]}),
            Play(day=day, player=player, card="chaos", target=None),
        )
    finally:
        post_save.disconnect(listen, sender=Play)
    assert heard == []
    assert first.pk and second.pk and first.pk != second.pk
    assert not first._state.adding
    stored = {p.pk: p for p in Play.objects.all()}
    assert (stored[first.pk].card, stored[first.pk].target_id) == ("boost", entries["bo"].pk)
    assert (stored[second.pk].card, stored[second.pk].target_id) == ("chaos", None)
    assert stored[first.pk].effect == {"n": [1]} and stored[second.pk].effect is None
    # auto_now_add: set on the instance and stored, as a save would
    assert first.played_at == stored[first.pk].played_at
    assert abs(first.played_at - MONDAY_AFTERNOON) < dt.timedelta(minutes=1)


def test_an_insert_that_breaks_a_constraint_writes_nothing(day, player, entries):
    def vote(name: str, position: int) -> Vote:
        return Vote(
            day=day, player=player, entry=entries[name], direction="up", points=1, position=position
        )

    rows.insert(vote("ava", 1))
    # one statement: the second row's clash (one vote per contestant) takes the first too
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert(vote("bo", 2), vote("ava", 3))
    assert list(Vote.objects.values_list("position", flat=True)) == [1]


def test_a_fetch_reads_every_field_as_the_orm_does(season, entries):
    LadderEntry.objects.filter(pk=entries["cy"].pk).update(
        score=-4, smelly=True, on_ladder=False, golden=2
    )
    sql = rows.select(LadderEntry, "e", "e.score * 2") + " WHERE e.season_id = %s ORDER BY e.id"
    found = rows.fetch(LadderEntry, sql, [season.pk])
    orm = list(LadderEntry.objects.filter(season=season).order_by("pk"))
    assert [e.pk for e, _ in found] == [e.pk for e in orm]
    for (written_out, extra), read in zip(found, orm, strict=True):
        fields = [f.attname for f in LadderEntry._meta.concrete_fields]
        assert [getattr(written_out, f) for f in fields] == [getattr(read, f) for f in fields]
        assert extra == (read.score * 2,)
    cy = next(e for e, _ in found if e.pk == entries["cy"].pk)
    assert cy.smelly is True and cy.on_ladder is False  # SQLite gives 1 and 0: converted
    assert not cy._state.adding


def test_a_seasons_entry_comes_with_its_name_and_no_other_seasons(season, entries):
    other = Season.objects.create(name="Other", starts_on=dt.date(2026, 11, 1))
    with CaptureQueriesContext(connection) as queries:
        bo = entry_in_season(season.pk, entries["bo"].pk)
        assert str(bo) == "Bo"  # the contestant's name, with no query of its own
    assert len(queries) == 1
    assert bo.contestant_id == entries["bo"].contestant_id and bo.joined == 2
    assert entry_in_season(other.pk, entries["bo"].pk) is None
    assert entry_in_season(season.pk, 10**9) is None
    assert entry_in_season(season.pk, 10**20) is None  # past a bigint: no row, no error


@pytest.mark.skipif(not connection.features.has_select_for_update, reason="SQLite has no row locks")
def test_a_locked_entry_locks_the_entry_alone(season, entries):
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        assert entry_in_season(season.pk, entries["bo"].pk, lock=True).pk == entries["bo"].pk
    assert queries[0]["sql"].endswith("FOR UPDATE OF e")


def test_rows_inserted_with_rows_of_another_model_in_one_statement(day, player, entries):
    """goonsite.rows.insert_with (a pack's cards with their ledger lines): both stored as
    the ORM would store them, the keys of the first set in order; one statement on
    PostgreSQL, and on either a constraint broken by one writes neither."""
    from games.ladder.models import HeldCard, LedgerEntry

    cards = [HeldCard(owner=player, card=c, source="pack_opened") for c in ("boost", "skip")]
    lines = [LedgerEntry(player=player, item=c, change=1, reason="pack_opened") for c in "ab"]
    with CaptureQueriesContext(connection) as queries:
        stored = rows.insert_with(cards, *lines)
    assert len(queries) == (1 if connection.vendor == "postgresql" else 2)
    assert [(c.pk, c.card) for c in stored] == list(
        HeldCard.objects.order_by("pk").values_list("pk", "card")
    )
    assert sorted(LedgerEntry.objects.values_list("item", "change")) == [("a", 1), ("b", 1)]

    clash = [
        Vote(day=day, player=player, entry=entries[name], direction="up", points=1, position=1)
        for name in ("ava", "bo")
    ]
    more = [HeldCard(owner=player, card="boost", source="pack_opened")]
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert_with(clash, *more)  # two votes in one slot
    assert HeldCard.objects.count() == 2 and not Vote.objects.exists()
