"""check_day names the first thing wrong, in vote order, then play order."""

import datetime as dt

import pytest

from games.ladder.engine import CardId, Contestant, Day, DayError, Direction, Play, Player, Vote
from games.ladder.engine.check import check_day

UP = Direction.UP


def day(votes=(), plays=()) -> Day:
    return Day(
        dt.date(2026, 12, 8),
        0,
        (Contestant("ava"), Contestant("bo")),
        (Player("tc"), Player("ux")),
        tuple(votes),
        tuple(plays),
    )


def test_a_well_formed_day_passes():
    check_day(
        day([Vote("tc", "ava", UP, 5), Vote("ux", "ava", UP, 5)], [Play("tc", CardId.CHAOS, None)])
    )


@pytest.mark.parametrize(
    ("votes", "plays", "message"),
    [
        (
            [Vote("tc", "ava", UP, 5), Vote("tc", "ava", UP, 3), Vote("zed", "ava", UP, 5)],
            [],
            "vote 1: 'tc' already voted on 'ava' today",
        ),
        (
            [Vote("tc", "ava", UP, 5), Vote("tc", "zed", UP, 3), Vote("tc", "ava", UP, 1)],
            [],
            "vote 1: unknown contestant 'zed'",
        ),
        (
            [Vote("zed", "zed", UP, 5)],
            [],
            "vote 0: unknown player 'zed'",
        ),
        (
            [Vote("tc", "zed", UP, 5)],
            [Play("zed", CardId.BOOST, "ava")],
            "vote 0: unknown contestant 'zed'",
        ),
        (
            [],
            [Play("tc", CardId.BOOST, None), Play("zed", CardId.BOOST, "ava")],
            "play 0: boost needs a target",
        ),
        (
            [],
            [Play("tc", CardId.CHAOS, None), Play("tc", CardId.GOLDEN_GOONER, "ava")],
            "play 1: a Golden Gooner acts at once and never waits for noon",
        ),
    ],
)
def test_the_first_fault_is_named(votes, plays, message):
    with pytest.raises(DayError) as error:
        check_day(day(votes, plays))
    assert str(error.value) == message
