"""A spending button pressed twice for one intent spends once: each spending form of the
Hall (shop, gift, trade offer) carries a one-time key used up with the spend (H6.2, H5.1,
H3.5). Double-clicks, resent forms and two tabs replaying one form."""

import re

import pytest
from django.urls import reverse

from games.hall.models import Game, Gift, Intent, Purchase, Trade
from games.hall.services.gifts import give_gift
from games.hall.services.intent import AlreadyDone
from games.hall.services.shop import buy
from games.hall.services.trades import Side, offer_trade
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, balanced, fresh, grant

KEY = re.compile(r'name="intent" value="([^"]+)"')


def test_two_purchases_with_one_key_buy_once(ann):
    """H6.2 The second press is answered with what the first did; nothing more is spent."""
    grant(ann, vertebrae=50)
    buy(user=ann.user, item="chip", now=at(1), intent="k1")
    with pytest.raises(AlreadyDone, match="you bought 1 Chip for 25 Vertebrae"):
        buy(user=ann.user, item="chip", now=at(1), intent="k1")
    assert (fresh(ann).vertebrae, fresh(ann).chips) == (25, 1)
    assert Purchase.objects.count() == 1 and Intent.objects.count() == 1
    buy(user=ann.user, item="chip", now=at(1), intent="k2")  # a new press buys again
    assert fresh(ann).chips == 2
    balanced(ann)


def test_a_refused_purchase_does_not_use_up_its_key(ann):
    """The key is used in the spend's transaction: a refusal rolls it back with the rest."""
    grant(ann, vertebrae=10)
    with pytest.raises(Refusal, match="costs 25"):
        buy(user=ann.user, item="chip", now=at(1), intent="k1")
    grant(ann, vertebrae=15)
    buy(user=ann.user, item="chip", now=at(1), intent="k1")
    assert fresh(ann).chips == 1


def test_keys_belong_to_their_player(ann, bo):
    grant(ann, vertebrae=25)
    grant(bo, vertebrae=25)
    buy(user=ann.user, item="chip", now=at(1), intent="same")
    buy(user=bo.user, item="chip", now=at(1), intent="same")
    assert Purchase.objects.count() == 2


def test_a_gift_and_a_trade_offer_pressed_twice_happen_once(ann, bo):
    """H5.1, H3.5"""
    grant(ann, vertebrae=3)
    give_gift(user=ann.user, receiver_id=bo.pk, now=at(1), intent="g")
    with pytest.raises(AlreadyDone, match="your gift to Bob"):
        give_gift(user=ann.user, receiver_id=bo.pk, now=at(1), intent="g")
    offer = {"receiver_id": bo.pk, "give": Side(vertebrae=3), "ask": Side()}
    offer_trade(user=ann.user, now=at(1), intent="t", **offer)
    with pytest.raises(AlreadyDone, match="your offer to Bob"):
        offer_trade(user=ann.user, now=at(1), intent="t", **offer)
    assert Gift.objects.count() == 1 and Trade.objects.count() == 1


def test_an_overlong_key_is_refused_in_words(ann):
    grant(ann, vertebrae=25)
    with pytest.raises(Refusal, match="reload the page"):
        buy(user=ann.user, item="chip", now=at(1), intent="x" * 65)


def test_two_posts_of_one_shop_form_buy_once(ann_client, ann, in_phase_one):
    """Through the page: the form's own key, posted twice (a double-click without JS)."""
    grant(ann, vertebrae=60)
    page = ann_client.get(reverse("hall:shop")).text
    keys = KEY.findall(page)
    assert len(keys) == 5 and len(set(keys)) == 5  # one fresh key per button
    form = {"item": "chip", "intent": keys[-1]}
    first = ann_client.post(reverse("hall:buy"), form, follow=True)
    second = ann_client.post(reverse("hall:buy"), form, follow=True)
    assert "You bought 1 Chip for 25 Vertebrae." in first.text
    assert "done once already" in second.text
    assert Purchase.objects.count() == 1 and fresh(ann).chips == 1


def test_an_htmx_purchase_returns_fresh_keys(ann_client, ann, in_phase_one):
    """After an htmx purchase the shop's forms are swapped for new ones, so the next
    deliberate press is a new intent and buys again."""
    grant(ann, vertebrae=60)
    key = KEY.findall(ann_client.get(reverse("hall:shop")).text)[-1]
    answer = ann_client.post(
        reverse("hall:buy"), {"item": "chip", "intent": key}, headers={"HX-Request": "true"}
    )
    fresh_keys = KEY.findall(answer.text)
    assert len(fresh_keys) == 5 and key not in fresh_keys
    ann_client.post(
        reverse("hall:buy"),
        {"item": "chip", "intent": fresh_keys[-1]},
        headers={"HX-Request": "true"},
    )
    assert Purchase.objects.count() == 2


def test_the_gift_and_trade_forms_carry_a_key(ann_client, ann, bo, in_phase_one):
    assert KEY.search(ann_client.get(reverse("hall:home")).text)
    assert KEY.search(ann_client.get(reverse("hall:trade_new", args=[bo.pk])).text)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_one_key_raced_on_two_threads_buys_once(ann):
    """Two requests carrying one key at the same instant (a double-click reaching two
    workers): one purchase, the other answered "done once already"; the ledger balances."""
    from tests.races import race

    grant(ann, vertebrae=100)
    results = race(*[lambda: buy(user=ann.user, item="chip", now=at(1), intent="k")] * 2)
    assert sum(isinstance(r, Purchase) for r in results) == 1
    assert sum(isinstance(r, AlreadyDone) for r in results) == 1, results
    assert (fresh(ann).vertebrae, fresh(ann).chips) == (75, 1)
    balanced(ann)


def test_a_bet_or_match_pressed_twice_puts_chips_in_once(ann, bo):
    """H8.4-H8.6 Bets need no key: the engine itself refuses the second press (one open
    bet; a raise must go above the stake; one who met the stake cannot match again)."""
    from games.hall.tables.moves import bet, match
    from tests.hall.tables.helpers import choose_all, duel

    grant(ann, "5H", "6H", "7H", "8H", chips=3)
    grant(bo, "9S", "10S", "2C", "3C", chips=3)
    game = choose_all(
        duel(ann, bo, now=at(1)),
        {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C"]},
        at(1),
    )
    bet(user=ann.user, game_id=game.pk, amount=2, now=at(1))
    with pytest.raises(Refusal):
        bet(user=ann.user, game_id=game.pk, amount=2, now=at(1))
    match(user=bo.user, game_id=game.pk, now=at(1))
    with pytest.raises(Refusal):
        match(user=bo.user, game_id=game.pk, now=at(1))
    stakes = {p["id"]: p["put"] for p in Game.objects.get(pk=game.pk).state["players"]}
    assert stakes == {f"p{ann.pk}": 2, f"p{bo.pk}": 2}


def test_a_key_that_is_not_one_of_ours_is_refused_not_stored(ann_client, ann, in_phase_one):
    """A NUL byte in the key failed PostgreSQL's insert with a 500 (issue 28's fuzz test)."""
    grant(ann, vertebrae=30)
    for key in ("\x00", "ab\x00cd", "a b", "x" * 65):
        response = ann_client.post(
            reverse("hall:buy"), {"item": "chip", "intent": key}, follow=True
        )
        assert "This form is out of date: reload the page and try again." in response.text
    assert not Intent.objects.exists()
