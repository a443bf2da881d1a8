import random

import pytest

from accounts.models import User
from goonsite.tables import seeds

pytest_plugins = ["tests.ladder.fixtures", "tests.hall.fixtures", "tests.browser.asgi"]


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def tables_dealt_the_same_every_run(request, monkeypatch):
    """A table's seed drawn in a test comes from the test's own name: a game that ends
    early or deals the human no turn does so on every run, never one run in 600."""
    monkeypatch.setattr(seeds, "dice", random.Random(request.node.nodeid))


def make_user(username: str, **extra) -> User:
    return User.objects.create_user(
        username=username, password="correct-horse-battery", display_name=username.title(), **extra
    )


@pytest.fixture
def alice(db) -> User:
    """The actor."""
    return make_user("alice")


@pytest.fixture
def bob(db) -> User:
    """Another player."""
    return make_user("bob")


@pytest.fixture
def charlie(db) -> User:
    """An outsider."""
    return make_user("charlie")


@pytest.fixture
def admin_user(db) -> User:
    return make_user("tc", is_staff=True, is_superuser=True)


def pytest_collection_modifyitems(config, items):
    """Race tests need real row locks: they run on PostgreSQL and are skipped on SQLite."""
    from django.db import connection

    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL=postgres://…")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)
