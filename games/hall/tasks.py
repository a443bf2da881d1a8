"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from .services.timers import run_due


def hall_job(**_schedule_kwargs) -> int:
    """Run every due Hall event (boundaries, vote ends, week ends), oldest first."""
    return run_due()
