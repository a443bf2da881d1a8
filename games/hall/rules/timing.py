"""H1 Phases and weeks, and the fixed windows of H1.7, on local dates (DST is the caller's
business: `noon_on(date)` turns a date into an instant)."""

from __future__ import annotations

import datetime as dt

URGENT_PERIOD = dt.timedelta(hours=48)  # H10.3
CONFIDENCE_OPEN_WITHIN = dt.timedelta(hours=96)  # H11.6
CONFIDENCE_PERIOD = dt.timedelta(hours=48)  # H11.6
SELF_OVERTURN_WITHIN = dt.timedelta(hours=168)  # H11.7
WEEK_DAYS = 7  # H1.6
PHASE_DAYS = range(1, 8)  # H1.4: L is a whole number from 1 to 7


def valid_phase_days(days: int) -> bool:
    return days in PHASE_DAYS


def phase_end_date(start_date: dt.date, phase_days: int) -> dt.date:
    """H1.4 A phase starting at the noon of `start_date` ends at the noon `L` days later."""
    if not valid_phase_days(phase_days):
        raise ValueError(f"a phase lasts 1 to 7 days, not {phase_days}")
    return start_date + dt.timedelta(days=phase_days)


def week_of(cycle_start: dt.date, noon_date_closing: dt.date) -> int:
    """H1.6 The week (1, 2, …) a moment belongs to, given the date of the next noon at or
    after it (the noon that closes its day): week 1 ends at the noon 7 days after the start."""
    days = (noon_date_closing - cycle_start).days
    return max(1, -(-days // WEEK_DAYS))


def week_end_date(cycle_start: dt.date, week: int) -> dt.date:
    return cycle_start + dt.timedelta(days=WEEK_DAYS * week)


def is_week_end(cycle_start: dt.date, noon_date: dt.date) -> bool:
    days = (noon_date - cycle_start).days
    return days > 0 and days % WEEK_DAYS == 0


def within(issued: dt.datetime, now: dt.datetime, window: dt.timedelta) -> bool:
    """H1.7 Exact windows are real elapsed time: `now` is inside if strictly before the end."""
    return issued <= now < issued + window
