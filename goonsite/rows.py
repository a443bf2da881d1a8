"""Read and insert a few rows by SQL built once per model, not once per statement.

On the actions every player sends all day (a vote, a card, a pack) Django's ORM spent
more CPU building each statement than the database spent running it: on this project's
2-core machine, 1.2 ms to build the read of a contestant with its name against 0.07 ms
for the same statement written out, and 0.7 ms for a read of a player's votes
(`bench_actions`, and the README's "An action's cost"). These helpers keep the models as
the one description of the tables: the column lists come from `_meta`, so a new field
changes the SQL with it.

Nothing here sends signals: a caller that needs one (a cache to bump) does it itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connection, models


@cache
def _columns(model: type[models.Model], alias: str) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


def select[M: models.Model](model: type[M], alias: str = "t", *extra: str) -> str:
    """`SELECT <every column, in the model's order>, <extra…> FROM <table> AS <alias>`:
    finish it with joins, a WHERE and any lock, and read its rows with `fetch`."""
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join([_columns(model, alias), *extra])
    return f"SELECT {columns} FROM {table} AS {alias}"


def fetch[M: models.Model](
    model: type[M], sql: str, params: Sequence[Any]
) -> list[tuple[M, tuple]]:
    """The rows of `sql` (built on `select(model)`) as instances, each with the values of
    the extra columns selected after the model's own."""
    fields = len(model._meta.concrete_fields)
    names = [f.attname for f in model._meta.concrete_fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    converters = _converters(model, connection.vendor)
    found = []
    for row in rows:
        values = [
            convert(value) if convert and value is not None else value
            for value, convert in zip(row[:fields], converters, strict=True)
        ]
        found.append((model.from_db(connection.alias, names, values), tuple(row[fields:])))
    return found


@cache
def _converters(model: type[models.Model], vendor: str) -> list:
    """What turns each column's value as the driver gives it into the field's Python value,
    where the backend needs that (SQLite's booleans and dates, a JSON column)."""
    out = []
    for field in model._meta.concrete_fields:
        expression = field.get_col(model._meta.db_table)
        found = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
        if not found:
            out.append(None)
            continue

        def convert(value, found=found, expression=expression):
            for converter in found:
                value = converter(value, expression, connection)  # this thread's
            return value

        out.append(convert)
    return out


@cache
def _insert_sql(
    model: type[models.Model],
    vendor: str,
    rows: int,
    placeholder: str,
    source: str | None,
    key_from: str | None = None,
    conflict: str = "",
) -> str:
    meta = model._meta
    quote = connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    values = ", ".join(f"{source}.id" if f.attname == key_from else placeholder for f in fields)
    if source is None:
        rows_sql = "VALUES " + ", ".join([f"({values})"] * rows)
    else:
        rows_sql = f"SELECT {values} FROM {source}"
    return (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"{rows_sql}{conflict} RETURNING {quote(meta.pk.column)}"
    )


def insert_statement(
    *instances: models.Model,
    placeholder: str = "%s",
    source: str | None = None,
    key_from: str | None = None,
    or_nothing: bool = False,
) -> tuple[str, list]:
    """The one INSERT of new instances of one model, RETURNING their keys in order, and its
    parameters (`auto_now_add` fields get now, as a save would). `placeholder="%b"` is for
    a statement bound on the server (games.ladder.bulk). `source`: a name a WITH defined;
    the one instance is then inserted once for each of its rows (once or not at all), and
    `key_from` names the field (its attname: `owner_id`) that takes that row's `id`.
    `or_nothing`: a row that would break a unique constraint is left out (ON CONFLICT DO
    NOTHING), and its key is not returned."""
    model = type(instances[0])
    if source is not None and len(instances) != 1:
        raise ValueError("an insert from a source is of one instance")
    if key_from is not None and source is None:
        raise ValueError("key_from takes the id of a source's row: name the source")
    fields = [f for f in model._meta.concrete_fields if not f.primary_key and f.attname != key_from]
    params = []
    for instance in instances:
        for field in fields:
            value = field.pre_save(instance, add=True)
            params.append(field.get_db_prep_save(value, connection))
    conflict = " ON CONFLICT DO NOTHING" if or_nothing else ""
    sql = _insert_sql(
        model, connection.vendor, len(instances), placeholder, source, key_from, conflict
    )
    return sql, params


def inserted[M: models.Model](instances: Sequence[M], keys: Sequence[Any]) -> Sequence[M]:
    """Mark instances as stored under the keys their INSERT returned."""
    for instance, pk in zip(instances, keys, strict=True):
        instance.pk = pk
        instance._state.adding, instance._state.db = False, connection.alias
    return instances


def insert[M: models.Model](*instances: M) -> Sequence[M]:
    """Insert new instances of one model in one statement and set their primary keys
    (`auto_now_add` fields get now, as a save would). No signals."""
    if not instances:
        return instances
    return inserted(instances, returned_keys(*insert_statement(*instances)))


def returned_keys(sql: str, params: Sequence[Any]) -> list[Any]:
    """Run an INSERT made by `insert_statement` (alone or at the end of a WITH): the keys
    it returned, in the order VALUES listed its rows (bulk_create relies on it too)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [pk for (pk,) in cursor.fetchall()]


def insert_with[M: models.Model](instances: Sequence[M], *others: models.Model) -> Sequence[M]:
    """`insert(*instances)`, and `others`, new instances of one other model, inserted in the
    same statement on PostgreSQL (a data-modifying WITH); the keys of `instances` are set,
    not those of `others`. On SQLite, whose WITH only reads, two statements."""
    if not others or connection.vendor != "postgresql":
        insert(*others)
        return insert(*instances)
    with_sql, with_params = insert_statement(*others)
    sql, params = insert_statement(*instances)
    keys = returned_keys(f"WITH also AS ({with_sql}) {sql}", [*with_params, *params])
    return inserted(instances, keys)
