"""Casting votes (R3): points by order, every refusal with its reason, the day it counts for."""

import datetime as dt

import pytest

from games.ladder.clock import CENTRAL
from games.ladder.models import GameDay, Season, Vote
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import TUESDAY


def test_votes_are_worth_5_3_1_in_order_cast(alice, entries, now):
    """R3.1"""
    points = [
        cast_vote(user=alice, entry_id=entries[n].pk, direction=d, now=now).points
        for n, d in [("ava", "up"), ("bo", "down"), ("cy", "up")]
    ]
    assert points == [5, 3, 1]


def test_four_votes_worth_5_4_3_1_after_48(alice, alice_player, entries, now):
    """R3.1"""
    alice_player.votes_per_day = 4
    alice_player.save()
    points = [
        cast_vote(user=alice, entry_id=entries[n].pk, direction="up", now=now).points
        for n in ["ava", "bo", "cy", "dee"]
    ]
    assert points == [5, 4, 3, 1]


def test_no_votes_left(alice, entries, now):
    """R3.3"""
    for n in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[n].pk, direction="up", now=now)
    with pytest.raises(Refusal, match="used all 3 of today's votes"):
        cast_vote(user=alice, entry_id=entries["dee"].pk, direction="up", now=now)
    assert Vote.objects.count() == 3


def test_one_vote_per_contestant_per_day(alice, entries, now):
    """R3.2"""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with pytest.raises(Refusal, match="already voted on Ava today"):
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="down", now=now)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"locked": 1, "trophies": 10}, "Ava is locked"),
        ({"golden": 1}, "Ava is Golden"),
        ({"on_ladder": False}, "Ava is off the ladder"),
    ],
)
def test_refused_targets(alice, entries, now, change, message):
    """R3.3"""
    entry = entries["ava"]
    for field, value in change.items():
        setattr(entry, field, value)
    entry.save()
    with pytest.raises(Refusal, match=message):
        cast_vote(user=alice, entry_id=entry.pk, direction="up", now=now)


def test_refused_when_no_active_season(alice, entries, now):
    Season.objects.update(is_active=False)
    with pytest.raises(Refusal, match="no active season"):
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)


def test_refused_direction_and_unknown_contestant(alice, entries, now):
    with pytest.raises(Refusal, match="up or down"):
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="sideways", now=now)
    with pytest.raises(Refusal, match="isn't on this season's ladder"):
        cast_vote(user=alice, entry_id=999_999, direction="up", now=now)


def test_vote_tells_which_day_it_counts_for(alice, entries, now):
    """R1.1, R1.4"""
    vote = cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    assert vote.day.noon_on == TUESDAY


def test_vote_at_noon_counts_for_next_day(alice, entries):
    """R1.1: noon itself opens the next day; 11:59:59.999 is still today."""
    before = dt.datetime(2026, 12, 8, 11, 59, 59, 999000, tzinfo=CENTRAL)
    at = dt.datetime(2026, 12, 8, 12, 0, tzinfo=CENTRAL)
    assert (
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=before).day.noon_on
        == TUESDAY
    )
    resolve_due_noons(at)  # the noon job
    vote = cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up", now=at)
    assert vote.day.noon_on == dt.date(2026, 12, 9)
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.RESOLVED


def test_votes_left_reset_next_day(alice, entries, now):
    """R3.5"""
    for n in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[n].pk, direction="up", now=now)
    tomorrow = now + dt.timedelta(days=1)
    resolve_due_noons(tomorrow)  # the noon job
    assert (
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=tomorrow).points == 5
    )
