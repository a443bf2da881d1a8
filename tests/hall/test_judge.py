"""H11 The Judge and the elections."""

import datetime as dt

import pytest

from games.hall.models import ConfidenceVote, Cycle, Election, JusticeRequest, Ruling
from games.hall.services.elections import submit_candidacy, vote_candidacy, withdraw_candidacy
from games.hall.services.judge import (
    assent_to_removal,
    cast_confidence,
    issue_ruling,
    open_confidence_vote,
    self_overturn,
    step_down,
    submit_request,
    withdraw_assent,
)
from games.hall.services.timers import run_due
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, phase_end, reputable


def judge_of(cycle):
    return Cycle.objects.get(pk=cycle.pk).judge


def elect(cycle, winner, *voters, day=1):
    """A week-1 election that `winner` wins (decided at the noon ending day 7)."""
    reputable(winner.user)
    candidacy = submit_candidacy(user=winner.user, now=at(day))
    for v in voters:
        vote_candidacy(user=v.user, candidacy_id=candidacy.pk, choice="support", now=at(day))
    run_due(phase_end(7))
    assert judge_of(cycle) == winner
    return candidacy


def test_office_starts_vacant_and_an_election_fills_it(ann, bo, cycle):
    """H11.1, H11.10, H12.2 step 6"""
    assert judge_of(cycle) is None
    elect(cycle, ann, bo)
    assert Election.objects.get(week=1).winner == ann


def test_most_support_wins_ties_to_the_earliest_and_unpopular_never(ann, bo, cy, cycle):
    """H11.10"""
    for p in (ann, bo, cy):
        reputable(p.user)
    a = submit_candidacy(user=ann.user, now=at(1))
    b = submit_candidacy(user=bo.user, now=at(2))
    c = submit_candidacy(user=cy.user, now=at(3))
    for cand in (a, b):
        for v in (ann, bo):
            vote_candidacy(user=v.user, candidacy_id=cand.pk, choice="support", now=at(4))
    vote_candidacy(user=cy.user, candidacy_id=c.pk, choice="support", now=at(4))
    for v in (ann, bo):
        vote_candidacy(user=v.user, candidacy_id=c.pk, choice="oppose", now=at(4))
    run_due(phase_end(7))
    assert judge_of(cycle) == ann  # a and b tie on 2 support: the earliest wins


def test_no_popular_candidacy_leaves_the_office(ann, bo, cycle):
    reputable(ann.user)
    c = submit_candidacy(user=ann.user, now=at(1))
    vote_candidacy(user=bo.user, candidacy_id=c.pk, choice="oppose", now=at(1))
    run_due(phase_end(7))
    assert judge_of(cycle) is None and Election.objects.get(week=1).winner is None


def test_candidacy_needs_reputable_once_per_week(ann, bo):
    """H11.10"""
    with pytest.raises(Refusal, match="reputable"):
        submit_candidacy(user=bo.user, now=at(1))
    reputable(ann.user)
    c = submit_candidacy(user=ann.user, now=at(1))
    withdraw_candidacy(user=ann.user, candidacy_id=c.pk, now=at(2))
    with pytest.raises(Refusal, match="one candidacy a week"):
        submit_candidacy(user=ann.user, now=at(3))
    submit_candidacy(user=ann.user, now=at(8))  # week 2


def test_week_end_without_a_boundary_decides_alone(ann, bo, cycle, admin_user):
    """H12.3: with 2-day phases, day 7's noon is not a boundary."""
    from games.hall.services.admin import set_phase_length

    set_phase_length(actor=admin_user, cycle=cycle, days=2)
    reputable(ann.user)
    c = submit_candidacy(user=ann.user, now=at(1))
    vote_candidacy(user=bo.user, candidacy_id=c.pk, choice="support", now=at(1))
    run_due(phase_end(7) + dt.timedelta(minutes=1))
    assert judge_of(cycle) == ann
    # Phase 1 kept its 1-day end (H1.4); then 2-day phases: 2→4, 4→6, 6→8.
    ends = [p.ends_at for p in cycle.phases.order_by("number")]
    assert ends[:4] == [phase_end(1), phase_end(3), phase_end(5), phase_end(7)]


def test_ruling_rules_and_refusals(ann, bo, cy, cycle):
    """H11.4, H11.5"""
    elect(cycle, ann, bo)
    own = submit_request(user=ann.user, kind="question", text="Mine?", now=at(8))
    q = submit_request(user=bo.user, kind="statement", text="Jokers are red.", now=at(8))
    with pytest.raises(Refusal, match="own request"):
        issue_ruling(user=ann.user, request_id=own.pk, answer="yes", now=at(8))
    with pytest.raises(Refusal, match="Only the Judge"):
        issue_ruling(user=bo.user, request_id=q.pk, truth=True, now=at(8))
    with pytest.raises(Refusal, match="TRUE or FALSE"):
        issue_ruling(user=ann.user, request_id=q.pk, now=at(8))
    ruling = issue_ruling(user=ann.user, request_id=q.pk, truth=False, now=at(8))
    assert ruling.verdict == "FALSE"
    assert JusticeRequest.objects.get(pk=q.pk).status == "answered"


