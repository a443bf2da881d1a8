"""The Hall's pages: login, the home page's actions, the shop over htmx, proposals, budgets."""

import pytest
from django.urls import reverse

from games.hall.models import Card, Gift, ProposalVote, Purchase
from games.hall.services.proposals import submit_proposal
from tests.hall.fixtures import at, fresh, grant
from tests.ladder.fixtures import HTMX

PAGES = [
    "hall:home",
    "hall:shop",
    "hall:players",
    "hall:proposals",
    "hall:rules",
    "hall:justice",
    "hall:elections",
    "hall:log",
    "hall:cycles",
    "hall:battle_lobby",
]


@pytest.mark.parametrize("name", PAGES)
def test_pages_need_login(client, cycle, name):
    response = client.get(reverse(name))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("name", PAGES)
def test_pages_show_the_cycle(ann_client, bo, in_phase_one, name):
    response = ann_client.get(reverse(name))
    assert response.status_code == 200
    assert "Cycle 16" in response.text


def test_an_outsider_sees_join_and_no_action_forms(client, charlie, bo, in_phase_one):
    """H14.1 an outsider sees the public pages read-only."""
    client.force_login(charlie)
    page = client.get(reverse("hall:home")).text
    assert "Join Cycle 16" in page and "Give a random card" not in page
    client.post(reverse("hall:join"))
    assert "Give a random card" in client.get(reverse("hall:home")).text
    assert fresh(charlie.hall_players.get()).joined_phase == 1


def test_home_shows_phase_clock_and_the_inactive_bonus_hint(ann_client, ann, bo, in_phase_one):
    page = ann_client.get(reverse("hall:home")).text
    assert "Phase <strong>1</strong>" in page
    assert "under 5 cards: +1" in page


def test_gift_without_js_redirects_with_the_message(ann_client, bo, in_phase_one):
    response = ann_client.post(reverse("hall:gift"), {"receiver": bo.pk}, follow=True)
    assert Gift.objects.filter(receiver=bo).count() == 1
    assert "Bob received 2 cards from you" in response.text


def test_a_refused_gift_is_a_message_not_an_error(ann_client, ann, in_phase_one):
    response = ann_client.post(reverse("hall:gift"), {"receiver": ann.pk}, follow=True)
    assert response.status_code == 200 and "yourself" in response.text
    response = ann_client.post(reverse("hall:gift"), {"receiver": "abc"}, follow=True)
    assert response.status_code == 200 and not Gift.objects.exists()


def test_shop_over_htmx_answers_with_the_parts(ann_client, ann, in_phase_one):
    grant(ann, vertebrae=12)
    response = ann_client.post(reverse("hall:buy"), {"item": "handy_pack"}, **HTMX)
    assert '<p hx-swap-oob="true" id="wallet"' in response.text
    assert '<section hx-swap-oob="true" id="purchases"' in response.text
    assert "You bought a Handy Pack" in response.text
    assert '<strong class="vertebrae">0</strong>' in response.text
    assert Purchase.objects.count() == 1 and Card.objects.filter(owner=ann).count() == 3


def test_shop_refusal_over_htmx(ann_client, ann, in_phase_one):
    response = ann_client.post(reverse("hall:buy"), {"item": "chip"}, **HTMX)
    assert "costs 25 Vertebrae; you have 0" in response.text
    assert not Purchase.objects.exists()


def test_vote_on_a_proposal(ann_client, ann, bo, in_phase_one):
    p = submit_proposal(user=bo.user, title="Free chips", text="All of them.", now=at(1))
    ann_client.post(reverse("hall:proposal_vote", args=[p.pk]), {"choice": "for"}, **HTMX)
    assert ProposalVote.objects.get(proposal=p, player=ann).choice == "for"
    page = ann_client.get(reverse("hall:proposals")).text
    assert "Alice: For" in page


def test_inventory_is_public_but_trades_and_deck_private(ann_client, ann, bo, in_phase_one):
    """H14.2, H14.3"""
    grant(bo, "QD*")
    page = ann_client.get(reverse("hall:inventory", args=[bo.pk])).text
    assert "holo" in page and "✦" in page
    assert "Your deck" not in page and "Offer Bob a trade" in page
    assert "Your deck" in ann_client.get(reverse("hall:inventory", args=[ann.pk])).text


def test_players_page_query_budget(
    ann_client, ann, bo, cy, in_phase_one, django_assert_max_num_queries
):
    for p in (ann, bo, cy):
        grant(p, "2H", "3H", vertebrae=5)
    with django_assert_max_num_queries(14):
        ann_client.get(reverse("hall:players"))


def test_inventory_explains_the_balance_with_the_ledger(ann_client, ann, in_phase_one):
    grant(ann, "7H", vertebrae=12)
    ann_client.post(reverse("hall:buy"), {"item": "random_card"})
    page = ann_client.get(reverse("hall:inventory", args=[ann.pk])).text
    assert "It adds up to\n    7 Vertebrae, 0 Chips and 2 cards." in page
    assert "-5 Vertebrae" in page and "Shop purchase" in page


def test_engaging_from_the_page_lists_the_player(ann_client, ann, in_phase_one):
    grant(ann, "2H", "3H", "4H", "5H")
    response = ann_client.post(reverse("hall:battle"), follow=True)
    assert "You engaged in battle" in response.text
    page = ann_client.get(reverse("hall:battle_lobby")).text
    assert "<li>Alice</li>" in page


def test_home_counts_proposals_without_my_vote(ann_client, ann, bo, in_phase_one):
    p = submit_proposal(user=bo.user, title="T", text="x", now=at(1))
    assert "1 open proposal without your vote" in ann_client.get(reverse("hall:home")).text
    ann_client.post(reverse("hall:proposal_vote", args=[p.pk]), {"choice": "against"})
    assert "without your vote" not in ann_client.get(reverse("hall:home")).text
