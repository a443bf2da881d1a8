"""`bulk.fetch_each`, the noon load's reads: every statement's rows, in order, and on
PostgreSQL each statement sent before the rows of the one before are handed over, but
not sooner, so the server runs it while Python takes those rows in."""

from __future__ import annotations

import time

import psycopg
import pytest
from django.db import connection

from games.ladder.bulk import fetch_each

STATEMENTS = [
    ("SELECT 1 AS first_statement", []),
    ("SELECT %s AS second_statement UNION ALL SELECT %s", [2, 3]),
    ("SELECT 'third' AS third_statement", []),
]
ROWS = [[(1,)], [(2,), (3,)], [("third",)]]


@pytest.mark.django_db
def test_each_statements_rows_come_in_order():
    assert list(fetch_each(STATEMENTS)) == ROWS


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_next_statement_runs_while_the_rows_before_it_are_taken_in():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    params = connection.get_connection_params()
    seen = []
    with psycopg.connect(**params, autocommit=True) as watcher:

        def last_sent() -> str:
            # What the noon's connection was last given, as the server saw it.
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                (query,) = watcher.execute(
                    "SELECT query FROM pg_stat_activity WHERE pid = %s", [pid]
                ).fetchone()
                if "first_statement" not in query:
                    return query
                time.sleep(0.01)
            return query

        for rows in fetch_each(STATEMENTS):
            seen.append((rows, last_sent()))
    # The first statement's rows arrive once the second was sent, and before the third:
    # sent all at once, the first rows came only after the server had run every one.
    assert "second_statement" in seen[0][1]
    assert "third_statement" in seen[1][1]
    assert [rows for rows, _ in seen] == ROWS
