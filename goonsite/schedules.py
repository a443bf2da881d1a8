"""The one way a game (or the accounts) installs a recurring django-q2 job.

Each app names its jobs as `Job`s in its own `schedule.py` and installs them from a data
migration with `install(apps.get_model("django_q", "Schedule"), JOB)`; running it again only
updates the row. `next_run` is set here rather than left to `Schedule.save()`: a migration's
historical model has none of save()'s logic, and the default (now) would run a daily job at
once. Cron is read in the cluster's time zone, as django-q2 does.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from croniter import croniter
from django.conf import settings


@dataclass(frozen=True)
class Job:
    name: str  # the schedule's unique name
    func: str  # the task's dotted path
    cron: str  # in the cluster's time zone


def cluster_zone() -> ZoneInfo:
    return ZoneInfo(settings.Q_CLUSTER.get("time_zone") or settings.TIME_ZONE)


def install(schedule_model, job: Job, *, now: dt.datetime | None = None) -> None:
    """Create or update the job's schedule; its first run is the cron's next time from now."""
    local = (now or dt.datetime.now(dt.UTC)).astimezone(cluster_zone())
    next_run = croniter(job.cron, local).get_next(dt.datetime)
    schedule_model.objects.update_or_create(
        name=job.name,
        defaults={
            "func": job.func,
            "schedule_type": "C",
            "cron": job.cron,
            "repeats": -1,
            "next_run": next_run.astimezone(dt.UTC),
        },
    )


def uninstall(schedule_model, job: Job) -> None:
    schedule_model.objects.filter(name=job.name).delete()


def installing(*jobs: Job):
    """A migration operation installing the jobs (and removing them when unapplied)."""
    from django.db import migrations

    def forwards(apps, schema_editor):
        for job in jobs:
            install(apps.get_model("django_q", "Schedule"), job)

    def backwards(apps, schema_editor):
        for job in jobs:
            uninstall(apps.get_model("django_q", "Schedule"), job)

    return migrations.RunPython(forwards, backwards)
