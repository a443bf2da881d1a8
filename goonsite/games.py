"""The site's list of games: each game app's AppConfig declares its listing; none is named here.

The shell (the header, the site home, the admin's index) shows the games from this list
only, so adding a game is adding its app, and removing one leaves no link behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.http import HttpRequest
from django.urls import URLResolver, include, path


@dataclass(frozen=True)
class GameListing:
    name: str
    emoji: str
    url_name: str  # where a player starts: the game's own page
    blurb: str
    live: bool = True
    nav_name: str = ""  # the header's short name; the full name when empty
    url_prefix: str = ""  # where the game's own urls.py is mounted ("" = the site's root)
    admin_panel: str = ""  # a template shown on the admin's index: the game's tools at a glance

    @property
    def short_name(self) -> str:
        return self.nav_name or self.name


def listed_games() -> list[GameListing]:
    return [config.listing for config in apps.get_app_configs() if hasattr(config, "listing")]


def game_urls() -> list[URLResolver]:
    """Each listed game's own URLs under its prefix; a game at the root goes last, so its
    patterns never shadow another game's."""
    configs = [config for config in apps.get_app_configs() if hasattr(config, "listing")]
    configs.sort(key=lambda config: config.listing.url_prefix == "")
    return [path(c.listing.url_prefix, include(f"{c.name}.urls")) for c in configs]


def games(request: HttpRequest) -> dict:
    """Context processor: every page's header lists the games."""
    return {"listed_games": listed_games()}
