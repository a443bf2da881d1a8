"""A12.3 the turn time left, as a player reads a clock: "1:02:03", "59:58", "12 s"."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from games.armed.tables import lobby
from games.armed.templatetags.armed_time import clock_text


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (3723, "1:02:03"),
        (86400, "24:00:00"),
        (3598, "59:58"),
        (60, "1:00"),
        (59.9, "59 s"),
        (12, "12 s"),
        (0, "0 s"),
        (-5, "0 s"),
    ],
)
def test_the_clock_reads_as_a_player_expects(seconds, shown):
    assert clock_text(seconds) == shown


@pytest.mark.django_db
def test_the_table_draws_the_clock_before_any_script_runs(client, alice, settings):
    table = lobby.quick_game(user=alice)
    table.deadline = table.awaited_since + dt.timedelta(minutes=30)
    table.save(update_fields=["deadline"])
    client.force_login(alice)
    page = client.get(reverse("armed:table", args=[table.pk])).content.decode()
    assert "0h " not in page and "data-countdown=" not in page  # not the shared format
    assert f'data-armed-countdown="{table.deadline.isoformat()}"' in page
    assert ":" in page.split("data-armed-countdown=", 1)[1].split("</span>", 1)[0]
