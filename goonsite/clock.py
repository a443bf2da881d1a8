"""Site time shared by the games: noon US Central (ladder R1.1, hall H1.1), DST-aware."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

CENTRAL = ZoneInfo("America/Chicago")
NOON = dt.time(12)


def noon_date_for(moment: dt.datetime) -> dt.date:
    """The date of the noon closing the day `moment` falls in. Noon itself opens the next day."""
    local = moment.astimezone(CENTRAL)
    return local.date() if local.time() < NOON else local.date() + dt.timedelta(days=1)


def noon_of(date: dt.date) -> dt.datetime:
    """12:00 Central on `date`, DST included (clocks change at 02:00, so noon is unambiguous)."""
    return dt.datetime.combine(date, NOON, tzinfo=CENTRAL)
