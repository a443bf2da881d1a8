"""The site's list of games: each game app's AppConfig declares its listing; none is named here.

The shell (the header, the site home, the admin's index) shows the games from this list
only, so adding a game is adding its app, and removing one leaves no link behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import URLResolver, include, path, reverse
from django.utils.module_loading import import_string

LAST_GAME_COOKIE = "last_game"
A_YEAR = 365 * 24 * 3600


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
    # The player's record on their profile: `profile_record` names a function (dotted
    # path) of the user returning the context for `profile_template`, or None to show
    # nothing (a player who never played it).
    profile_record: str = ""
    profile_template: str = ""

    @property
    def short_name(self) -> str:
        return self.nav_name or self.name


def profile_sections(request: HttpRequest) -> list[tuple[GameListing, str]]:
    """Each listed game's record of the signed-in player, rendered, for their profile."""
    sections = []
    for listing in listed_games():
        if not listing.profile_record:
            continue
        context = import_string(listing.profile_record)(request.user)
        if context is not None:
            html = render_to_string(listing.profile_template, context, request=request)
            sections.append((listing, html))
    return sections


def listed_games() -> list[GameListing]:
    return [config.listing for config in apps.get_app_configs() if hasattr(config, "listing")]


def listed_by_label() -> dict[str, GameListing]:
    return {c.label: c.listing for c in apps.get_app_configs() if hasattr(c, "listing")}


def landing_url(request: HttpRequest) -> str:
    """Where a log-in lands: the game this browser last opened, else the games list."""
    listing = listed_by_label().get(request.COOKIES.get(LAST_GAME_COOKIE, ""))
    return reverse(listing.url_name) if listing else reverse(settings.LOGIN_REDIRECT_URL)


class LastGameMiddleware:
    """Remembers in a cookie of this browser (kept across log-outs) the game whose page it
    last opened, read back by `landing_url`; a game's URL namespace is its app label."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        game = match.namespaces[0] if match and match.namespaces else ""
        if (
            request.method == "GET"
            and response.status_code == 200
            and game in listed_by_label()
            and request.COOKIES.get(LAST_GAME_COOKIE) != game
        ):
            response.set_cookie(
                LAST_GAME_COOKIE,
                game,
                max_age=A_YEAR,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


def game_urls() -> list[URLResolver]:
    """Each listed game's own URLs under its prefix; a game at the root goes last, so its
    patterns never shadow another game's."""
    configs = [config for config in apps.get_app_configs() if hasattr(config, "listing")]
    configs.sort(key=lambda config: config.listing.url_prefix == "")
    return [path(c.listing.url_prefix, include(f"{c.name}.urls")) for c in configs]


def games(request: HttpRequest) -> dict:
    """Context processor: every page's header lists the games."""
    return {"listed_games": listed_games()}
