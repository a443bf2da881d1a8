from django.apps import AppConfig

from goonsite.games import GameListing


class HallConfig(AppConfig):
    name = "games.hall"
    label = "hall"
    verbose_name = "The Gilded Hall"
    listing = GameListing(
        name="The Gilded Hall",
        emoji="🎰",
        url_name="hall:home",
        nav_name="Gilded Hall",
        url_prefix="hall/",
        admin_panel="hall/admin_panel.html",
        blurb=(
            "Collect holographic cards, gift them, shop with Vertebrae and race to 25 Chips. "
            "Vote on proposals that change the rules, and elect the Judge."
        ),
    )
