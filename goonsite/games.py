"""The site's list of games: each game app's AppConfig declares its listing; none is named here."""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps


@dataclass(frozen=True)
class GameListing:
    name: str
    emoji: str
    url_name: str  # where a player starts: the game's own page
    blurb: str
    live: bool = True


def listed_games() -> list[GameListing]:
    return [config.listing for config in apps.get_app_configs() if hasattr(config, "listing")]
