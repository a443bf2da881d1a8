"""Jobs run by the django-q2 cluster for accounts."""

from __future__ import annotations

from . import throttle

PRUNE_SCHEDULE = "prune-throttle-counts"
PRUNE_JOB = "accounts.tasks.prune_job"
PRUNE_CRON = "17 4 * * *"  # daily, at a quiet hour (Central)


def prune_job(**_schedule_kwargs) -> int:
    """Forget tries whose window has ended; how many counts went."""
    return throttle.prune()
