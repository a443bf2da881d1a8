"""Game time (R1.1), from the site's clock shared by every game (goonsite/clock.py)."""

from __future__ import annotations

import datetime as dt

from goonsite.clock import CENTRAL, NOON, next_noon, noon_date_for, noon_of, now

__all__ = [
    "CENTRAL",
    "NOON",
    "last_wednesday_noon",
    "next_noon",
    "noon_date_for",
    "noon_of",
    "now",
]


def last_wednesday_noon(moment: dt.datetime) -> dt.datetime:
    """The latest Wednesday noon Central at or before `moment` (R1.5): a Golden week starts."""
    local = moment.astimezone(CENTRAL)
    date = local.date() - dt.timedelta(days=(local.weekday() - 2) % 7)
    if noon_of(date) > moment:
        date -= dt.timedelta(days=7)
    return noon_of(date)
