"""The board's countdown line drawn once a minute in each time zone
(games.ladder.templatetags.ladder_board.noon_countdown) is what drawing it each time gives."""

import datetime as dt
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.template.loader import get_template
from django.utils import timezone

from games.ladder.clock import CENTRAL
from games.ladder.templatetags import ladder_board

NOON = dt.datetime(2026, 12, 8, 12, 0, tzinfo=CENTRAL)
ZONES = ["America/Chicago", "Europe/Berlin", "Asia/Kolkata", "UTC"]


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch):
    monkeypatch.setattr(ladder_board, "_countdowns", ladder_board.KeptInProcess(64))


def drawn_each_time(noon_at) -> str:
    return get_template("ladder/board.html#countdown").render(
        {"board": SimpleNamespace(noon_at=noon_at)}
    )


# Through each minute, from its start: at, just after, inside and at the end of a minute.
MOMENTS = [
    NOON - dt.timedelta(hours=2, minutes=15),
    NOON - dt.timedelta(hours=2, minutes=15) + dt.timedelta(microseconds=1),
    NOON - dt.timedelta(hours=2, minutes=14, seconds=30),
    NOON - dt.timedelta(hours=2, minutes=14, microseconds=1),
    NOON - dt.timedelta(seconds=59),
    NOON - dt.timedelta(microseconds=1),
    NOON,
    NOON + dt.timedelta(seconds=5),
]


@pytest.mark.parametrize("zone", ZONES)
def test_drawn_once_a_minute_as_drawn_each_time(zone):
    """Asked at every moment in a row, each answer is the one drawn afresh then, though
    most come from what was kept earlier in the same minute."""
    with timezone.override(ZoneInfo(zone)):
        for moment in MOMENTS:
            with time_machine.travel(moment, tick=False):
                assert ladder_board.noon_countdown(NOON) == drawn_each_time(NOON), moment
    assert len(ladder_board._countdowns) > 0


def test_a_minute_later_the_words_move():
    with time_machine.travel(NOON - dt.timedelta(minutes=10, seconds=30), tick=False):
        before = ladder_board.noon_countdown(NOON)
    with time_machine.travel(NOON - dt.timedelta(minutes=9, seconds=30), tick=False):
        after = ladder_board.noon_countdown(NOON)
    assert ">10\xa0minutes</time>" in before and ">9\xa0minutes</time>" in after


def test_each_zone_its_own_time():
    with time_machine.travel(NOON - dt.timedelta(hours=1, seconds=1), tick=False):
        with timezone.override(ZoneInfo("Europe/Berlin")):
            berlin = ladder_board.noon_countdown(NOON)
        with timezone.override(ZoneInfo("Asia/Kolkata")):
            kolkata = ladder_board.noon_countdown(NOON)
    assert ">19:00 CET</span>" in berlin and ">23:30 IST</span>" in kolkata


def test_a_noon_off_the_minute_is_drawn_each_time():
    odd = NOON + dt.timedelta(seconds=30)
    with time_machine.travel(NOON - dt.timedelta(minutes=5, seconds=50), tick=False):
        assert ladder_board.noon_countdown(odd) == drawn_each_time(odd)
        assert ladder_board.noon_countdown(None) == drawn_each_time(None)
    assert len(ladder_board._countdowns) == 0
