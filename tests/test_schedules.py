"""goonsite.schedules: the one installer of every app's recurring jobs."""

from __future__ import annotations

import datetime as dt
import importlib

from django.apps import apps as django_apps
from django_q.models import Schedule

from accounts.tasks import PRUNE
from games.hall.schedule import TIMERS
from games.ladder.schedule import NOON, REMINDERS
from goonsite.schedules import Job, install

CENTRAL = dt.timezone(dt.timedelta(hours=-6))  # December


def test_installing_twice_updates_the_one_row(db):
    job = Job("test-job", "accounts.tasks.prune_job", "17 4 * * *")
    install(Schedule, job, now=dt.datetime(2026, 12, 8, 9, 0, tzinfo=CENTRAL))
    install(
        Schedule,
        Job(job.name, job.func, "0 5 * * *"),
        now=dt.datetime(2026, 12, 8, 9, 0, tzinfo=CENTRAL),
    )
    [row] = Schedule.objects.filter(name="test-job")
    assert (row.cron, row.repeats, row.schedule_type) == ("0 5 * * *", -1, Schedule.CRON)
    assert row.next_run == dt.datetime(2026, 12, 9, 5, 0, tzinfo=CENTRAL)  # not now: tomorrow


def test_every_apps_jobs_are_installed_by_their_migrations(db):
    """Each app's migration names its jobs; running its step again installs them all."""
    Schedule.objects.all().delete()
    steps = {
        "games.ladder.migrations.0005_noon_reminders": REMINDERS,
        "games.hall.migrations.0002_schedule": TIMERS,
        "accounts.migrations.0003_prune_schedule": PRUNE,
    }
    for module, _job in steps.items():
        migration = importlib.import_module(module).Migration
        [operation] = [op for op in migration.operations if hasattr(op, "code")]
        operation.code(django_apps, None)
    importlib.import_module("games.ladder.migrations.0002_job_paths").forwards(django_apps, None)
    installed = {row.name: (row.func, row.cron) for row in Schedule.objects.all()}
    assert installed == {job.name: (job.func, job.cron) for job in (NOON, REMINDERS, TIMERS, PRUNE)}
