from django.db import migrations

from games.schedule import NOON_SCHEDULE, ensure_noon_schedule


def create_schedule(apps, schema_editor):
    ensure_noon_schedule(apps.get_model("django_q", "Schedule"))


def remove_schedule(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name=NOON_SCHEDULE).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_initial"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
