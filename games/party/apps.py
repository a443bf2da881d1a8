from django.apps import AppConfig


class PartyConfig(AppConfig):
    """The party game (party.md): its pure engine for now; rooms come in a later issue,
    and with them the game's listing on the start page."""

    name = "games.party"
    label = "party"
    verbose_name = "The party game"
