"""The Hall's test fixtures and fixed times: the one module tests import them from.

Loaded for the whole suite by `pytest_plugins` in tests/conftest.py.
"""

import datetime as dt
import random

import pytest
import time_machine

from games.hall.models import Card, Cycle, Player, Reputable
from games.hall.services import ledger
from games.hall.services.admin import create_cycle
from games.hall.services.inventory import add_cards, change
from games.hall.services.players import join
from goonsite.clock import CENTRAL

# Cycle 16 starts on Tuesday Dec 1 2026 at noon Central; phases last one day.
START = dt.datetime(2026, 12, 1, 12, 0, tzinfo=CENTRAL)
BEFORE_START = dt.datetime(2026, 11, 30, 9, 0, tzinfo=CENTRAL)


def at(day: int, hour: int = 15, minute: int = 0, second: int = 0, micro: int = 0):
    """A moment in phase `day` of a one-day-phase cycle: Dec (day) at `hour` Central."""
    base = START + dt.timedelta(days=day - 1)
    return base.replace(hour=hour, minute=minute, second=second, microsecond=micro)


def phase_end(day: int) -> dt.datetime:
    return START + dt.timedelta(days=day)


@pytest.fixture
def fixed_dice(monkeypatch):
    """Every seed the Hall draws (kits, gifts, packs, games) comes from one seeded
    generator, so a test that plays with whatever the rolls gave is the same every run."""

    def use(seed: int) -> None:
        monkeypatch.setattr("games.hall.rolls.dice", random.Random(seed))

    return use


@pytest.fixture
def cycle(db, admin_user) -> Cycle:
    return create_cycle(actor=admin_user, name="Cycle 16", starts_at=START, now=BEFORE_START)


def joined(user, cycle: Cycle) -> Player:
    player, _ = join(user=user, now=BEFORE_START)
    return Player.objects.select_related("user", "cycle").get(pk=player.pk)


@pytest.fixture
def ann(alice, cycle) -> Player:
    return joined(alice, cycle)


@pytest.fixture
def bo(bob, cycle) -> Player:
    return joined(bob, cycle)


@pytest.fixture
def cy(charlie, cycle) -> Player:
    return joined(charlie, cycle)


def grant(player: Player, *cards: str, vertebrae: int = 0, chips: int = 0) -> list[Card]:
    """Items straight into an inventory, booked in the ledger as an admin grant."""
    player = Player.objects.get(pk=player.pk)
    change(player, vertebrae=vertebrae, chips=chips, reason="admin", ref="test", phase=0)
    return add_cards(player, list(cards), "admin", "test", 0)


def reputable(user) -> None:
    Reputable.objects.get_or_create(user=user)


def fresh(player: Player) -> Player:
    return Player.objects.select_related("user").get(pk=player.pk)


def balanced(*players: Player) -> None:
    for p in players:
        assert ledger.unexplained(p) == [], p


@pytest.fixture
def in_phase_one():
    """The clock stands in phase 1 (and ticks on), for views and the admin."""
    with time_machine.travel(at(1), tick=True):
        yield


@pytest.fixture
def ann_client(client, ann):
    client.force_login(ann.user)
    return client
