"""R1.1: the day is named by the noon that closes it, in Central time with DST."""

import datetime as dt

import pytest

from games.ladder.clock import CENTRAL, noon_date_for, noon_of

UTC = dt.UTC


@pytest.mark.parametrize(
    ("moment", "noon"),
    [
        (dt.datetime(2026, 12, 7, 11, 59, 59, 999000, tzinfo=CENTRAL), dt.date(2026, 12, 7)),
        (dt.datetime(2026, 12, 7, 12, 0, tzinfo=CENTRAL), dt.date(2026, 12, 8)),
        (dt.datetime(2026, 12, 7, 23, 30, tzinfo=CENTRAL), dt.date(2026, 12, 8)),
        # 17:59 UTC is 11:59 CST in winter…
        (dt.datetime(2026, 12, 7, 17, 59, tzinfo=UTC), dt.date(2026, 12, 7)),
        # …but 12:59 CDT in summer.
        (dt.datetime(2026, 7, 7, 17, 59, tzinfo=UTC), dt.date(2026, 7, 8)),
    ],
)
def test_noon_date_for(moment, noon):
    assert noon_date_for(moment) == noon


def test_noon_follows_daylight_saving():
    """US DST began 2027-03-14: noon moves from 18:00 UTC to 17:00 UTC."""
    assert noon_of(dt.date(2027, 3, 13)).astimezone(UTC).hour == 18
    assert noon_of(dt.date(2027, 3, 14)).astimezone(UTC).hour == 17
    assert noon_of(dt.date(2027, 11, 7)).astimezone(UTC).hour == 18
