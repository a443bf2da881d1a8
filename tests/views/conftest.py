import pytest

from tests.games.conftest import alice_player, bob_player, entries, now, season  # noqa: F401

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client
