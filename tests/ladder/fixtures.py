"""The ladder's test fixtures, helpers and fixed times: the one module tests import them from.

Loaded for the whole suite by `pytest_plugins` in tests/conftest.py.
"""

import datetime as dt

import pytest
import time_machine

from games.ladder import board_cache
from games.ladder.clock import CENTRAL
from games.ladder.models import Contestant, HeldCard, LadderEntry, PlayerSeason, Season, Source
from games.ladder.services import ledger
from games.ladder.services.players import join_season

# Monday Dec 7 2026, 3 pm Central: the open day closes at Tuesday Dec 8's noon.
MONDAY_AFTERNOON = dt.datetime(2026, 12, 7, 15, 0, tzinfo=CENTRAL)
TUESDAY = dt.date(2026, 12, 8)
TUESDAY_NOON = dt.datetime(2026, 12, 8, 12, 0, 5, tzinfo=CENTRAL)
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def now():
    """Monday afternoon. The clock stands there too (and ticks on), so what a test passes
    to the services as `now` and what views and admin powers read from the clock agree."""
    with time_machine.travel(MONDAY_AFTERNOON, tick=True):
        yield MONDAY_AFTERNOON


@pytest.fixture
def season(db) -> Season:
    season = Season.objects.create(name="Season 1", starts_on=dt.date(2026, 12, 1), is_active=True)
    for joined, name in enumerate(["Ava", "Bo", "Cy", "Dee", "Eli"], start=1):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    return season


@pytest.fixture
def entries(season) -> dict[str, LadderEntry]:
    return {e.contestant.name.lower(): e for e in season.entries.select_related("contestant")}


def give(player: PlayerSeason, *cards: str) -> None:
    """Cards straight into a hand, booked in the ledger as an admin's deal (whose record
    makes every board read afresh, as a bulk insert sends no signal)."""
    HeldCard.objects.bulk_create(HeldCard(owner=player, card=c, source=Source.ADMIN) for c in cards)
    board_cache.bump_player(player.pk)
    ledger.record(player, cards, 1, Source.ADMIN)


def hand(player: PlayerSeason) -> list[str]:
    return sorted(player.cards.values_list("card", flat=True))


@pytest.fixture
def alice_player(alice, season) -> PlayerSeason:
    return join_season(alice, season)


@pytest.fixture
def bob_player(bob, season) -> PlayerSeason:
    return join_season(bob, season)


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client
