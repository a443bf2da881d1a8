from django.apps import AppConfig


class ArmedConfig(AppConfig):
    """So You've Armed Yourself (armed.md). The engine and its bots live in `engine/`;
    the web tables are a later issue, so the game has no `listing` yet."""

    name = "games.armed"
    label = "armed"
    verbose_name = "So You've Armed Yourself"
