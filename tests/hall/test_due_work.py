"""One policy for due work (issue 21): only the job runs a phase boundary (H12.1).

An action that finds a boundary due waits for the job a moment (`NOON_WAIT_SECONDS`, as
the ladder's actions wait for noon), then is refused with a message to try again: a
request never runs a boundary itself. Marked `job_runs_apart`: here the job does not
keep up with the test (tests/hall/conftest.py).
"""

from __future__ import annotations

import pytest

from games.hall.models import Game, Gift, Phase, Player, ProposalVote
from games.hall.services.admin import end_cycle
from games.hall.services.due import BEING_COUNTED
from games.hall.services.gifts import give_gift
from games.hall.services.proposals import cast_proposal_vote, submit_proposal
from games.hall.services.timers import run_due
from games.hall.tables.moves import play
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, grant, phase_end
from tests.hall.tables.helpers import all_ready, choose_all, duel
from tests.races import race

pytestmark = pytest.mark.job_runs_apart

HANDS = {"a": ["5H", "6H", "7H", "8H"], "b": ["6S", "10S", "2C", "3C"]}
BOUNDARY = phase_end(2)  # the noon ending phase 2


@pytest.fixture
def at_the_boundary(cycle, ann, bo, cy):
    """Phase 2 under way: a Standard proposal voted in phase 3, a duel being played."""
    run_due(phase_end(1))
    proposal = submit_proposal(user=cy.user, title="Shorter phases", text="…", now=at(2))
    grant(ann, *HANDS["a"], "9H")
    grant(bo, *HANDS["b"], "4C")
    game = duel(ann, bo, now=at(2))
    game = all_ready(choose_all(game, {ann: HANDS["a"], bo: HANDS["b"]}, at(2)), [ann, bo], at(2))
    awaited = ann if game.state["awaiting"]["player"] == f"p{ann.pk}" else bo
    card = game.state["awaiting"]["legal"][0]
    return {
        "gift": lambda: give_gift(user=ann.user, receiver_id=cy.pk, now=BOUNDARY),
        "vote": lambda: cast_proposal_vote(
            user=bo.user, proposal_id=proposal.pk, choice="for", now=BOUNDARY
        ),
        "move": lambda: play(user=awaited.user, game_id=game.pk, card=card, now=BOUNDARY),
        "game": game,
        "awaited": awaited,
    }


def test_an_action_never_runs_the_boundary_it_finds_due(at_the_boundary, cycle):
    """H12.1 With no job running, a gift, a vote and a table move at the boundary's moment
    wait, then are refused in words; nothing is written and the phase is still open."""
    game = at_the_boundary["game"]
    for action in ("gift", "vote", "move"):
        with pytest.raises(Refusal, match=BEING_COUNTED):
            at_the_boundary[action]()
    assert cycle.phases.get(number=2).status == Phase.Status.OPEN
    assert not cycle.phases.filter(number=3).exists()
    assert not Gift.objects.filter(phase__gte=2).exists() and not ProposalVote.objects.exists()
    assert Game.objects.get(pk=game.pk).moves == game.moves


def test_an_admin_ending_the_cycle_waits_for_the_job_too(at_the_boundary, cycle, admin_user):
    """H1.9 The admin's end of a cycle does not run the boundary due before it either."""
    with pytest.raises(Refusal, match=BEING_COUNTED):
        end_cycle(actor=admin_user, cycle=cycle, reason="rehearsal over", now=BOUNDARY)
    cycle.refresh_from_db()
    assert cycle.is_current and cycle.phases.get(number=2).status == Phase.Status.OPEN
    run_due(BOUNDARY)  # the job
    end_cycle(actor=admin_user, cycle=cycle, reason="rehearsal over", now=BOUNDARY)
    cycle.refresh_from_db()
    assert not cycle.is_current and cycle.phases.get(number=2).status == Phase.Status.CLOSED


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_gift_a_vote_and_a_move_racing_the_boundary_land_once_after_it(
    at_the_boundary, cycle, ann, bo, settings
):
    """H1.8, H12.1 The job runs the boundary while the three arrive at its moment: each
    waits for the job, then lands once, in phase 3 (the boundary never counts them)."""
    settings.NOON_WAIT_SECONDS = 30  # the job's boundary takes well under that
    game, awaited = at_the_boundary["game"], at_the_boundary["awaited"]
    results = race(
        lambda: run_due(BOUNDARY),
        at_the_boundary["gift"],
        at_the_boundary["vote"],
        at_the_boundary["move"],
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert results[0] == 1  # the job ran the one boundary
    assert cycle.phases.get(number=2).status == Phase.Status.CLOSED
    assert cycle.phases.get(number=3).status == Phase.Status.OPEN
    assert list(Gift.objects.filter(giver=ann).values_list("phase", flat=True)) == [3]
    assert ProposalVote.objects.filter(player=bo).count() == 1
    game_now = Game.objects.get(pk=game.pk)
    assert len(game_now.moves) == len(game.moves) + 1
    assert game_now.moves[-1]["player"] == f"p{awaited.pk}"
    assert Player.objects.get(pk=awaited.pk).last_action_phase == 3


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_when_the_job_is_slower_than_the_wait_the_actions_are_refused_whole(
    at_the_boundary, cycle, settings
):
    """Each lands once after the boundary or is refused with the message; never half."""
    settings.NOON_WAIT_SECONDS = 0
    game = at_the_boundary["game"]
    results = race(
        lambda: run_due(BOUNDARY),
        at_the_boundary["gift"],
        at_the_boundary["vote"],
        at_the_boundary["move"],
    )
    assert results[0] == 1
    gift, vote, move = results[1:]
    for result in (gift, vote, move):
        assert not isinstance(result, Exception) or (
            isinstance(result, Refusal) and result.message == BEING_COUNTED
        ), result
    assert not Gift.objects.filter(phase=2, giver__cycle=cycle).exists()  # never before it
    assert Gift.objects.filter(phase=3).count() == (not isinstance(gift, Exception))
    assert ProposalVote.objects.count() == (not isinstance(vote, Exception))
    moves = len(Game.objects.get(pk=game.pk).moves)
    assert moves == len(game.moves) + (not isinstance(move, Exception))
