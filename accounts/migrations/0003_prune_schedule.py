"""The daily schedule that forgets ended throttle windows (accounts.tasks.prune_job)."""

from django.db import migrations

from accounts.tasks import PRUNE
from goonsite.schedules import installing


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_identity_throttle_push"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [installing(PRUNE)]
