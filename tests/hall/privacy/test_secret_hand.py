"""H14.2/H14.3 A duel's chosen hand stays secret until the reveal, also on the inventory
and trade pages: to everyone but its owner, a card locked by an unrevealed hand choice is
an unlocked card that may be asked for; the offer fails only at acceptance."""

import pytest
from django.urls import reverse

from games.hall.models import Card, Trade
from games.hall.services.trades import Side, accept_trade, offer_trade
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, balanced, fresh, grant
from tests.hall.tables.helpers import choose_all, duel

pytestmark = pytest.mark.usefixtures("in_phase_one")

HAND = ["5H", "6H", "7H", "8H"]


@pytest.fixture
def ann_chose(ann, bo):
    """Ann and Bo in a duel; Ann has chosen four of her five cards, Bo not yet."""
    grant(ann, *HAND, "9H")
    grant(bo, "9S", "10S", "2C", "3C")
    game = duel(ann, bo, now=at(1))
    choose_all(game, {ann: HAND}, at(1))
    chosen = list(Card.objects.filter(owner=ann, locked=True).order_by("pk"))
    assert len(chosen) == 4
    return game, chosen


def _checkbox(card: Card) -> str:
    return f'value="{card.pk}"'


@pytest.mark.parametrize("viewer", ["bo", "cy"])
def test_others_see_a_chosen_hand_as_unlocked_cards_on_the_inventory(
    client, ann, ann_chose, viewer, request
):
    """H14.3 The opponent (bo) and an outsider (cy) cannot read the pick off the page."""
    client.force_login(request.getfixturevalue(viewer).user)
    page = client.get(reverse("hall:inventory", args=[ann.pk])).text
    assert page.count('class="hcard') == 5
    assert "(locked in a game)" not in page and ' locked"' not in page


def test_the_owner_still_sees_her_own_locks(client, ann, ann_chose):
    client.force_login(ann.user)
    page = client.get(reverse("hall:inventory", args=[ann.pk])).text
    assert page.count("(locked in a game)") == 4


def test_the_trade_form_offers_a_chosen_card_to_ask_for(client, ann, bo, ann_chose):
    """H14.2 The form leaves nothing out, so its gaps cannot spell the hand."""
    _, chosen = ann_chose
    client.force_login(bo.user)
    page = client.get(reverse("hall:trade_new", args=[ann.pk])).text
    assert all(_checkbox(card) in page for card in chosen)
    assert page.count('name="ask_cards"') == 5


def test_asking_for_a_chosen_card_is_accepted_then_fails_at_acceptance(client, ann, bo, ann_chose):
    """H14.2 The offer goes through like any other; Ann's acceptance is refused in words and
    nothing changes hands."""
    _, chosen = ann_chose
    grant(bo, vertebrae=5)
    client.force_login(bo.user)
    offered = client.post(
        reverse("hall:trade_offer", args=[ann.pk]),
        {"ask_cards": [chosen[0].pk], "give_vertebrae": 5},
        follow=True,
    )
    assert "Offer sent to" in offered.text
    trade = Trade.objects.get()
    client.force_login(ann.user)
    answer = client.post(
        reverse("hall:trade_answer", args=[trade.pk]), {"answer": "accept"}, follow=True
    )
    assert "locked in your Exoptosis hand" in answer.text
    assert Card.objects.get(pk=chosen[0].pk).owner_id == ann.pk
    assert Trade.objects.get().status == Trade.Status.OPEN
    assert fresh(bo).vertebrae == 5
    balanced(ann, bo)


def test_service_offer_for_a_secretly_locked_card_then_refused_at_acceptance(ann, bo, ann_chose):
    _, chosen = ann_chose
    trade = offer_trade(
        user=bo.user, receiver_id=ann.pk, give=Side(), ask=Side([chosen[1].pk]), now=at(1)
    )
    with pytest.raises(Refusal, match="locked in your Exoptosis hand or game"):
        accept_trade(user=ann.user, trade_id=trade.pk, now=at(1, 16))
    assert Card.objects.get(pk=chosen[1].pk).owner_id == ann.pk


