"""Row locks the ORM does not offer, shared by every game."""

from __future__ import annotations

from django.db import connection, models


def share_lock_status(row: models.Model) -> str:
    """Inside a transaction: `row.status`, read under `FOR SHARE` and set on `row`.

    Many actions may hold the share lock at once; the job that closes the row (a noon, a
    phase boundary) takes `FOR UPDATE`, so it waits for the actions under way and the
    actions after it wait, then see the new status. Django's ORM has no `FOR SHARE`.
    SQLite has no row locks: its IMMEDIATE transactions already run one writer at a time,
    so the status is simply read again.
    """
    if connection.vendor != "postgresql":
        row.refresh_from_db(fields=["status"])
        return row.status
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT status FROM {row._meta.db_table} WHERE id = %s FOR SHARE", [row.pk])
        (status,) = cursor.fetchone()
    row.status = status
    return status
