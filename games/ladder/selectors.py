"""Reads that are more than a filter."""

from __future__ import annotations

from functools import cache

from django.db import connection

from goonsite import rows

from .engine import CONTESTANT_FIELDS, Contestant
from .models import Contestant as ContestantRow
from .models import LadderEntry, Season, Vote


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
    return _select_entry() + " WHERE e.season_id = %s AND e.id = %s"


def _select_entry(*extra: str) -> str:
    contestants = connection.ops.quote_name(ContestantRow._meta.db_table)
    return (
        rows.select(LadderEntry, "e", "c.name", *extra)
        + f" JOIN {contestants} AS c ON c.id = e.contestant_id"
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
    return _named(found[0]) if found else None


@cache
def _entry_and_votes_sql() -> str:
    votes = connection.ops.quote_name(Vote._meta.db_table)
    return (
        _select_entry("v.entry_id")
        + f" LEFT JOIN {votes} AS v ON v.day_id = %s AND v.player_id = %s"
        + " WHERE e.season_id = %s AND e.id = %s"
    )


def entry_and_votes(
    season_id: int, entry_id: int, day_id: int, player_id: int
) -> tuple[LadderEntry | None, list[int]]:
    """`entry_in_season`, and the entries the player has voted on in the day, in one
    statement (a vote needs both, after its player is locked); no votes read when there is
    no such entry."""
    if not 0 < entry_id <= MAX_ID:
        return None, []
    params = [day_id, player_id, season_id, entry_id]
    found = rows.fetch(LadderEntry, _entry_and_votes_sql(), params)
    if not found:
        return None, []
    return _named(found[0]), [voted for _, (_, voted) in found if voted is not None]


def _named(found: tuple[LadderEntry, tuple]) -> LadderEntry:
    """The entry with its contestant, of whom the statement read the name first."""
    entry, (name, *_) = found
    entry.contestant = ContestantRow.from_db(
        connection.alias, ["id", "name"], [entry.contestant_id, name]
    )
    return entry
