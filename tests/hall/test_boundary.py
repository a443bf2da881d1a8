"""H12 The phase boundary: its steps in order, exactly once, catching up after downtime."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.hall.models import Activity, Engagement, Phase, Player
from games.hall.services.battle import engage, withdraw_engagement
from games.hall.services.boundary import preview_boundary, run_boundary
from games.hall.services.gifts import give_gift
from games.hall.services.players import join
from games.hall.services.proposals import submit_proposal
from games.hall.services.timers import run_due
from goonsite.refusal import Refusal
from tests.hall.fixtures import BEFORE_START, at, fresh, grant, phase_end


def test_inactive_is_fixed_at_the_boundary_and_public(ann, bo, cy, cycle):
    """H4.2, H12.2 step 2: no action in phase 1 → inactive all of phase 2."""
    give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))
    run_due(phase_end(1))
    assert [fresh(p).inactive for p in (ann, bo, cy)] == [False, True, True]
    give_gift(user=bo.user, receiver_id=ann.pk, now=at(2))
    assert fresh(bo).inactive  # acting does not change it during the phase
    report = cycle.phases.get(number=1).report
    assert report["inactive"] == {"count": 2, "names": ["Bob", "Charlie"]}
    assert "gift" in report["log"]


def test_a_player_joining_mid_cycle_is_active_in_that_phase(alice, bob, cycle):
    """H4.2"""
    join(user=alice, now=BEFORE_START)
    run_due(phase_end(2))
    late, _ = join(user=bob, now=at(3))
    assert late.joined_phase == 3 and not late.inactive
    run_due(phase_end(3))
    assert fresh(late).inactive


def test_catch_up_runs_missed_boundaries_in_order(ann, cycle):
    """H12.1 after downtime, every boundary once, in order."""
    assert run_due(phase_end(4)) == 4
    assert list(cycle.phases.values_list("number", "status")) == [
        (1, "closed"),
        (2, "closed"),
        (3, "closed"),
        (4, "closed"),
        (5, "open"),
    ]
    assert run_due(phase_end(4)) == 0
    assert Activity.objects.filter(kind="boundary").count() == 4


def test_an_action_after_the_noon_lands_in_the_next_phase(ann, bo, cycle):
    """H1.8: the job has not run yet; the action runs the boundary first."""
    gift = give_gift(user=ann.user, receiver_id=bo.pk, now=phase_end(1))
    assert gift.phase == 2
    assert cycle.phases.get(number=1).status == Phase.Status.CLOSED


def test_engaging_needs_four_unlocked_cards_and_is_counted_at_the_boundary(ann, bo, cycle):
    """H7.2, H7.3 (the battle forms at the Exoptosis tables: the seam reports, lapses)."""
    with pytest.raises(Refusal, match="at least 4"):
        engage(user=ann.user, now=at(1))
    grant(ann, "2H", "3H", "4H", "5H")
    grant(bo, "2S", "3S", "4S", "5S")
    engage(user=ann.user, now=at(1))
    with pytest.raises(Refusal, match="already engaged"):
        engage(user=ann.user, now=at(1))
    engage(user=bo.user, now=at(1))
    withdraw_engagement(user=bo.user, now=at(1, 16))
    run_due(phase_end(1))
    battle = cycle.phases.get(number=1).report["battle"]
    assert (battle["engaged"], battle["eligible"], battle["formed"]) == (1, 1, False)
    assert Engagement.objects.count() == 1


def test_preview_is_a_dry_run(ann, bo, cycle):
    """H13.1 the admin's preview writes nothing."""
    give_gift(user=ann.user, receiver_id=bo.pk, now=at(2))
    preview = preview_boundary(cycle)
    assert preview["phase"].number == 2
    assert preview["inactive"] == ["Bob"]  # Alice acted in phase 2
    assert preview["lapsing_bonuses"] == 1  # Bob, inactive, has not acted
    assert cycle.phases.get(number=2).status == "open"


def test_boundary_queries_do_not_grow_with_players(cycle):
    """H12.2 a fixed number of queries whatever the number of players."""

    def add_players_and_a_proposal(n: int, phase: int) -> None:
        for i in range(n):
            u = User.objects.create_user(
                username=f"p{phase}_{i}", password="x", display_name=f"P{phase} {i}"
            )
            Player.objects.create(cycle=cycle, user=u, joined_phase=0)
        submit_proposal(user=u, title="T", text="x", now=at(phase))

    def boundary_queries(phase: int) -> int:
        with CaptureQueriesContext(connection) as ctx:
            run_boundary(cycle.phases.get(number=phase).pk)
        return len(ctx.captured_queries)

    add_players_and_a_proposal(3, 1)
    run_due(phase_end(1))
    add_players_and_a_proposal(3, 2)
    small = boundary_queries(2)  # 3 players, a proposal ending
    add_players_and_a_proposal(60, 3)
    large = boundary_queries(3)  # 63 players, a proposal ending
    assert small == large


def test_a_phase_across_the_dst_change_lasts_23_hours(db, admin_user):
    """H1.4 a day is noon to noon on the local clock (US DST starts Sunday March 14, 2027)."""
    import datetime as dt

    from games.hall.services.admin import create_cycle
    from goonsite.clock import CENTRAL

    start = dt.datetime(2027, 3, 13, 12, tzinfo=CENTRAL)
    cycle = create_cycle(
        actor=admin_user, name="Spring", starts_at=start, now=start - dt.timedelta(days=1)
    )
    run_due(start + dt.timedelta(days=2))
    first, second = cycle.phases.order_by("number")[:2]
    assert first.ends_at - first.starts_at == dt.timedelta(hours=23)
    assert second.ends_at - second.starts_at == dt.timedelta(hours=24)


def test_an_urgent_proposal_ending_at_a_boundary_is_decided_in_step_4(ann, bo, cycle):
    """H12.4: events due at a boundary's moment run before it, except proposals, which the
    boundary decides in step 4 with the Standard ones, in creation order (H10.7)."""
    import datetime as dt

    from games.hall.models import Proposal
    from games.hall.services.proposals import cast_proposal_vote
    from tests.hall.fixtures import reputable

    reputable(ann.user)
    # Urgent, submitted at phase 1's noon + 0: it ends exactly at phase 3's boundary.
    urgent = submit_proposal(
        user=ann.user, title="Urgent", text="x", klass="urgent", now=phase_end(1)
    )
    standard = submit_proposal(user=ann.user, title="Standard", text="x", now=at(2))
    cast_proposal_vote(user=ann.user, proposal_id=standard.pk, choice="for", now=at(3))
    assert urgent.ends_at == phase_end(1) + dt.timedelta(hours=48) == phase_end(3)
    run_due(phase_end(3))
    urgent.refresh_from_db()
    standard.refresh_from_db()
    assert (urgent.amendment, standard.amendment) == (1, 2)  # one step, creation order
    assert cycle.phases.get(number=3).report["proposals"][0]["number"] == urgent.number
    assert Proposal.objects.filter(status="open").count() == 0
