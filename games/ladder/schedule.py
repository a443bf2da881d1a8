"""The django-q2 schedule that runs the noon job."""

from __future__ import annotations

NOON_SCHEDULE = "noon"
NOON_JOB = "games.ladder.tasks.noon_job"
# Every minute rather than "0 12 * * *": the job is idempotent and one query when nothing
# is due, so a missed or failed run is retried within a minute, a cluster that was down at
# noon catches up as soon as it starts, and DST needs no thought (games.ladder.clock decides).
NOON_CRON = "* * * * *"


def ensure_noon_schedule(schedule_model) -> None:
    schedule_model.objects.update_or_create(
        name=NOON_SCHEDULE,
        defaults={
            "func": NOON_JOB,
            "schedule_type": "C",
            "cron": NOON_CRON,
            "repeats": -1,
        },
    )
