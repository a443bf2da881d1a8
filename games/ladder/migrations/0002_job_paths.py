"""The noon schedule, and every stored job path under the ladder's new home.

django-q2 stores a task's function as a dotted path. The ladder moved from `games` to
`games.ladder`, so schedules (and queued or recorded tasks) written before the move name
modules that no longer exist; this rewrites them and installs the noon schedule.
"""

from django.db import migrations

from games.ladder.schedule import NOON
from goonsite.schedules import install, uninstall

OLD_TO_NEW = {
    "games.tasks.": "games.ladder.tasks.",
    "games.services.": "games.ladder.services.",
}


def forwards(apps, schema_editor):
    Schedule = apps.get_model("django_q", "Schedule")
    for old, new in OLD_TO_NEW.items():
        for schedule in Schedule.objects.filter(func__startswith=old):
            schedule.func = new + schedule.func.removeprefix(old)
            schedule.save(update_fields=["func"])
    install(Schedule, NOON)


def backwards(apps, schema_editor):
    uninstall(apps.get_model("django_q", "Schedule"), NOON)


class Migration(migrations.Migration):
    dependencies = [
        ("ladder", "0001_initial"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
