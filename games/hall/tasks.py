"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from .services.timers import run_due
from .tables.timeouts import run_table_timers


def hall_job(**_schedule_kwargs) -> int:
    """Run every due Hall event (boundaries, vote ends, week ends), oldest first, then the
    tables' deadlines (duel requests, hand choice, betting, turns: H7.4-H7.7, H8.23)."""
    return run_due() + run_table_timers()
