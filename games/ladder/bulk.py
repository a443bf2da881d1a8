"""Write many rows in a fixed number of statements, without building model instances.

Django's `bulk_update` writes one CASE WHEN per field, whose cost grows with the square
of the rows on PostgreSQL, and `bulk_create` builds a model instance per row; the noon
job writes a few hundred thousand rows at once. On PostgreSQL both go through `COPY`
(psycopg 3's `cursor.copy()`): inserts straight into the table, updates into a temporary
table and then one `UPDATE … FROM` it. On SQLite, the development database, an
`UPDATE … FROM (VALUES …)` per batch that fits its parameter limit, and `bulk_create`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg
from django.db import connection, models
from django.utils import timezone

from goonsite import rows


def fetch_each(statements: Sequence[tuple[str, Sequence[Any]]]) -> Iterator[list[tuple]]:
    """The rows of each statement in turn; each must return rows (a setting: `SELECT
    set_config(…)`, not `SET`). The caller takes every result, in order.

    On PostgreSQL each statement is sent before the rows of the one before are handed
    over, so the server runs it while Python takes those rows in. (Sent all at once in a
    pipeline, the first rows came only once the server had run them all: a 100,000-player
    noon's load waited 0.7 s for its first rows, then spent 0.6 s in Python alone.)"""
    if connection.vendor != "postgresql":
        for sql, params in statements:
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                yield cursor.fetchall()
        return
    connection.ensure_connection()
    raw = connection.connection
    with raw.pipeline() as pipeline:
        previous: tuple[psycopg.Cursor, str, float] | None = None
        for sql, params in statements:
            cursor = psycopg.Cursor(raw)
            start = time.monotonic()
            cursor.execute(sql, params)  # sent: the server runs it from now on
            if previous is not None:
                yield _rows_of(*previous)
            pipeline.sync()  # its rows are in
            previous = (cursor, sql, start)
        if previous is not None:
            yield _rows_of(*previous)


def _rows_of(cursor: psycopg.Cursor, sql: str, start: float) -> list[tuple]:
    with cursor:
        rows = cursor.fetchall()
    _log_query(sql, start)
    return rows


def sql_of(queryset: models.QuerySet) -> tuple[str, Sequence[Any]]:
    """A queryset's SQL and parameters, for `fetch_each`."""
    return queryset.query.sql_with_params()


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
    names = [quote(c.column) for c in columns]
    table = quote(f"bulk_set_{meta.db_table}")
    definition = ", ".join(
        f"{n} {c.db_type(connection)}" for n, c in zip(names, columns, strict=True)
    )
    assignments = ", ".join(f"{n} = v.{n}" for n in names[1:])
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMPORARY TABLE {table} ({definition}) ON COMMIT DROP")
        _copy(cursor, table, columns, rows)
        cursor.execute(f"ANALYZE {table}")  # or the planner guesses its size and may loop
        cursor.execute(
            f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
            f"FROM {table} AS v WHERE t.{names[0]} = v.{names[0]}"
        )
        cursor.execute(f"DROP TABLE {table}")


def insert_rows(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]
) -> None:
    """Insert rows of `fields` values; every other column gets its default (`auto_now_add`:
    now). No model instances, no signals: for the noon job's deals and ledger."""
    meta = model._meta
    given = [meta.get_field(name) for name in fields]
    rest = [f for f in meta.concrete_fields if not f.primary_key and f not in given]
    now = timezone.now()
    defaults = tuple(now if getattr(f, "auto_now_add", False) else f.get_default() for f in rest)
    if connection.vendor != "postgresql":
        attnames = [f.attname for f in given]
        model.objects.bulk_create(
            (model(**dict(zip(attnames, row, strict=True))) for row in rows), batch_size=2000
        )
        return
    rows = list(rows)
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = [*given, *rest]
    with connection.cursor() as cursor:
        _copy(cursor, quote(meta.db_table), columns, (tuple(row) + defaults for row in rows))


# PostgreSQL column types and the psycopg types that write them in COPY's binary format.
# `json` travels as its text, which is also its binary form (jsonb's is not: it has a
# version byte, so jsonb columns are not listed and go the text way).
BINARY_TYPES = {
    "bigint": "int8",
    "integer": "int4",
    "smallint": "int2",
    "boolean": "bool",
    "varchar": "text",
    "text": "text",
    "json": "text",
    "date": "date",
    "timestamp with time zone": "timestamptz",
}


def _copy(
    cursor, table: str, columns: Sequence[models.Field], rows: Iterable[Sequence[Any]]
) -> None:
    """COPY … FROM STDIN through psycopg, logged like any query (so query counts see it).

    In the binary format when every column's type is known: psycopg then writes each row
    with its C dumpers, where the text format looks each value's type up in Python (four
    times slower: 2 s of a 100,000-player noon's 600,000 rows)."""
    types = [BINARY_TYPES.get(c.db_type(connection).split("(")[0]) for c in columns]
    binary = None not in types
    names = ", ".join(connection.ops.quote_name(c.column) for c in columns)
    sql = f"COPY {table} ({names}) FROM STDIN" + (" (FORMAT BINARY)" if binary else "")
    start = time.monotonic()
    with cursor.cursor.copy(sql) as copy:
        if binary:
            copy.set_types(types)
        for row in rows:
            copy.write_row(row)
    _log_query(sql, start)


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
    _execute_bound(
        f"DELETE FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = ANY(%b::bigint[])",
        [list(pks)],
    )


def insert_one(model: type[models.Model], **values: Any) -> models.Model:
    """Insert one row and return it as an instance, without signals (`auto_now_add`: now).

    For a row with a large value: on PostgreSQL its parameters travel apart from the
    statement, in binary, where Django quotes each into the SQL text first (0.3 s for
    the 24 MB Chaos Report of a 100,000-player noon)."""
    instance = model(**values)
    if connection.vendor != "postgresql":
        return rows.insert(instance)[0]
    sql, params = rows.insert_statement(instance, placeholder="%b")
    (pk,) = _execute_bound(sql, params)[0]
    return rows.inserted([instance], [pk])[0]


def _execute_bound(sql: str, params: Sequence[Any]) -> list[tuple]:
    """Run one statement with its parameters bound by the server, logged like any query.

    Django's PostgreSQL cursors bind on the client: every value is quoted into the SQL
    text, in Python, which costs more than the statement for long arrays and documents."""
    connection.ensure_connection()
    start = time.monotonic()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall() if cursor.description else []
    _log_query(sql, start)
    return rows


def _log_query(sql: str, start: float) -> None:
    """Log a statement run on psycopg's own cursor as Django logs its own (query counts,
    `-v 2`'s slowest statements)."""
    if connection.queries_logged:
        connection.queries_log.append({"sql": sql, "time": f"{time.monotonic() - start:.3f}"})
