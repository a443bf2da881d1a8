"""The django-q2 schedule of the Hall's timers."""

from __future__ import annotations

HALL_SCHEDULE = "hall-timers"
HALL_JOB = "games.hall.tasks.hall_job"
# Every minute, like the ladder's noon: the job is idempotent and a few queries when
# nothing is due, so a missed run is retried within a minute, a cluster that was down
# catches up in order (H12.1), and the 48 h / 24 h timers need no schedule of their own.
HALL_CRON = "* * * * *"


def ensure_hall_schedule(schedule_model) -> None:
    schedule_model.objects.update_or_create(
        name=HALL_SCHEDULE,
        defaults={"func": HALL_JOB, "schedule_type": "C", "cron": HALL_CRON, "repeats": -1},
    )
