"""The pure rules the web app uses outside noon."""

import random
from collections import Counter

import pytest

from games.ladder.engine import CATALOGUE, CardId, Contestant, PackId, draw_card, pack_contents
from games.ladder.engine.cards import REGULAR_CARDS, Rarity
from games.ladder.engine.rules import (
    milestones_crossed,
    next_golden_number,
    play_refusal,
    totals_after,
    vote_points,
    vote_refusal,
    votes_per_day_after,
)


@pytest.mark.parametrize(
    ("votes_per_day", "expected"), [(3, [5, 3, 1, None]), (4, [5, 4, 3, 1, None])]
)
def test_vote_points_by_order_cast(votes_per_day, expected):
    """R3.1"""
    got = [vote_points(n, votes_per_day) for n in range(1, len(expected) + 1)]
    assert got == expected


def test_fourth_vote_from_48():
    """R3.1: four is the most."""
    assert votes_per_day_after(47, 3) == 3
    assert votes_per_day_after(48, 3) == 4
    assert votes_per_day_after(200, 4) == 4


def test_totals_after_count_every_vote_cast_and_the_48th_brings_a_fourth():
    """R3.1: the season's total grows by the votes cast, and the allowance turns 4 from
    the noon the total reaches 48; none cast changes nothing."""
    assert totals_after(45, 3, 2) == (47, 3)
    assert totals_after(46, 3, 3) == (49, 4)
    assert totals_after(60, 4, 0) == (60, 4)
    assert totals_after(0, 3, 0) == (0, 3)


def test_milestones_crossed_lowest_first():
    assert milestones_crossed(5, 6) == [(6, PackId.BOOSTER_PACK)]
    assert milestones_crossed(6, 11) == []
    assert [at for at, _ in milestones_crossed(0, 100)] == [6, 12, 24, 48, 64, 100]


def test_catalogue_matches_the_rulebook():
    """R5 table: odds add to 100 over the seven regular cards; specials are never drawn."""
    assert sum(CATALOGUE[c].odds for c in REGULAR_CARDS) == 100
    assert len(REGULAR_CARDS) == 7
    assert CATALOGUE[CardId.MINI_GOONER].odds == 0
    assert CATALOGUE[CardId.GOLDEN_GOONER].rarity is Rarity.ARTIFACT
    assert [r for r in Rarity if r.pulses] == [Rarity.EPIC, Rarity.LEGENDARY, Rarity.ARTIFACT]


def test_draw_follows_the_odds():
    """R5.3: 100,000 draws land within a point of each card's odds."""
    rng = random.Random(42)
    counts = Counter(draw_card(rng) for _ in range(100_000))
    assert set(counts) <= set(REGULAR_CARDS)
    for card in REGULAR_CARDS:
        assert abs(counts[card] / 1000 - CATALOGUE[card].odds) < 1.0, card


def test_packs():
    """R5.4"""
    rng = random.Random(1)
    booster = pack_contents(PackId.BOOSTER_PACK, rng)
    assert len(booster) == 3 and all(CATALOGUE[c].regular for c in booster)
    god = pack_contents(PackId.GOD_PACK, rng)
    assert sorted(god) == sorted([*REGULAR_CARDS, CardId.MINI_GOONER])


LOCKED = Contestant("lok", locked=1)
GOLDEN = Contestant("gol", golden=1)
OFF = Contestant("off", on_ladder=False)
PLAIN = Contestant("ava")


@pytest.mark.parametrize(
    ("card", "target", "refused"),
    [
        (CardId.BOOST, PLAIN, False),
        (CardId.BOOST, LOCKED, True),
        (CardId.SAKURA_FARTS, LOCKED, False),
        (CardId.SAKURA_FARTS, GOLDEN, True),
        (CardId.MINI_GOONER, GOLDEN, False),
        (CardId.MINI_GOONER, LOCKED, True),
        (CardId.GOLDEN_GOONER, GOLDEN, True),
        (CardId.GOLDEN_GOONER, LOCKED, True),
        (CardId.GOLDEN_GOONER, PLAIN, False),
        (CardId.SKIP, OFF, True),
        (CardId.CHAOS, None, False),
        (CardId.CHAOS, PLAIN, True),
        (CardId.SHIELD, None, True),
    ],
)
def test_play_refusal(card, target, refused):
    """R5.5, R6.9"""
    assert (play_refusal(card, target) is not None) is refused


def test_vote_refusal():
    """R3.3"""
    assert vote_refusal(PLAIN) is None
    assert "locked" in vote_refusal(LOCKED)
    assert "Golden" in vote_refusal(GOLDEN)
    assert "off the ladder" in vote_refusal(OFF)


def test_next_golden_pin_goes_below_the_weeks_earlier_ones():
    """R6.9"""
    assert next_golden_number([PLAIN]) == 1
    assert next_golden_number([PLAIN, GOLDEN, Contestant("g2", golden=2)]) == 3
