"""The daily schedule that forgets ended throttle windows (accounts.tasks.prune_job)."""

import datetime as dt
from zoneinfo import ZoneInfo

from croniter import croniter
from django.db import migrations

from accounts.tasks import PRUNE_CRON, PRUNE_JOB, PRUNE_SCHEDULE


def install(apps, schema_editor):
    now = dt.datetime.now(ZoneInfo("America/Chicago"))
    apps.get_model("django_q", "Schedule").objects.update_or_create(
        name=PRUNE_SCHEDULE,
        defaults={
            "func": PRUNE_JOB,
            "schedule_type": "C",
            "cron": PRUNE_CRON,
            "repeats": -1,
            "next_run": croniter(PRUNE_CRON, now).get_next(dt.datetime).astimezone(dt.UTC),
        },
    )


def remove(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name=PRUNE_SCHEDULE).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_identity_throttle_push"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(install, remove)]
