from django.apps import AppConfig

from goonsite.games import GameListing


class LadderConfig(AppConfig):
    name = "games.ladder"
    label = "ladder"
    verbose_name = "Gooner Ladder"

    def ready(self) -> None:
        from goonsite.outbox.makers import register

        from . import live, signals
        from .services.discord import GAME, KIND, report_posts

        signals.connect()
        live.connect()
        register(GAME, KIND, report_posts)

    @property
    def health_checks(self) -> dict:
        from .health import noon_on_time

        return {"noon": noon_on_time}

    listing = GameListing(
        name="Gooner Ladder",
        emoji="🪜",
        url_name="ladder:board",
        nav_name="Ladder",
        # The ladder keeps the addresses it had before there were other games (its board at
        # the root): players' bookmarks and the report links posted to Discord still work.
        url_prefix="",
        admin_panel="ladder/admin_panel.html",
        blurb=(
            "Vote on the roster all day and play hidden cards face down. At noon Central "
            "everything lands at once and the Chaos Report tells what happened."
        ),
    )
