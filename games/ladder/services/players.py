"""A gooner's place in a season."""

from __future__ import annotations

from functools import cache

from django.db import IntegrityError, connection, transaction

from goonsite import rows
from goonsite.refusal import Refusal

from ..models import GameDay, PlayerSeason, Season
from ..selectors import active_season


def current_season() -> Season:
    season = active_season()
    if season is None:
        raise Refusal("There is no active season right now. Check back when the next one starts.")
    return season


def join_season(user, season: Season) -> PlayerSeason:
    """The player's row for the season, created on first sight (safe under parallel requests)."""
    player = find_player(season, user)
    if player is None:
        try:
            with transaction.atomic():
                player = PlayerSeason.objects.create(season=season, user=user)
        except IntegrityError:
            player = PlayerSeason.objects.get(season=season, user=user)
    player.season = season
    return player


def lock_player(user, season: Season) -> PlayerSeason:
    """Inside a transaction: the player's row, locked so their own actions run one at a time.
    One query for a player who has joined (every player's first board joins them)."""
    player = find_player(season, user, lock=True)
    if player is None:
        join_season(user, season)
        player = find_player(season, user, lock=True)
    player.season = season
    return player


def lock_day_and_player(day: GameDay, season: Season, user) -> tuple[str, PlayerSeason] | None:
    """Inside a transaction: the day's status under a share lock, then the player's row
    under FOR UPDATE, in one statement; None before the player joins (nothing is locked
    then). See days.lock_open_day_and_player."""
    sql = _select_player_with_day()
    if connection.vendor == "postgresql":  # SQLite: no row locks (goonsite.locks)
        sql += " FOR SHARE OF d FOR UPDATE OF p"
    found = rows.fetch(PlayerSeason, sql, [day.pk, season.pk, user.pk])
    if not found:
        return None
    player, (status,) = found[0]
    player.season = season
    return status, player


@cache
def _select_player_with_day() -> str:
    days = connection.ops.quote_name(GameDay._meta.db_table)
    return (
        rows.select(PlayerSeason, "p", "d.status")
        + f" JOIN {days} AS d ON d.id = %s WHERE p.season_id = %s AND p.user_id = %s"
    )


@cache
def _select_player() -> str:
    return rows.select(PlayerSeason, "p") + " WHERE p.season_id = %s AND p.user_id = %s"


def find_player(season: Season, user, *, lock: bool = False) -> PlayerSeason | None:
    """The player's row, or None before they join; `lock`: FOR UPDATE, inside a
    transaction. Written out (goonsite.rows): every page finds the player and every vote,
    play and opening locks them, and Django spent 0.4-1 ms of CPU building this one
    statement, more than sending it."""
    sql = _select_player()
    # SQLite has no row locks: its transactions take the whole database (settings.py).
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = rows.fetch(PlayerSeason, sql, [season.pk, user.pk])
    return found[0][0] if found else None  # one player per season and user
