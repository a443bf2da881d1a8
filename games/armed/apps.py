from django.apps import AppConfig

from goonsite.games import GameListing


class ArmedConfig(AppConfig):
    """So You've Armed Yourself (armed.md): the engine and its bots in `engine/`, the web
    tables (A12) on the kit in `tables/`."""

    name = "games.armed"
    label = "armed"
    verbose_name = "So You've Armed Yourself"
    listing = GameListing(
        name="So You've Armed Yourself",
        emoji="🔫",
        url_name="armed:home",
        nav_name="Armed",
        url_prefix="armed/",
        admin_panel="armed/admin_panel.html",
        profile_record="games.armed.records.profile_record",
        profile_template="armed/profile_record.html",
        blurb=(
            "Pick your table, point a ridiculous space gun at everyone and make them DO "
            "things: comply or grit your teeth. First goon to 5 Loot wins."
        ),
    )
