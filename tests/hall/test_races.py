"""Races on PostgreSQL with real threads: double clicks, two tabs, two workers, the last second."""

import datetime as dt

import pytest

from games.hall.models import Card, Gift, Phase, Player, ProposalVote, Purchase, Trade
from games.hall.services.boundary import run_boundary
from games.hall.services.gifts import give_gift
from games.hall.services.proposals import cast_proposal_vote, submit_proposal
from games.hall.services.shop import buy
from games.hall.services.timers import run_due
from games.hall.services.trades import Side, accept_trade, offer_trade
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, balanced, fresh, grant, phase_end
from tests.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def outcomes(results):
    landed = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(landed) + len(refused) == len(results), results  # nothing else, no 500s
    return landed, refused


def test_the_same_vertebrae_spent_twice_at_once(ann):
    """H6.2: 25 Vertebrae, two Chip purchases from two tabs: one lands, one is refused."""
    grant(ann, vertebrae=25)
    landed, refused = outcomes(race(*[lambda: buy(user=ann.user, item="chip", now=at(1))] * 2))
    assert len(landed) == 1 and len(refused) == 1
    assert (fresh(ann).vertebrae, fresh(ann).chips) == (0, 1)
    assert Purchase.objects.count() == 1
    balanced(ann)


def test_many_purchases_at_once_never_overspend(ann):
    grant(ann, vertebrae=23)
    landed, _ = outcomes(race(*[lambda: buy(user=ann.user, item="random_card", now=at(1))] * 6))
    assert len(landed) == 4 and fresh(ann).vertebrae == 3
    assert Card.objects.filter(owner=ann).count() == 4
    balanced(ann)


def test_the_same_card_traded_to_two_players_at_once(ann, bo, cy):
    """H3.5: two open offers of one card, accepted at the same instant: exactly one wins."""
    [card] = grant(ann, "KS*")
    offers = [
        offer_trade(user=ann.user, receiver_id=p.pk, give=Side([card.pk]), ask=Side(), now=at(1))
        for p in (bo, cy)
    ]
    landed, refused = outcomes(
        race(
            lambda: accept_trade(user=bo.user, trade_id=offers[0].pk, now=at(1, 16)),
            lambda: accept_trade(user=cy.user, trade_id=offers[1].pk, now=at(1, 16)),
        )
    )
    assert len(landed) == 1 and len(refused) == 1
    assert Card.objects.filter(pk=card.pk).count() == 1
    assert Card.objects.get(pk=card.pk).owner_id in (bo.pk, cy.pk)
    assert Trade.objects.filter(status="accepted").count() == 1
    balanced(ann, bo, cy)


def test_one_offer_accepted_twice_by_a_double_click(ann, bo):
    grant(ann, vertebrae=10)
    trade = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side(vertebrae=10), ask=Side(), now=at(1)
    )
    landed, refused = outcomes(
        race(*[lambda: accept_trade(user=bo.user, trade_id=trade.pk, now=at(1))] * 2)
    )
    assert (
        len(landed) == 1
        and len(refused) == 1
        and fresh(bo).vertebrae == 10
        and fresh(ann).vertebrae == 0
    )
    balanced(ann, bo)


def test_swapping_gifts_both_ways_at_once_does_not_deadlock(ann, bo):
    """Players are locked in id order, whoever acts."""
    landed, _ = outcomes(
        race(
            lambda: give_gift(user=ann.user, receiver_id=bo.pk, now=at(1)),
            lambda: give_gift(user=bo.user, receiver_id=ann.pk, now=at(1)),
        )
    )
    assert len(landed) == 2


def test_a_gift_raced_by_two_tabs(ann, bo, cy):
    """H5.1 once per phase, even from two tabs at the same instant (to two players)."""
    landed, refused = outcomes(
        race(
            lambda: give_gift(user=ann.user, receiver_id=bo.pk, now=at(1)),
            lambda: give_gift(user=ann.user, receiver_id=cy.pk, now=at(1)),
        )
    )
    assert len(landed) == 1 and len(refused) == 1
    assert Gift.objects.filter(giver=ann).count() == 1
    balanced(bo, cy)


def test_a_vote_at_the_second_the_period_ends(ann, bo, cycle):
    """H10.4, H12.1: a vote racing the boundary that tallies it lands once or is refused,
    and the tally agrees with what landed."""
    p = submit_proposal(user=ann.user, title="T", text="x", now=at(1))
    run_due(phase_end(1))
    boundary = cycle.phases.get(number=2)
    last_moment = phase_end(2) - dt.timedelta(milliseconds=1)
    results = race(
        lambda: cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="for", now=last_moment),
        lambda: run_boundary(boundary.pk),
    )
    vote_result = results[0]
    p.refresh_from_db()
    assert p.status in ("adopted", "failed")
    if isinstance(vote_result, Refusal):
        assert not ProposalVote.objects.exists() and p.votes_for == 0
    else:
        assert ProposalVote.objects.count() == 1 and p.votes_for == 1
    assert Phase.objects.get(pk=boundary.pk).status == "closed"


def test_two_workers_run_one_boundary(ann, cycle):
    """H12.1"""
    results = race(*[lambda: run_due(phase_end(3))] * 3)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert list(cycle.phases.values_list("number", flat=True)) == [1, 2, 3, 4]
    assert cycle.activity.filter(kind="boundary").count() == 3


def test_an_action_racing_the_boundary_counts_for_exactly_one_phase(ann, bo, cycle):
    """H1.8"""
    grant(ann, vertebrae=5)
    results = race(
        lambda: buy(user=ann.user, item="random_card", now=phase_end(1)),
        lambda: run_due(phase_end(1)),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    purchase = Purchase.objects.get()
    assert purchase.phase == 2
    assert Player.objects.get(pk=ann.pk).last_action_phase == 2
