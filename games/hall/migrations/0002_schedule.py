"""Install the Hall's timers job (every minute; see games/hall/schedule.py)."""

from django.db import migrations

from games.hall.schedule import HALL_SCHEDULE, ensure_hall_schedule


def forwards(apps, schema_editor):
    ensure_hall_schedule(apps.get_model("django_q", "Schedule"))


def backwards(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name=HALL_SCHEDULE).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("hall", "0001_initial"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
