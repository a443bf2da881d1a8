"""The walls of tests/test_boundaries.py find the armed app and its pure engine on their
own: the app is a game app, its engine imports only the standard library, itself and the
engines' kit, uses no clock and no global random state, and it imports no other game."""

from tests.test_boundaries import GAMES, cross_game_imports, engine_violations, game_apps


def test_the_armed_app_is_among_the_games_checked():
    assert "armed" in [app.name for app in game_apps(GAMES)]
    assert (GAMES / "armed" / "engine" / "stream.py").exists()


def test_the_armed_engine_is_pure():
    assert [v for v in engine_violations(GAMES) if v.startswith("games/armed/")] == []


def test_the_armed_app_imports_no_other_game():
    assert [v for v in cross_game_imports(GAMES) if v.startswith("games/armed/")] == []


def test_the_app_is_listed_for_the_shell():
    """The web tables (A12) are the app's listing: the shell finds the game through it."""
    from django.apps import apps
    from django.urls import reverse

    config = apps.get_app_config("armed")
    assert config.name == "games.armed"
    assert config.listing.url_name == "armed:home"
    assert reverse(config.listing.url_name) == "/armed/"
