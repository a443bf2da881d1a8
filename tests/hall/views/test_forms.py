"""The Hall's action forms end to end: trades, justice, elections; refusals are messages."""

import pytest
from django.test import Client
from django.urls import reverse

from games.hall.models import (
    Candidacy,
    Card,
    ConfidenceBallot,
    Cycle,
    JusticeRequest,
    Proposal,
    RemovalAssent,
    Ruling,
    Trade,
)
from games.hall.services.judge import submit_request
from tests.hall.fixtures import grant, reputable


@pytest.fixture
def bo_client(bo):
    """A second browser: the `client` fixture is Alice's."""
    other = Client()
    other.force_login(bo.user)
    return other


def make_judge(cycle, player):
    Cycle.objects.filter(pk=cycle.pk).update(judge=player, judge_term=1)


def test_offer_and_accept_a_trade_through_the_pages(ann_client, bo_client, ann, bo, in_phase_one):
    [mine] = grant(ann, "9S")
    page = ann_client.get(reverse("hall:trade_new", args=[bo.pk])).text
    assert "9 of Spades" in page
    response = ann_client.post(
        reverse("hall:trade_offer", args=[bo.pk]),
        {"give_cards": [mine.pk], "give_vertebrae": 0, "ask_vertebrae": 0},
        follow=True,
    )
    assert "Offer sent to Bob: 9 of Spades for nothing." in response.text
    trade = Trade.objects.get()
    page = bo_client.get(reverse("hall:inventory", args=[bo.pk])).text
    assert "Alice offers you: 9 of Spades for nothing" in page
    assert "Alice offers you" not in ann_client.get(reverse("hall:inventory", args=[bo.pk])).text
    response = bo_client.post(
        reverse("hall:trade_answer", args=[trade.pk]), {"answer": "accept"}, follow=True
    )
    assert "Trade done" in response.text
    assert Card.objects.get(pk=mine.pk).owner_id == bo.pk


def test_a_trade_with_a_negative_amount_is_a_form_message(ann_client, ann, bo, in_phase_one):
    response = ann_client.post(
        reverse("hall:trade_offer", args=[bo.pk]), {"give_vertebrae": -3}, follow=True
    )
    assert response.status_code == 200 and "greater than or equal to 0" in response.text
    assert not Trade.objects.exists()


def test_submit_a_proposal_and_urgent_is_refused_without_the_flag(ann_client, in_phase_one):
    response = ann_client.post(
        reverse("hall:proposal_submit"),
        {"title": "Now", "text": "Fix it.", "klass": "urgent"},
        follow=True,
    )
    assert "Only a reputable player can submit an Urgent proposal (H10.2)." in response.text
    ann_client.post(
        reverse("hall:proposal_submit"), {"title": "Later", "text": "x", "klass": "standard"}
    )
    assert Proposal.objects.get().title == "Later"


def test_request_ruling_and_confidence_vote_through_the_pages(
    ann_client, bo_client, ann, bo, cycle, in_phase_one
):
    bo_client.post(reverse("hall:request_submit"), {"kind": "statement", "text": "Sky is red."})
    request = JusticeRequest.objects.get()
    response = ann_client.post(
        reverse("hall:rule", args=[request.pk]), {"truth": "false"}, follow=True
    )
    assert "Only the Judge can issue rulings" in response.text
    make_judge(cycle, ann)
    ann_client.post(reverse("hall:rule", args=[request.pk]), {"truth": "false"})
    ruling = Ruling.objects.get()
    assert ruling.verdict == "FALSE"
    bo_client.post(reverse("hall:confidence_open", args=[ruling.pk]))
    vote = ruling.confidence
    bo_client.post(reverse("hall:confidence_vote", args=[vote.pk]), {"choice": "overturn"})
    assert ConfidenceBallot.objects.get().choice == "overturn"
    page = ann_client.get(reverse("hall:justice")).text
    assert "Bob: Overturn" in page and "does not blatantly and obviously contradict" in page


def test_removal_assent_needs_a_reason_and_two_remove(
    ann_client, bo_client, ann, bo, cy, cycle, in_phase_one
):
    make_judge(cycle, ann)
    response = bo_client.post(reverse("hall:removal"), {"reason": ""}, follow=True)
    assert "Give a reason" in response.text
    bo_client.post(reverse("hall:removal"), {"reason": "abuse"})
    cy_client = Client()
    cy_client.force_login(cy.user)
    response = cy_client.post(reverse("hall:removal"), {"reason": "abuse"}, follow=True)
    assert "the Judge is removed" in response.text
    assert Cycle.objects.get(pk=cycle.pk).judge is None
    assert RemovalAssent.objects.count() == 2


def test_stand_and_vote_in_an_election(ann_client, bo_client, ann, bo, in_phase_one):
    response = ann_client.post(reverse("hall:candidacy"), follow=True)
    assert "Only a reputable player can stand for Judge" in response.text
    reputable(ann.user)
    ann_client.post(reverse("hall:candidacy"))
    candidacy = Candidacy.objects.get()
    bo_client.post(reverse("hall:candidacy_vote", args=[candidacy.pk]), {"choice": "support"})
    page = bo_client.get(reverse("hall:elections")).text
    assert "Support 1 (Bob)" in page


def test_outsider_posts_are_refused_politely(client, charlie, bo, in_phase_one):
    client.force_login(charlie)
    response = client.post(reverse("hall:gift"), {"receiver": bo.pk}, follow=True)
    assert response.status_code == 200 and "Join Cycle 16 first" in response.text


def test_a_withdrawn_request(bo_client, bo, in_phase_one, cycle):
    request = submit_request(user=bo.user, kind="question", text="?")
    bo_client.post(reverse("hall:request_withdraw", args=[request.pk]))
    assert JusticeRequest.objects.get().status == "withdrawn"


@pytest.mark.parametrize("name", ["hall:proposals", "hall:justice", "hall:log", "hall:home"])
def test_list_pages_query_budget(
    ann_client, ann, bo, cy, in_phase_one, name, django_assert_max_num_queries
):
    for p in (ann, bo, cy):
        grant(p, "2H", vertebrae=5)
        submit_request(user=p.user, kind="question", text="?")
    with django_assert_max_num_queries(25):
        ann_client.get(reverse(name))