def test_after_the_reveal_the_locks_are_public_and_cannot_be_asked(client, ann, bo, ann_chose):
    """H14.2 Everything in a game is public after the reveal: the locks show, asks refused."""
    game, chosen = ann_chose
    choose_all(game, {bo: ["9S", "10S", "2C", "3C"]}, at(1))
    client.force_login(bo.user)
    assert (
        client.get(reverse("hall:inventory", args=[ann.pk])).text.count("(locked in a game)") == 4
    )
    assert _checkbox(chosen[0]) not in client.get(reverse("hall:trade_new", args=[ann.pk])).text
    with pytest.raises(Refusal, match="Locked"):
        offer_trade(
            user=bo.user, receiver_id=ann.pk, give=Side(), ask=Side([chosen[0].pk]), now=at(1)
        )


def test_one_cannot_offer_ones_own_chosen_card(ann, bo, ann_chose):
    """H3.4 The owner knows her lock: giving a chosen card is refused at once."""
    _, chosen = ann_chose
    with pytest.raises(Refusal, match="Locked"):
        offer_trade(
            user=ann.user, receiver_id=bo.pk, give=Side([chosen[0].pk]), ask=Side(), now=at(1)
        )


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_accepting_an_ask_while_choosing_the_same_card_in_another_tab(ann, bo):
    """H3.4/H14.2 on real threads: Ann accepts Bo's ask for her 9H while, in another tab, she
    chooses it for her hand. Exactly one wins; the other is refused in words; nothing is
    half-done (the card is either Bo's and free, or Ann's and in her hand)."""
    from games.hall.tables.moves import choose_hand
    from tests.races import race

    cards = grant(ann, *HAND, "9H")
    grant(bo, "9S", "10S", "2C", "3C")
    game = duel(ann, bo, now=at(1))
    nine = cards[-1]
    trade = offer_trade(
        user=bo.user, receiver_id=ann.pk, give=Side(), ask=Side([nine.pk]), now=at(1)
    )
    hand = [c.pk for c in cards[1:]]  # 6H 7H 8H 9H
    results = race(
        lambda: accept_trade(user=ann.user, trade_id=trade.pk, now=at(1, 16)),
        lambda: choose_hand(user=ann.user, game_id=game.pk, card_ids=hand, now=at(1, 16)),
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and all(
        not isinstance(r, Exception) or isinstance(r, Refusal) for r in results
    ), results
    nine = Card.objects.get(pk=nine.pk)
    if Trade.objects.get().status == Trade.Status.ACCEPTED:
        assert nine.owner_id == bo.pk and not nine.locked
        assert not Card.objects.filter(owner=ann, locked=True).exists()
    else:
        assert nine.owner_id == ann.pk and nine.locked
    balanced(ann, bo)


def test_an_offered_card_since_chosen_for_a_hand_fails_without_naming_the_hand(ann, bo):
    """H14.3 Ann offers Bo her 9H, then chooses it for her duel hand: Bo's acceptance is
    refused with H3.5's reason only, not "in an Exoptosis hand", and nothing moves."""
    cards = grant(ann, *HAND, "9H")
    grant(bo, "9S", "10S", "2C", "3C")
    nine = cards[-1]
    trade = offer_trade(
        user=ann.user, receiver_id=bo.pk, give=Side([nine.pk]), ask=Side(), now=at(1)
    )
    game = duel(ann, bo, now=at(1))
    choose_all(game, {ann: ["6H", "7H", "8H", "9H"]}, at(1))
    with pytest.raises(Refusal) as refused:
        accept_trade(user=bo.user, trade_id=trade.pk, now=at(1, 16))
    assert "cannot hand over every card of this offer right now" in refused.value.message
    assert "Exoptosis" not in refused.value.message and "Locked" not in refused.value.message
    assert Card.objects.get(pk=nine.pk).owner_id == ann.pk
    assert Trade.objects.get().status == Trade.Status.OPEN
