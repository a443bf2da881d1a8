"""Jobs run by the django-q2 cluster for accounts."""

from __future__ import annotations

from goonsite.schedules import Job

from . import throttle

# Daily, at a quiet hour (Central).
PRUNE = Job("prune-throttle-counts", "accounts.tasks.prune_job", "17 4 * * *")


def prune_job(**_schedule_kwargs) -> int:
    """Forget tries whose window has ended; how many counts went."""
    return throttle.prune()
