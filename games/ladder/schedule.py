"""The ladder's django-q2 jobs: the noon and the reminders before it (installed by migrations
through goonsite.schedules)."""

from __future__ import annotations

from goonsite.schedules import Job

NOON_SCHEDULE = "noon"
NOON_JOB = "games.ladder.tasks.noon_job"
# Every minute rather than "0 12 * * *": the job is idempotent and one query when nothing
# is due, so a missed or failed run is retried within a minute, a cluster that was down at
# noon catches up as soon as it starts, and DST needs no thought (games.ladder.clock decides).
NOON_CRON = "* * * * *"
NOON = Job(NOON_SCHEDULE, NOON_JOB, NOON_CRON)

REMINDER_SCHEDULE = "noon-reminders"
REMINDER_JOB = "games.ladder.tasks.reminder_job"
# Every five minutes of the hour before noon, Central (the cluster's time zone): the first
# run at 11:00 reminds everyone due, later runs only whoever opted in meanwhile, and a run
# missed while a worker restarted is made up five minutes later. Each player once a day.
REMINDER_CRON = "*/5 11 * * *"
REMINDERS = Job(REMINDER_SCHEDULE, REMINDER_JOB, REMINDER_CRON)
