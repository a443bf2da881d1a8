"""Site time shared by the games: noon US Central (ladder R1.1, hall H1.1), DST-aware."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

CENTRAL = ZoneInfo("America/Chicago")
NOON = dt.time(12)


def now() -> dt.datetime:
    """The site's clock: real time, shifted by `GAME_CLOCK_OFFSET_SECONDS` (0 in production).

    The shift is how a rehearsal or the system test brings noon to a whole running stack
    (web processes and job clusters alike) without touching any of their clocks. The
    ladder reads it; the hall still reads `timezone.now()`.
    """
    return timezone.now() + dt.timedelta(seconds=settings.GAME_CLOCK_OFFSET_SECONDS)


def noon_date_for(moment: dt.datetime) -> dt.date:
    """The date of the noon closing the day `moment` falls in. Noon itself opens the next day."""
    local = moment.astimezone(CENTRAL)
    return local.date() if local.time() < NOON else local.date() + dt.timedelta(days=1)


def next_noon(moment: dt.datetime) -> dt.datetime:
    """The first noon after `moment` (at noon itself, tomorrow's)."""
    return noon_of(noon_date_for(moment))


def noon_of(date: dt.date) -> dt.datetime:
    """12:00 Central on `date`, DST included (clocks change at 02:00, so noon is unambiguous)."""
    return dt.datetime.combine(date, NOON, tzinfo=CENTRAL)
