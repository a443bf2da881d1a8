"""H5 Card gifting."""

import pytest

from games.hall.models import Activity, Card, Gift
from games.hall.services.boundary import run_boundary
from games.hall.services.gifts import give_gift
from games.hall.services.shop import buy
from goonsite.refusal import Refusal
from tests.hall.fixtures import BEFORE_START, at, balanced, fresh, grant


def cards_of(player):
    return Card.objects.filter(owner=player).count()


def test_a_gift_is_one_card_plus_one_for_a_short_handed_receiver(ann, bo):
    """H5.2: bo owns fewer than 5 cards, so 1 + 1."""
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))
    assert len(gift.cards) == 2 and gift.short_handed and not gift.receiver_inactive
    assert cards_of(bo) == 2 and cards_of(ann) == 0  # H5.1 costs the giver nothing
    assert gift.bonus == Gift.Bonus.NONE
    balanced(ann, bo)


def test_a_gift_to_a_player_with_five_cards_is_one_card(ann, bo):
    """H5.2"""
    grant(bo, "2H", "3H", "4H", "5H", "6H")
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))
    assert len(gift.cards) == 1
    assert cards_of(bo) == 6


def test_cards_come_from_the_recorded_seed(ann, bo):
    """H3.6 every roll can be replayed from its stored seed."""
    from games.hall.engine import random_cards

    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))
    assert random_cards(gift.seed, len(gift.cards), 0.05) == gift.cards
    owned = sorted(c.code for c in Card.objects.filter(owner=bo))
    assert owned == sorted(gift.cards)


def test_one_gift_per_phase_then_again_next_phase(ann, bo, cy, cycle):
    """H5.1, H12.2 step 8"""
    give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))
    with pytest.raises(Refusal, match="one gift a phase"):
        give_gift(user=ann.user, receiver_id=cy.pk, now=at(1, 18))
    give_gift(user=ann.user, receiver_id=cy.pk, now=at(2))  # catches up the boundary first
    assert Gift.objects.filter(giver=ann).count() == 2


def test_no_gift_to_oneself(ann):
    """H5.1"""
    with pytest.raises(Refusal, match="yourself"):
        give_gift(user=ann.user, receiver_id=ann.pk, now=at(1))


def test_no_gift_before_the_cycle_starts(ann, bo):
    """H1.3"""
    with pytest.raises(Refusal, match="before the start"):
        give_gift(user=ann.user, receiver_id=bo.pk, now=BEFORE_START)


def test_an_outsider_cannot_give(charlie, bo, cycle):
    with pytest.raises(Refusal, match="Join"):
        give_gift(user=charlie, receiver_id=bo.pk, now=at(1))


def test_inactive_receiver_gets_two_more_and_the_giver_a_card_when_they_act(ann, bo, cy):
    """H5.2 +2 for an inactive receiver; H5.3 the giver's bonus at the receiver's first action."""
    grant(bo, "2H", "3H", "4H", "5H", "6H", vertebrae=10)
    give_gift(user=cy.user, receiver_id=ann.pk, now=at(1))  # cy acts in phase 1, bo does not
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(2))
    assert fresh(bo).inactive and not fresh(cy).inactive
    assert len(gift.cards) == 3 and gift.receiver_inactive
    assert gift.bonus == Gift.Bonus.PENDING
    before = cards_of(ann)
    buy(user=bo.user, item="random_card", now=at(2, 16))  # bo's first action
    gift.refresh_from_db()
    assert gift.bonus == Gift.Bonus.GRANTED and gift.bonus_card
    assert cards_of(ann) == before + 1
    buy(user=bo.user, item="random_card", now=at(2, 17))  # once per gift
    assert cards_of(ann) == before + 1
    assert Activity.objects.filter(kind="giver_bonus").count() == 1
    balanced(ann, bo, cy)


def test_giver_bonus_at_once_if_the_inactive_receiver_acted_already(ann, bo):
    """H5.3 settled: any action in the phase counts, before or after the gift."""
    grant(bo, vertebrae=10)
    buy(user=bo.user, item="random_card", now=at(2))  # bo inactive in phase 2, acts
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(2, 16))
    assert gift.bonus == Gift.Bonus.GRANTED
    assert cards_of(ann) == 1


def test_giver_bonus_lapses_at_the_boundary(ann, bo, cycle):
    """H5.3, H12.2 step 3"""
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=at(2))
    assert gift.bonus == Gift.Bonus.PENDING
    run_boundary(cycle.phases.get(number=2).pk)
    gift.refresh_from_db()
    assert gift.bonus == Gift.Bonus.LAPSED
    grant(bo, vertebrae=5)
    buy(user=bo.user, item="random_card", now=at(3))
    assert cards_of(ann) == 0
