"""H10 Proposals."""

import pytest

from games.hall.models import Proposal
from games.hall.services.boundary import run_boundary
from games.hall.services.proposals import (
    cast_proposal_vote,
    edit_proposal,
    mark_enacted,
    submit_proposal,
    withdraw_proposal,
)
from games.hall.services.timers import run_due
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, phase_end, reputable


def submit(player, title="More chips", klass="standard", when=None):
    return submit_proposal(
        user=player.user, title=title, text="Let it be so.", klass=klass, now=when or at(1)
    )


def test_standard_votes_in_the_next_phase_and_more_for_adopts(ann, bo, cy, cycle):
    """H10.3 submitted in phase 1 → voted through phase 2; H10.5 more For than Against."""
    p = submit(ann)
    assert p.vote_phase == 2 and p.number == 1
    cast_proposal_vote(
        user=ann.user, proposal_id=p.pk, choice="for", now=at(1)
    )  # early votes stand
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="for", now=at(2))
    cast_proposal_vote(user=cy.user, proposal_id=p.pk, choice="against", now=at(2))
    run_due(phase_end(1))
    assert Proposal.objects.get(pk=p.pk).status == Proposal.Status.OPEN  # not at phase 1's end
    run_due(phase_end(2))
    p.refresh_from_db()
    assert (p.status, p.amendment, p.votes_for, p.votes_against) == ("adopted", 1, 2, 1)


def test_a_tie_fails(ann, bo):
    """H10.5"""
    p = submit(ann)
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="against", now=at(2))
    run_due(phase_end(2))
    p.refresh_from_db()
    assert p.status == "failed" and p.amendment is None


def test_changed_and_cleared_votes_only_the_standing_one_counts(ann, bo):
    """H10.4"""
    p = submit(ann)
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="against", now=at(1))
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="for", now=at(2))
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="against", now=at(2))
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice=None, now=at(2, 16))
    run_due(phase_end(2))
    p.refresh_from_db()
    assert (p.votes_for, p.votes_against, p.status) == (1, 0, "adopted")


def test_votes_after_the_period_are_refused(ann, bo):
    """H10.4, H12.1 the deadline wins."""
    p = submit(ann)
    with pytest.raises(Refusal, match="has ended"):
        cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="for", now=at(3))


def test_urgent_only_for_reputable_players(ann, bo):
    """H10.2"""
    with pytest.raises(Refusal, match="reputable"):
        submit(bo, klass="urgent")
    reputable(ann.user)
    p = submit(ann, klass="urgent")
    assert p.ends_at == at(1) + __import__("datetime").timedelta(hours=48)


def test_urgent_popular_with_at_most_two_against_decided_at_48h(ann, bo, cy, cycle):
    """H10.3, H10.5, H12.4 (its end is not on a boundary: 15:00 two days later)."""
    reputable(ann.user)
    p = submit(ann, klass="urgent")
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="against", now=at(1, 16))
    cast_proposal_vote(user=cy.user, proposal_id=p.pk, choice="against", now=at(2))
    run_due(at(3, 14, 59))
    assert Proposal.objects.get(pk=p.pk).status == "open"
    run_due(at(3, 15))
    p.refresh_from_db()
    assert (p.status, p.votes_against, p.amendment) == ("adopted", 2, 1)


def test_adopted_in_creation_order(ann, bo):
    """H10.7 proposals ending together get amendments in creation order."""
    first, second = submit(ann, "First"), submit(bo, "Second")
    for p in (second, first):
        cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    run_due(phase_end(2))
    assert [(p.number, p.amendment) for p in Proposal.objects.order_by("number")] == [
        (1, 1),
        (2, 2),
    ]


def test_withdrawn_never_takes_effect_and_only_the_author_withdraws(ann, bo):
    """H10.6"""
    p = submit(ann)
    with pytest.raises(Refusal, match="Only its author"):
        withdraw_proposal(user=bo.user, proposal_id=p.pk, now=at(1))
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="for", now=at(1))
    withdraw_proposal(user=ann.user, proposal_id=p.pk, now=at(2))
    run_due(phase_end(2))
    assert Proposal.objects.get(pk=p.pk).status == "withdrawn"


def test_editing_withdraws_and_reopens_with_a_new_number_and_period(ann):
    """H10.6 the draft's 'edited' disqualifies the original."""
    p = submit(ann)
    new = edit_proposal(user=ann.user, proposal_id=p.pk, title="Fewer", text="x", now=at(2))
    p.refresh_from_db()
    assert p.status == "edited" and p.replaced_by == new
    assert new.number == 2 and new.vote_phase == 3


def test_votes_of_barred_players_do_not_count(ann, bo, cy):
    """H2.1"""
    p = submit(ann)
    cast_proposal_vote(user=bo.user, proposal_id=p.pk, choice="against", now=at(2))
    cast_proposal_vote(user=cy.user, proposal_id=p.pk, choice="for", now=at(2))
    type(bo).objects.filter(pk=bo.pk).update(barred=True)
    run_due(phase_end(2))
    assert Proposal.objects.get(pk=p.pk).status == "adopted"


def test_an_admin_marks_an_adopted_proposal_enacted(ann, admin_user):
    """H10.7, H13.3"""
    p = submit(ann)
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    run_due(phase_end(2))
    mark_enacted(actor=admin_user, proposal=p, note_text="Done in the admin.")
    p.refresh_from_db()
    assert p.enacted_at and p.enacted_note == "Done in the admin."
    with pytest.raises(Refusal, match="enacted already"):
        mark_enacted(actor=admin_user, proposal=p, note_text="again")


def test_the_boundary_runs_once(ann, cycle):
    """H12.1"""
    p = submit(ann)
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    run_due(phase_end(2))
    phase2 = cycle.phases.get(number=2)
    assert run_boundary(phase2.pk) is None
    assert cycle.phases.count() == 3
    assert Proposal.objects.get(pk=p.pk).amendment == 1


def test_editing_an_urgent_proposal_needs_the_flag_still(ann, cycle):
    """H10.2, H10.6: the edit is a new Urgent proposal."""
    from games.hall.models import Reputable

    reputable(ann.user)
    p = submit(ann, klass="urgent")
    Reputable.objects.filter(user=ann.user).delete()
    with pytest.raises(Refusal, match="reputable"):
        edit_proposal(user=ann.user, proposal_id=p.pk, title="T", text="x", now=at(1, 16))
    assert Proposal.objects.get(pk=p.pk).status == "open"
