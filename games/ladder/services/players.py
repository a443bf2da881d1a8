"""A gooner's place in a season."""

from __future__ import annotations

from django.db import IntegrityError, transaction

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
    player = PlayerSeason.objects.select_for_update().filter(season=season, user=user).first()
    if player is None:
        join_season(user, season)
        player = PlayerSeason.objects.select_for_update().get(season=season, user=user)
    player.season = season
    return player
