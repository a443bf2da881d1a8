from django.apps import AppConfig


class ChaosConfig(AppConfig):
    """CHAOS™ (chaos.md): the engine and its playtest; the tables come with a later issue,
    and with them the game's `listing`."""

    name = "games.chaos"
    label = "chaos"
    verbose_name = "CHAOS"
