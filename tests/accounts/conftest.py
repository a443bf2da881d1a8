import pytest

DISCORD = {
    "DISCORD_CLIENT_ID": "1234567890",
    "DISCORD_CLIENT_SECRET": "not-a-real-secret",
    "SOCIALACCOUNT_PROVIDERS": {
        "discord": {
            "APPS": [{"client_id": "1234567890", "secret": "not-a-real-secret", "key": ""}],
            "SCOPE": ["identify"],
        }
    },
}


@pytest.fixture
def discord_on(settings):
    """Sign in with Discord configured, as the environment would (README: Discord)."""
    for name, value in DISCORD.items():
        setattr(settings, name, value)
    return settings
