"""A gooner's place in a season."""

from __future__ import annotations

from functools import cache

from django.db import IntegrityError, connection, transaction

from goonsite import rows
from goonsite.refusal import Refusal

from ..models import PlayerSeason, Season
from ..selectors import active_season


def current_season() -> Season:
    season = active_season()
    if season is None:
        raise Refusal("There is no active season right now. Check back when the next one starts.")
    return season


def join_season(user, season: Season) -> PlayerSeason:
    """The player's row for the season, created on first sight (safe under parallel requests)."""
    player = PlayerSeason.objects.filter(season=season, user=user).first()
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
    player = _locked(season, user)
    if player is None:
        join_season(user, season)
        player = _locked(season, user)
    player.season = season
    return player


@cache
def _select_player() -> str:
    # Written out (goonsite.rows): every vote, play and opening locks the player, and
    # Django spent 0.4 ms of CPU building this one statement, as much as sending it.
    return rows.select(PlayerSeason, "p") + " WHERE p.season_id = %s AND p.user_id = %s"


def _locked(season: Season, user) -> PlayerSeason | None:
    # SQLite has no row locks: its transactions take the whole database (settings.py).
    sql = _select_player()
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = rows.fetch(PlayerSeason, sql, [season.pk, user.pk])
    return found[0][0] if found else None  # one player per season and user
