"""A one-off django-q2 schedule per turn deadline (A12.3): 15-second turns need better
than the minute sweep (tables/timeouts.py), which stays as the safety net."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction

TASK = "games.armed.tasks.fire_table_deadline"


def schedule_deadline(game_id: int, deadline: dt.datetime) -> None:
    """After commit: a one-off django-q2 schedule that fires this table's deadline on time.

    Without a cluster (`make run` on SQLite, the tests) nothing is scheduled: the minute
    sweep and every move's own check before it is judged carry the deadlines."""
    if not getattr(settings, "ARMED_DEADLINE_TASKS", True) or settings.Q_CLUSTER.get("sync"):
        return

    def create() -> None:
        from django_q.models import Schedule

        Schedule.objects.create(
            name=f"armed-deadline-{game_id}-{deadline.timestamp():.3f}"[:100],
            func=TASK,
            args=repr(game_id),
            schedule_type=Schedule.ONCE,
            repeats=-1,
            next_run=deadline + dt.timedelta(milliseconds=200),
        )

    transaction.on_commit(create, robust=True)
