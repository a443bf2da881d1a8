"""The room noon's rewrites need on each page (migrations 0008 and 0009): with it,
PostgreSQL writes each play's outcome and each voter's total beside the old row and
touches no index. Without it, on tables packed as a long-lived table's are
(VACUUM FULL), bench_noon's 100,000-player day took 5.7-6.4 s where it takes 4.9-5.3 s
(plays with 0007's 60% and players with its 70%, four runs each, alternating)."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def fillfactor(table: str) -> int | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [table])
        (options,) = cursor.fetchone()
    settings = dict(option.split("=") for option in options or [])
    return int(settings["fillfactor"]) if "fillfactor" in settings else None


def test_noon_rewritten_tables_leave_room_on_each_page():
    assert fillfactor("ladder_play") == 40  # every play rewritten, and larger than it was
    assert fillfactor("ladder_playerseason") == 50  # every voter's total
    # Votes are no longer rewritten (their landings are rows of their own, 0013): full pages.
    assert fillfactor("ladder_vote") is None
