"""A ballot's choice that is not a choice (a NUL byte, as fuzzed in issue 28) is refused
with the ballot's own message, and the vote already cast stands (H10.4, H11.6, H11.10)."""

import pytest
from django.test import Client
from django.urls import reverse

from games.hall.models import (
    Candidacy,
    CandidacyVote,
    ConfidenceBallot,
    Cycle,
    JusticeRequest,
    ProposalVote,
    Ruling,
)
from games.hall.services.proposals import submit_proposal
from tests.hall.fixtures import reputable

pytestmark = pytest.mark.django_db

NOT_CHOICES = ["\x00", "for\x00", "maybe", "x" * 5000]


@pytest.fixture
def bo_client(bo):
    other = Client()
    other.force_login(bo.user)
    return other


def vote_twice(client, url: str, good: str, bad: str):
    client.post(url, {"choice": good})
    return client.post(url, {"choice": bad}, follow=True)


@pytest.mark.parametrize("bad", NOT_CHOICES)
def test_proposal_vote_h10_4(ann, bo, bo_client, in_phase_one, bad):
    reputable(ann.user)
    proposal = submit_proposal(user=ann.user, title="T", text="x", klass="urgent")
    url = reverse("hall:proposal_vote", args=[proposal.pk])
    response = vote_twice(bo_client, url, "for", bad)
    assert response.status_code == 200
    assert "Vote For or Against, or clear your vote (H10.4)." in response.text
    assert ProposalVote.objects.get().choice == "for"


@pytest.mark.parametrize("bad", NOT_CHOICES)
def test_confidence_vote_h11_6(ann, bo, bo_client, ann_client, cycle, in_phase_one, bad):
    bo_client.post(reverse("hall:request_submit"), {"kind": "statement", "text": "Sky is red."})
    Cycle.objects.filter(pk=cycle.pk).update(judge=ann, judge_term=1)
    ann_client.post(
        reverse("hall:rule", args=[JusticeRequest.objects.get().pk]), {"truth": "false"}
    )
    ruling = Ruling.objects.get()
    bo_client.post(reverse("hall:confidence_open", args=[ruling.pk]))
    url = reverse("hall:confidence_vote", args=[ruling.confidence.pk])
    response = vote_twice(bo_client, url, "overturn", bad)
    assert response.status_code == 200
    assert "Vote Affirm or Overturn, or clear your vote (H11.6)." in response.text
    assert ConfidenceBallot.objects.get().choice == "overturn"


@pytest.mark.parametrize("bad", NOT_CHOICES)
def test_candidacy_vote_h11_10(ann, bo, bo_client, ann_client, in_phase_one, bad):
    reputable(ann.user)
    ann_client.post(reverse("hall:candidacy"))
    url = reverse("hall:candidacy_vote", args=[Candidacy.objects.get().pk])
    response = vote_twice(bo_client, url, "support", bad)
    assert response.status_code == 200
    assert "Support or Oppose, or clear your vote (H11.10)." in response.text
    assert CandidacyVote.objects.get().choice == "support"
