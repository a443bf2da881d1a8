"""A move costs the same queries whatever the game's length (the stored actions are one
row's column): 1 prior action or 50, the same count."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.armed.tables import lobby, moves
from tests.armed.tables.helpers import at, play_default, reseed

pytestmark = pytest.mark.django_db
KEEPS_EVERY_BIT = "*BAWK"  # a pose, a shout and a cluck at once (A8.1)


def queries_of_a_move_after(alice, prior: int) -> tuple[int, int]:
    table = reseed(lobby.quick_game(user=alice, size=6, policy="sharp", now=at(0)), 7)
    for n in range(prior):
        moves.say(user=alice, game_id=table.pk, text=KEEPS_EVERY_BIT, now=at(n / 100))
    with CaptureQueriesContext(connection) as said:
        moves.say(user=alice, game_id=table.pk, text=KEEPS_EVERY_BIT, now=at(1))
    with CaptureQueriesContext(connection) as answered:
        play_default(table, {1: alice}, at(2))
    return len(said), len(answered)


def test_a_move_costs_the_same_queries_after_1_and_50_prior_moves(alice):
    early = queries_of_a_move_after(alice, 1)
    late = queries_of_a_move_after(alice, 50)
    assert early == late
    assert early[0] <= 8 and early[1] <= 12


def test_a_move_reads_nothing_before_the_table_lock(alice):
    """The passed deadline is checked under the lock: no query of its own before it."""
    table = reseed(lobby.quick_game(user=alice, size=6, policy="sharp", now=at(0)), 7)
    with CaptureQueriesContext(connection) as answered:
        play_default(table, {1: alice}, at(2))  # its own read of the awaited decision first
    sql = [q["sql"] for q in answered.captured_queries]
    sql = [q for q in sql if not q.startswith(("SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"))]
    assert not [q for q in sql if '"deadline" <=' in q]  # no separate look for a passed one
    assert len(sql) == 4  # the read above; the table and its seats locked; the save
