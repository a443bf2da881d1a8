"""The party game is one of the games the walls check, and its engine is pure."""

from tests.test_boundaries import GAMES, engine_violations, game_apps


def test_the_party_game_is_among_the_games_checked():
    assert "party" in [app.name for app in game_apps(GAMES)]
    assert (GAMES / "party" / "engine" / "gates.py").exists()


def test_the_party_engine_is_pure():
    assert [v for v in engine_violations(GAMES) if v.startswith("games/party/")] == []
