"""H14.1 Rules: the page states the rules a player needs, with the numbers the code runs
on (read from the same constants, so the page cannot drift from the game)."""

import re

import pytest
from django.urls import reverse

from games.hall.engine.rolls import REWARD_CARDS, REWARD_CHIPS, VERTEBRAE
from games.hall.rules.gifts import INACTIVE_BONUS, SHORT_HANDED_BELOW, SHORT_HANDED_BONUS
from games.hall.rules.shop import HOLO_CHANCE, PRICE_LIST
from games.hall.rules.timing import URGENT_PERIOD
from games.hall.rules.victory import CHIPS_TO_WIN
from games.hall.rules.votes import URGENT_MAX_AGAINST
from games.hall.services.battle import BATTLE_MIN_CARDS
from games.hall.tables.table import MIN_HAND

pytestmark = pytest.mark.usefixtures("in_phase_one")


@pytest.fixture
def text(ann_client) -> str:
    html = ann_client.get(reverse("hall:rules")).text
    body = html.split('class="panel rulebook"', 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_the_race_and_the_holographic_chance(text):
    """H9.1, H3.6"""
    assert f"{CHIPS_TO_WIN} Chips" in text and "wins the cycle" in text
    assert f"holographic {round(HOLO_CHANCE * 100)}% of the time" in text


def test_gift_sizes_and_bonuses(text):
    """H5.2, H5.3"""
    assert f"+{INACTIVE_BONUS} cards if they are inactive" in text
    assert f"+{SHORT_HANDED_BONUS} card if they owned fewer than {SHORT_HANDED_BELOW} cards" in text
    assert f"from 1 to {1 + INACTIVE_BONUS + SHORT_HANDED_BONUS} cards" in text
    assert "Giver bonus" in text and "lapses" in text


def test_every_shop_item_with_its_price(text):
    """H6.1"""
    for offer in PRICE_LIST.values():
        assert f"{offer.name} {offer.cost} Vertebrae {offer.gives}" in text


def test_how_a_card_matches_and_the_specials(text):
    """H8.12-H8.19"""
    assert "equal to, one above, or one below" in text
    assert "opposite colour" in text and "only a 2–10" in text
    for special in ("Ace:", "Jack:", "Queen:", "King:", "Jokers"):
        assert special in text
    assert "another participant owes 2 draws" in text


def test_games_numbers(text):
    """H7.2, H7.5, H8.24"""
    assert f"at least {BATTLE_MIN_CARDS} unlocked cards" in text
    assert f"at least {MIN_HAND} of their unlocked cards" in text
    assert (
        f"{REWARD_CARDS} random cards, {VERTEBRAE[0]} to {VERTEBRAE[1]} Vertebrae, "
        f"or {REWARD_CHIPS} Chips" in text
    )


def test_proposals_and_the_judge(text):
    """H10.3, H10.5, H11.6, H11.10"""
    hours = int(URGENT_PERIOD.total_seconds() // 3600)
    assert f"for {hours} hours from submission" in text
    assert f"at most {URGENT_MAX_AGAINST} Against" in text
    assert "more For than Against" in text
    assert "confidence vote" in text and "Elections:" in text


def test_the_page_is_a_rulebook_not_a_summary(text):
    """The old page was an 824-character summary."""
    assert len(text) > 6000