def test_confidence_vote_overturns_and_reopens_the_request(ann, bo, cy, cycle):
    """H11.6, H11.8"""
    elect(cycle, ann, bo)
    q = submit_request(user=bo.user, kind="question", text="May I?", now=at(8))
    ruling = issue_ruling(user=ann.user, request_id=q.pk, answer="No.", now=at(8))
    vote = open_confidence_vote(user=cy.user, ruling_id=ruling.pk, now=at(9))
    with pytest.raises(Refusal, match="one per ruling"):
        open_confidence_vote(user=bo.user, ruling_id=ruling.pk, now=at(9))
    cast_confidence(user=bo.user, vote_id=vote.pk, choice="overturn", now=at(9))
    cast_confidence(user=cy.user, vote_id=vote.pk, choice="overturn", now=at(9))
    cast_confidence(user=ann.user, vote_id=vote.pk, choice="affirm", now=at(9))
    with pytest.raises(Refusal, match="has ended"):
        cast_confidence(user=ann.user, vote_id=vote.pk, choice="overturn", now=at(11))
    run_due(at(11))
    assert ConfidenceVote.objects.get(pk=vote.pk).status == "overturned"
    assert Ruling.objects.get(pk=ruling.pk).overturned == "confidence"
    assert JusticeRequest.objects.get(pk=q.pk).status == "open"


def test_confidence_vote_only_within_96_hours_and_a_tie_affirms(ann, bo, cy, cycle):
    """H11.6"""
    elect(cycle, ann, bo)
    q = submit_request(user=bo.user, kind="question", text="?", now=at(8))
    ruling = issue_ruling(user=ann.user, request_id=q.pk, answer="!", now=at(8))
    with pytest.raises(Refusal, match="within 4 days"):
        open_confidence_vote(user=cy.user, ruling_id=ruling.pk, now=at(12))
    vote = open_confidence_vote(user=cy.user, ruling_id=ruling.pk, now=at(11, 14))
    cast_confidence(user=bo.user, vote_id=vote.pk, choice="overturn", now=at(11, 15))
    cast_confidence(user=ann.user, vote_id=vote.pk, choice="affirm", now=at(11, 15))
    run_due(at(13, 14))
    assert ConfidenceVote.objects.get(pk=vote.pk).status == "affirmed"


def test_self_overturn_within_a_week_gives_a_new_ruling(ann, bo, cy, cycle):
    """H11.7"""
    elect(cycle, ann, bo)
    q = submit_request(user=bo.user, kind="question", text="?", now=at(8))
    ruling = issue_ruling(user=ann.user, request_id=q.pk, answer="Yes.", now=at(8))
    vote = open_confidence_vote(user=cy.user, ruling_id=ruling.pk, now=at(9))
    new = self_overturn(user=ann.user, ruling_id=ruling.pk, answer="No.", now=at(10))
    assert Ruling.objects.get(pk=ruling.pk).overturned == "judge"
    assert ConfidenceVote.objects.get(pk=vote.pk).status == "closed"
    assert new.answer == "No." and new.request_id == q.pk
    with pytest.raises(Refusal, match="within one week"):
        self_overturn(user=ann.user, ruling_id=new.pk, answer="Maybe.", now=at(17, 16))


def test_two_assents_remove_the_judge_and_lapse_with_the_office(ann, bo, cy, cycle):
    """H11.2"""
    elect(cycle, ann, bo)
    with pytest.raises(Refusal, match="their own removal"):
        assent_to_removal(user=ann.user, reason="abuse", now=at(8))
    assert not assent_to_removal(user=bo.user, reason="abuse", now=at(8))
    with pytest.raises(Refusal, match="already assented"):
        assent_to_removal(user=bo.user, reason="abuse", now=at(8))
    withdraw_assent(user=bo.user, now=at(8))
    assert not assent_to_removal(user=bo.user, reason="abuse", now=at(8))
    assert assent_to_removal(user=cy.user, reason="abuse", now=at(8))
    assert judge_of(cycle) is None


def test_stepping_down_vacates_at_once(ann, bo, cycle):
    """H11.3"""
    elect(cycle, ann, bo)
    with pytest.raises(Refusal, match="Only the Judge"):
        step_down(user=bo.user, now=at(8))
    step_down(user=ann.user, now=at(8))
    assert judge_of(cycle) is None
