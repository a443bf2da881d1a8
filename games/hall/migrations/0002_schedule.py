"""Install the Hall's timers job (every minute; see games/hall/schedule.py)."""

from django.db import migrations

from games.hall.schedule import TIMERS
from goonsite.schedules import installing


class Migration(migrations.Migration):
    dependencies = [
        ("hall", "0001_initial"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [installing(TIMERS)]
