"""A one-off django-q2 schedule per turn deadline (A12.3): 15-second turns need better
than the minute sweep (tables/timeouts.py), which stays as the safety net."""

from __future__ import annotations

import datetime as dt

from django.conf import settings

TASK = "games.armed.tasks.fire_table_deadline"


def schedule_deadline(game_id: int, deadline: dt.datetime) -> None:
    """Inside the move's transaction: a one-off django-q2 schedule that fires this table's
    deadline on time (it rolls back with a refused move, and costs no commit of its own).

    With the cluster in sync mode (`make run` without a cluster, the tests) nothing is
    scheduled: the minute sweep and every move's own check of passed deadlines carry them."""
    if settings.Q_CLUSTER.get("sync") or not getattr(settings, "ARMED_DEADLINE_TASKS", True):
        return
    from django_q.models import Schedule

    Schedule.objects.create(
        name=f"armed-deadline-{game_id}-{deadline.timestamp():.3f}"[:100],
        func=TASK,
        args=repr(game_id),
        schedule_type=Schedule.ONCE,
        repeats=-1,
        next_run=deadline + dt.timedelta(milliseconds=200),
    )
