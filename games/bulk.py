"""Set many rows to different values in few queries.

Django's `bulk_update` writes one CASE WHEN per field, whose cost grows with the square
of the rows on PostgreSQL; the noon job updates thousands of players and plays at once.
On PostgreSQL this sends `UPDATE … FROM (VALUES …)` in as few statements as the
parameter limit allows; elsewhere (SQLite) it falls back to `bulk_update`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection, models

PG_MAX_PARAMS = 60_000


def bulk_set(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> int:
    """`rows` are (pk, value for each field…). Returns the number of statements sent."""
    if not rows:
        return 0
    if connection.vendor != "postgresql":
        objs = [model(pk=row[0], **dict(zip(fields, row[1:], strict=True))) for row in rows]
        model.objects.bulk_update(objs, fields, batch_size=500)
        return -(-len(rows) // 500)
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    casts = [f"%s::{c.db_type(connection)}" for c in columns]
    row_sql = "(" + ", ".join(casts) + ")"
    names = ", ".join(connection.ops.quote_name(c.column) for c in columns)
    pk = connection.ops.quote_name(meta.pk.column)
    assignments = ", ".join(
        f"{connection.ops.quote_name(c.column)} = v.{connection.ops.quote_name(c.column)}"
        for c in columns[1:]
    )
    per_batch = max(1, PG_MAX_PARAMS // len(columns))
    statements = 0
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_batch):
            batch = rows[start : start + per_batch]
            sql = (
                f"UPDATE {connection.ops.quote_name(meta.db_table)} AS t SET {assignments} "
                f"FROM (VALUES {', '.join([row_sql] * len(batch))}) AS v({names}) "
                f"WHERE t.{pk} = v.{pk}"
            )
            cursor.execute(sql, [value for row in batch for value in row])
            statements += 1
    return statements
