"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from goonsite import clock

from .tables.timeouts import resolve_deadline, run_table_timers


def armed_job(**_schedule_kwargs) -> int:
    """The minute sweep: every passed turn deadline (A12.3), oldest first."""
    return run_table_timers()


def fire_table_deadline(game_id: int) -> int:
    """One table's deadline, scheduled for its moment (A12.3); a no-op if it moved on."""
    return resolve_deadline(game_id, clock.now())
