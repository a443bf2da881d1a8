"""A12.3 every new deadline gets its own one-off django-q2 schedule (15-second turns need
better than the minute sweep); the task it runs fires the kit's exactly-once deadline."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from django_q.models import Schedule

from games.armed.tables import lobby
from games.armed.tables.adapter import TABLES
from games.armed.tasks import armed_job, fire_table_deadline
from tests.armed.tables.helpers import at, fresh, play_default

pytestmark = pytest.mark.django_db
WITH_CLUSTER = {**settings.Q_CLUSTER, "sync": False}


def test_each_new_deadline_is_scheduled_once_at_its_moment(alice):
    with override_settings(Q_CLUSTER=WITH_CLUSTER):
        table = lobby.quick_game(user=alice, now=at(0))
        first = Schedule.objects.get(func="games.armed.tasks.fire_table_deadline")
        assert first.schedule_type == Schedule.ONCE and first.args == repr(table.pk)
        assert at(60) <= first.next_run <= at(61)
        if not fresh(table).is_over:
            play_default(table, {1: alice}, at(10))
            if not fresh(table).is_over:
                assert Schedule.objects.filter(func=first.func).count() == 2


def test_no_schedule_in_sync_mode(alice):
    lobby.quick_game(user=alice, now=at(0))
    assert not Schedule.objects.filter(func="games.armed.tasks.fire_table_deadline").exists()


def test_the_task_fires_a_passed_deadline_once_and_the_sweep_finds_nothing(alice, time_machine):
    table = lobby.quick_game(user=alice, now=at(0))
    time_machine.move_to(at(61))
    assert fire_table_deadline(table.pk) == 1
    log = TABLES.output_of(fresh(table)).raw["log"]
    assert [e["event"] for e in log].count("timeout") == 1
    assert fire_table_deadline(table.pk) == 0 and armed_job() == 0
