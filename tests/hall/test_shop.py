"""H6 The shop."""

import pytest

from games.hall.models import Card, Cycle, Purchase
from games.hall.services.shop import buy
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, balanced, fresh, grant


def test_a_handy_pack_takes_12_and_gives_3_cards(ann):
    """H6.1"""
    grant(ann, vertebrae=20)
    purchase = buy(user=ann.user, item="handy_pack", now=at(1))
    assert fresh(ann).vertebrae == 8
    assert len(purchase.cards) == 3 and Card.objects.filter(owner=ann).count() == 3
    balanced(ann)


def test_a_legendary_pack_has_two_holographic_extras(ann):
    """H6.1, H6.2 settled: the two extras are random faces made holographic."""
    grant(ann, vertebrae=50)
    purchase = buy(user=ann.user, item="legendary_pack", now=at(1))
    assert len(purchase.cards) == 7 and all(c.endswith("*") for c in purchase.cards[5:])
    assert Card.objects.filter(owner=ann, holo=True).count() >= 2
    assert fresh(ann).vertebrae == 0


def test_too_few_vertebrae_refused_and_nothing_changes(ann):
    """H6.2"""
    grant(ann, vertebrae=17)
    with pytest.raises(Refusal, match="costs 18 Vertebrae; you have 17"):
        buy(user=ann.user, item="deck_pack", now=at(1))
    assert fresh(ann).vertebrae == 17 and not Purchase.objects.exists()
    assert fresh(ann).last_action_phase is None  # a refused attempt is not an action (H4.1)


def test_unknown_item_refused(ann):
    with pytest.raises(Refusal, match="does not sell"):
        buy(user=ann.user, item="golden_ticket", now=at(1))


def test_the_25th_chip_wins_the_cycle(ann, cycle):
    """H9.1, H1.9"""
    grant(ann, vertebrae=25, chips=24)
    buy(user=ann.user, item="chip", now=at(1))
    cycle = Cycle.objects.get(pk=cycle.pk)
    assert cycle.winner_id == ann.pk and not cycle.is_current and cycle.ended_at
    with pytest.raises(Refusal, match="closed"):
        buy(user=ann.user, item="chip", now=at(1, 16))
    balanced(ann)
