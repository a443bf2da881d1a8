"""The CHAOS app stands among the games on its own: tests/test_boundaries.py finds it and
its engine is pure (standard library only, no clock, no global random)."""

import shutil
from pathlib import Path

from tests.test_boundaries import GAMES, cross_game_imports, engine_violations, game_apps


def test_the_boundary_walls_find_the_chaos_app():
    assert "chaos" in [app.name for app in game_apps(GAMES)]
    assert (GAMES / "chaos" / "engine" / "game.py").exists()


def test_the_chaos_engine_is_pure_on_its_own(tmp_path: Path):
    games = tmp_path / "games"
    games.mkdir()
    (games / "__init__.py").touch()
    shutil.copytree(GAMES / "chaos", games / "chaos", ignore=shutil.ignore_patterns("__pycache__"))
    assert [app.name for app in game_apps(games)] == ["chaos"]
    assert engine_violations(games) == []


def test_no_other_game_is_imported_by_chaos():
    assert [found for found in cross_game_imports(GAMES) if found.startswith("games/chaos/")] == []


def test_the_card_data_ships_inside_the_engine_package():
    data = GAMES / "chaos" / "engine" / "chaos-cards.json"
    assert data.exists()
    spec = GAMES.parent.parent / "shared" / "spec" / "chaos-cards.json"
    if spec.exists():
        assert data.read_text() == spec.read_text()
