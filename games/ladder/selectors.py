"""Reads that are more than a filter."""

from __future__ import annotations

from functools import cache

from django.db import connection

from goonsite import rows

from .engine import CONTESTANT_FIELDS, Contestant
from .models import Contestant as ContestantRow
from .models import LadderEntry, Season


def active_season() -> Season | None:
    return Season.objects.filter(is_active=True).first()


def as_engine_contestant(entry: LadderEntry) -> Contestant:
    """The entry as the engine sees it; its columns are named after the engine's fields."""
    return Contestant(
        id=str(entry.pk), **{name: getattr(entry, name) for name in CONTESTANT_FIELDS[1:]}
    )


MAX_ID = 2**63 - 1  # the largest key a bigint holds


@cache
def _entry_sql() -> str:
    contestants = connection.ops.quote_name(ContestantRow._meta.db_table)
    return (
        rows.select(LadderEntry, "e", "c.name")
        + f" JOIN {contestants} AS c ON c.id = e.contestant_id"
        + " WHERE e.season_id = %s AND e.id = %s"
    )


def entry_in_season(season_id: int, entry_id: int, *, lock: bool = False) -> LadderEntry | None:
    """The season's entry with its contestant's name (what `str(entry)` shows), in one
    statement written out (goonsite.rows): every vote and card reads it. `lock`: FOR
    UPDATE of the entry alone, not of the contestant that other seasons share."""
    if not 0 < entry_id <= MAX_ID:  # no such row; and past a 64-bit column, the driver refuses
        return None
    sql = _entry_sql()
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE OF e"
    found = rows.fetch(LadderEntry, sql, [season_id, entry_id])
    if not found:
        return None
    entry, (name,) = found[0]
    entry.contestant = ContestantRow.from_db(
        connection.alias, ["id", "name"], [entry.contestant_id, name]
    )
    return entry
