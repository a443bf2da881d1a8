"""Set many rows to different values in one query.

Django's `bulk_update` writes one CASE WHEN per field, whose cost grows with the square
of the rows on PostgreSQL, and the noon job updates thousands of players and plays at
once. On PostgreSQL this sends one `UPDATE … FROM UNNEST(arrays)` (the trick Django's own
`bulk_create` uses there), one parameter per column whatever the number of rows; on
SQLite an `UPDATE … FROM (VALUES …)` per batch that fits its parameter limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection, models


def bulk_set(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """`rows` are (pk, value for each field…)."""
    if not rows:
        return
    meta = model._meta
    if connection.vendor == "sqlite":
        _sqlite_set(model, fields, rows)
        return
    if connection.vendor != "postgresql":
        attnames = [meta.get_field(name).attname for name in fields]
        objs = [model(pk=row[0], **dict(zip(attnames, row[1:], strict=True))) for row in rows]
        model.objects.bulk_update(objs, fields, batch_size=500)
        return
    quote = connection.ops.quote_name
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    arrays = ", ".join(f"%s::{c.db_type(connection)}[]" for c in columns)
    names = ", ".join(quote(c.column) for c in columns)
    assignments = ", ".join(f"{quote(c.column)} = v.{quote(c.column)}" for c in columns[1:])
    pk = quote(meta.pk.column)
    sql = (
        f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
        f"FROM UNNEST({arrays}) AS v({names}) WHERE t.{pk} = v.{pk}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [list(column) for column in zip(*rows, strict=True)])


SQLITE_MAX_PARAMS = 32_000


def _sqlite_set(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    meta = model._meta
    quote = connection.ops.quote_name
    columns = [meta.get_field(name).column for name in fields]
    # VALUES names its columns column1, column2, …: the pk is column1.
    assignments = ", ".join(f"{quote(c)} = v.column{n}" for n, c in enumerate(columns, start=2))
    row_sql = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    per_batch = SQLITE_MAX_PARAMS // (len(columns) + 1)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_batch):
            batch = rows[start : start + per_batch]
            cursor.execute(
                f"UPDATE {quote(meta.db_table)} SET {assignments} "
                f"FROM (VALUES {', '.join([row_sql] * len(batch))}) AS v "
                f"WHERE {quote(meta.db_table)}.{quote(meta.pk.column)} = v.column1",
                [value for row in batch for value in row],
            )


def delete_pks(model: type[models.Model], pks: Sequence[int]) -> None:
    """Delete rows by primary key: one `= ANY(array)` on PostgreSQL, whatever their number.

    Only for models nothing else points at (no cascades to collect)."""
    if not pks:
        return
    if connection.vendor != "postgresql":
        for start in range(0, len(pks), 500):
            model.objects.filter(pk__in=pks[start : start + 500]).delete()
        return
    quote = connection.ops.quote_name
    meta = model._meta
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = ANY(%s::bigint[])",
            [list(pks)],
        )
