"""goonsite.lean_pickle: a kept row comes back as Django's own pickling brings it back."""

import copy
import datetime as dt
import gc
import io
import pickle

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from games.ladder.models import GameDay, PlayerSeason, Vote
from goonsite.lean_pickle import LeanPickle


@pytest.fixture
def vote(season, alice, entries) -> Vote:
    day = GameDay.objects.create(season=season, noon_on=dt.date(2026, 12, 8), seed=7)
    player = PlayerSeason.objects.create(season=season, user=alice, votes_per_day=4)
    Vote.objects.create(
        day=day, player=player, entry=entries["bo"], direction="up", points=5, position=1
    )
    # As the board reads it: the contestant along, the cast time left for later.
    return Vote.objects.select_related("entry__contestant").defer("cast_at").get()


def django_round_trip(row: Model) -> Model:
    """What Django's own `Model.__reduce__` brings back."""
    function, args, state = Model.__reduce__(row)
    back = function(*args)
    back.__setstate__(pickle.loads(pickle.dumps(state)))
    return back


def attributes(row: Model) -> dict:
    """A row's attributes, less its state and the version Django's unpickling leaves."""
    return {k: v for k, v in vars(row).items() if k not in ("_state", "_django_version")}


def same_row(a: Model, b: Model) -> None:
    assert type(a) is type(b)
    assert attributes(a) == attributes(b)
    assert (a._state.adding, a._state.db) == (b._state.adding, b._state.db)
    assert a._state.fields_cache.keys() == b._state.fields_cache.keys()
    for name, related in a._state.fields_cache.items():
        same_row(related, b._state.fields_cache[name])


def test_a_row_comes_back_as_djangos_pickling_brings_it(vote, django_assert_num_queries):
    assert isinstance(vote, LeanPickle)
    back = pickle.loads(pickle.dumps(vote, pickle.HIGHEST_PROTOCOL))
    same_row(back, django_round_trip(vote))
    with django_assert_num_queries(0):  # the relations read with it came along
        assert back.entry.contestant.name == "Bo"
    assert back.get_deferred_fields() == {"cast_at"}
    # And a deferred field is read when used, as it is from Django's pickling.
    djangos, cast_at = django_round_trip(vote), Vote.objects.get().cast_at
    with CaptureQueriesContext(connection) as theirs:
        assert djangos.cast_at == cast_at
    with CaptureQueriesContext(connection) as ours:
        assert back.cast_at == cast_at
    assert len(ours) == len(theirs) > 0


def test_a_new_row_stays_new():
    back = pickle.loads(pickle.dumps(Vote(direction="down", points=1)))
    assert back._state.adding and back.pk is None and back._state.db is None


def test_a_copy_has_a_relation_cache_of_its_own(vote):
    """board._as_loaded drops relations from a copy; the row it copied keeps them, even
    once the copy is collected (a collected ModelState empties its relation cache)."""
    kept = copy.copy(vote)
    del kept._state.fields_cache["entry"]
    assert "entry" in vote._state.fields_cache
    del kept
    gc.collect()
    assert vote._state.fields_cache["entry"].contestant.name == "Bo"


def test_a_row_holding_a_memoryview_is_pickled_as_django_does(vote):
    vote.blob = memoryview(b"raw")
    back = pickle.loads(pickle.dumps(vote))
    assert isinstance(back.blob, memoryview) and bytes(back.blob) == b"raw"


def test_what_django_pickled_before_still_reads(vote):
    """A board kept before the rows pickled lean (by Django's own pickling) reads as it did."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer)
    pickler.dispatch_table = {
        type(row): Model.__reduce__ for row in (vote, vote.entry, vote.entry.contestant)
    }
    pickler.dump(vote)
    assert b"model_unpickle" in buffer.getvalue()
    same_row(pickle.loads(buffer.getvalue()), pickle.loads(pickle.dumps(vote)))
