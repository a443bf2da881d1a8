"""The django-q2 schedule that runs the noon job."""

from __future__ import annotations

import datetime as dt

from croniter import croniter

from .clock import CENTRAL

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


REMINDER_SCHEDULE = "noon-reminders"
REMINDER_JOB = "games.ladder.tasks.reminder_job"
# Every five minutes of the hour before noon, Central (the cluster's time zone): the first
# run at 11:00 reminds everyone due, later runs only whoever opted in meanwhile, and a run
# missed while a worker restarted is made up five minutes later. Each player once a day.
REMINDER_CRON = "*/5 11 * * *"


def ensure_reminder_schedule(schedule_model, now: dt.datetime | None = None) -> None:
    # next_run is set here, not left to Schedule.save(): a migration's historical model
    # has no save() logic, and the default (now) would run the job at once.
    local = (now or dt.datetime.now(dt.UTC)).astimezone(CENTRAL)
    next_run = croniter(REMINDER_CRON, local).get_next(dt.datetime)
    schedule_model.objects.update_or_create(
        name=REMINDER_SCHEDULE,
        defaults={
            "func": REMINDER_JOB,
            "schedule_type": "C",
            "cron": REMINDER_CRON,
            "repeats": -1,
            "next_run": next_run.astimezone(dt.UTC),
        },
    )
