"""H3.5 Trades."""

import pytest

from games.hall.models import Card, Trade
from games.hall.services.trades import (
    Side,
    accept_trade,
    decline_trade,
    offer_trade,
    set_deck,
    withdraw_trade,
)
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, balanced, fresh, grant


def test_an_accepted_trade_swaps_both_sides_at_once(ann, bo):
    [seven] = grant(ann, "7H", vertebrae=10)
    [queen] = grant(bo, "QD*", chips=2)
    trade = offer_trade(
        user=ann.user,
        receiver_id=bo.pk,
        give=Side([seven.pk], vertebrae=4),
        ask=Side([queen.pk], chips=1),
        now=at(1),
    )
    accept_trade(user=bo.user, trade_id=trade.pk, now=at(1, 16))
    assert Card.objects.get(pk=seven.pk).owner_id == bo.pk
    assert Card.objects.get(pk=queen.pk).owner_id == ann.pk
    assert (fresh(ann).vertebrae, fresh(ann).chips) == (6, 1)
    assert (fresh(bo).vertebrae, fresh(bo).chips) == (4, 1)
    assert fresh(bo).last_action_phase == 1  # accepting is an action (H4.1)
    balanced(ann, bo)


def test_a_plain_gift_of_items_is_a_trade_with_an_empty_side(ann, bo):
    grant(ann, vertebrae=3)
    trade = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side(vertebrae=3), ask=Side(), now=at(1)
    )
    accept_trade(user=bo.user, trade_id=trade.pk, now=at(1))
    assert fresh(bo).vertebrae == 3


def test_both_sides_empty_refused(ann, bo):
    with pytest.raises(Refusal, match="gives or asks"):
        offer_trade(user=ann.user, receiver_id=bo.pk, give=Side(), ask=Side(), now=at(1))


def test_offering_what_one_does_not_hold_is_refused(ann, bo):
    [card] = grant(bo, "2S")
    with pytest.raises(Refusal, match="no longer holds"):
        offer_trade(user=ann.user, receiver_id=bo.pk, give=Side([card.pk]), ask=Side(), now=at(1))


def test_locked_cards_cannot_be_offered(ann, bo):
    """H3.4"""
    [card] = grant(ann, "2S")
    Card.objects.filter(pk=card.pk).update(locked=True)
    with pytest.raises(Refusal, match="Locked"):
        offer_trade(user=ann.user, receiver_id=bo.pk, give=Side([card.pk]), ask=Side(), now=at(1))


def test_acceptance_refused_when_an_item_is_gone_and_nothing_moves(ann, bo, cy):
    [card] = grant(ann, "9C")
    first = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side([card.pk]), ask=Side(), now=at(1)
    )
    second = offer_trade(
        user=ann.user, receiver_id=cy.pk, give=Side([card.pk]), ask=Side(), now=at(1)
    )
    accept_trade(user=cy.user, trade_id=second.pk, now=at(1, 16))
    with pytest.raises(Refusal, match="no longer holds"):
        accept_trade(user=bo.user, trade_id=first.pk, now=at(1, 17))
    assert Card.objects.get(pk=card.pk).owner_id == cy.pk
    assert Trade.objects.get(pk=first.pk).status == Trade.Status.OPEN
    balanced(ann, bo, cy)


def test_only_the_receiver_accepts_and_declines_only_the_offerer_withdraws(ann, bo):
    grant(ann, vertebrae=1)
    trade = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side(vertebrae=1), ask=Side(), now=at(1)
    )
    with pytest.raises(Refusal, match="Only the player"):
        accept_trade(user=ann.user, trade_id=trade.pk, now=at(1))
    with pytest.raises(Refusal, match="Only the offerer"):
        withdraw_trade(user=bo.user, trade_id=trade.pk, now=at(1))
    decline_trade(user=bo.user, trade_id=trade.pk, now=at(1))
    with pytest.raises(Refusal, match="declined already"):
        accept_trade(user=bo.user, trade_id=trade.pk, now=at(1))


def test_a_traded_card_leaves_the_deck(ann, bo):
    """H3.3"""
    [card] = grant(ann, "5D")
    set_deck(user=ann.user, card_ids=[card.pk], now=at(1))
    assert Card.objects.get(pk=card.pk).in_deck
    trade = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side([card.pk]), ask=Side(), now=at(1)
    )
    accept_trade(user=bo.user, trade_id=trade.pk, now=at(1))
    assert not Card.objects.get(pk=card.pk).in_deck


def test_deck_holds_only_own_cards(ann, bo):
    [card] = grant(bo, "5D")
    with pytest.raises(Refusal, match="own inventory"):
        set_deck(user=ann.user, card_ids=[card.pk], now=at(1))


def test_chips_received_in_a_trade_can_win_the_cycle(ann, bo, cycle):
    """H9.1 checked after every change to anyone's Chips, a trade included."""
    from games.hall.models import Cycle

    grant(ann, chips=3)
    grant(bo, chips=23)
    trade = offer_trade(user=ann.user, receiver_id=bo.pk, give=Side(chips=2), ask=Side(), now=at(1))
    accept_trade(user=bo.user, trade_id=trade.pk, now=at(1, 16))
    cycle = Cycle.objects.get(pk=cycle.pk)
    assert cycle.winner_id == bo.pk and not cycle.is_current
