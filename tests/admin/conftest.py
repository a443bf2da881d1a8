from tests.games.conftest import alice_player, bob_player, entries, now, season  # noqa: F401
