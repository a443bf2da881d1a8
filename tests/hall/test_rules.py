"""The Hall's pure rules, without a database."""

import datetime as dt

import pytest

from games.hall.rules.activity import inactive_in
from games.hall.rules.gifts import gift_size, giver_bonus_now
from games.hall.rules.shop import PRICE_LIST, ShopItem, can_afford
from games.hall.rules.timing import (
    is_week_end,
    phase_end_date,
    week_end_date,
    week_of,
    within,
)
from games.hall.rules.victory import wins_cycle
from games.hall.rules.votes import (
    CandidacyTally,
    election_winner,
    proposal_popular,
    ruling_overturned,
)


def test_price_list():
    """H6.1"""
    assert {i.value: (o.cost, o.card_count, o.chips) for i, o in PRICE_LIST.items()} == {
        "random_card": (5, 1, 0),
        "handy_pack": (12, 3, 0),
        "deck_pack": (18, 5, 0),
        "legendary_pack": (50, 7, 0),
        "chip": (25, 0, 1),
    }
    assert PRICE_LIST[ShopItem.RANDOM_CARD].rolls == ((1, 0.10),)
    assert PRICE_LIST[ShopItem.LEGENDARY_PACK].rolls == ((5, 0.05), (2, 1.0))


def test_a_purchase_needs_the_full_cost():
    """H6.2"""
    assert can_afford(25, ShopItem.CHIP) and not can_afford(24, ShopItem.CHIP)


@pytest.mark.parametrize(
    ("inactive", "owned", "total"), [(False, 5, 1), (False, 4, 2), (True, 5, 3), (True, 0, 4)]
)
def test_gift_size(inactive, owned, total):
    """H5.2 1 to 4 cards."""
    assert gift_size(receiver_inactive=inactive, receiver_cards_before=owned).total == total


def test_giver_bonus_timing():
    """H5.3"""
    assert giver_bonus_now(receiver_inactive=False, receiver_acted_this_phase=True) == "none"
    assert giver_bonus_now(receiver_inactive=True, receiver_acted_this_phase=True) == "now"
    assert giver_bonus_now(receiver_inactive=True, receiver_acted_this_phase=False) == "pending"


def test_inactivity():
    """H4.2 everyone active in phase 1 and in the phase they join."""
    assert not inactive_in(1, joined_phase=0, last_action_phase=None)
    assert inactive_in(2, joined_phase=0, last_action_phase=None)
    assert not inactive_in(2, joined_phase=0, last_action_phase=1)
    assert inactive_in(3, joined_phase=0, last_action_phase=1)
    assert not inactive_in(3, joined_phase=3, last_action_phase=None)
    assert inactive_in(4, joined_phase=3, last_action_phase=None)


def test_phase_and_week_arithmetic():
    """H1.4 L local days; H1.6 weeks from the start."""
    start = dt.date(2026, 12, 1)
    assert phase_end_date(start, 1) == dt.date(2026, 12, 2)
    assert phase_end_date(start, 7) == dt.date(2026, 12, 8)
    with pytest.raises(ValueError):
        phase_end_date(start, 8)
    assert week_of(start, dt.date(2026, 12, 2)) == 1
    assert week_of(start, dt.date(2026, 12, 8)) == 1
    assert week_of(start, dt.date(2026, 12, 9)) == 2
    assert week_end_date(start, 2) == dt.date(2026, 12, 15)
    assert is_week_end(start, dt.date(2026, 12, 8)) and not is_week_end(start, start)


def test_windows_are_exact():
    """H1.7"""
    t = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)
    h48 = dt.timedelta(hours=48)
    assert within(t, t + h48 - dt.timedelta(microseconds=1), h48)
    assert not within(t, t + h48, h48)


def test_popularity():
    """H10.5"""
    assert proposal_popular("urgent", 0, 2) and not proposal_popular("urgent", 9, 3)
    assert proposal_popular("standard", 2, 1) and not proposal_popular("standard", 1, 1)


def test_confidence():
    """H11.6 strictly more Overturn."""
    assert ruling_overturned(1, 2) and not ruling_overturned(2, 2)


def test_election_winner_most_support_ties_to_the_earliest():
    """H11.10"""
    a = CandidacyTally(key=1, order=0, support=3, oppose=1)
    b = CandidacyTally(key=2, order=1, support=3, oppose=0)
    c = CandidacyTally(key=3, order=2, support=5, oppose=5)  # not popular
    assert election_winner([b, a, c]) is a
    assert election_winner([c]) is None


def test_victory():
    """H9.1"""
    assert wins_cycle(25) and not wins_cycle(24)


def test_the_rules_package_is_pure():
    """The economy's rules are plain Python like the engines (no Django, clock or global random)."""
    from pathlib import Path

    from tests.test_boundaries import CLOCK_AND_GLOBAL_RANDOM, imports

    rules = Path(__file__).resolve().parents[2] / "games" / "hall" / "rules"
    found = []
    for path in rules.glob("*.py"):
        for name in imports(path, "games.hall.rules"):
            if name.split(".")[0] not in (
                "games",
                "__future__",
                "dataclasses",
                "datetime",
                "enum",
                "collections",
            ):
                found.append(f"{path.name} imports {name}")
        found += [
            f"{path.name} uses {bad}" for bad in CLOCK_AND_GLOBAL_RANDOM if bad in path.read_text()
        ]
    assert found == []
