"""H13 The Hall's admin powers in the Django admin, each recorded (H13.3)."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from games.hall.models import Activity, AdminRecord, Card, Cycle, Reputable
from games.hall.services.proposals import cast_proposal_vote, submit_proposal
from games.hall.services.timers import run_due
from tests.hall.fixtures import BEFORE_START, at, balanced, fresh, grant, phase_end

ADMIN_PAGES = [
    "admin:hall_cycle_changelist",
    "admin:hall_cycle_add",
    "admin:hall_player_changelist",
    "admin:hall_proposal_changelist",
    "admin:hall_adminrecord_changelist",
    "admin:hall_ledger_changelist",
    "admin:hall_phase_changelist",
    "admin:hall_gift_changelist",
    "admin:hall_purchase_changelist",
    "admin:hall_trade_changelist",
    "hall:preview",
]


@pytest.fixture
def staff(client, admin_user):
    client.force_login(admin_user)
    return client


@pytest.mark.parametrize("name", ADMIN_PAGES)
def test_admin_pages_for_staff_only(staff, client, alice, cycle, name):
    assert staff.get(reverse(name)).status_code == 200
    client.force_login(alice)
    assert client.get(reverse(name)).status_code == 302


def test_create_a_cycle_at_the_next_noon(staff, admin_user):
    """H1.3, H13.3"""
    with time_machine.travel(BEFORE_START, tick=False):
        response = staff.post(
            reverse("admin:hall_cycle_add"),
            {
                "name": "Cycle 17",
                "starts_at_0": "2026-11-30",
                "starts_at_1": "12:00:00",
                "phase_days": 2,
                "kit_cards": 6,
                "kit_vertebrae": 30,
                "kit_chips": 0,
            },
        )
    assert response.status_code == 302, response.content
    cycle = Cycle.objects.get()
    assert cycle.phases.get().ends_at == cycle.starts_at + dt.timedelta(days=2)
    assert AdminRecord.objects.get(kind="create cycle").actor == admin_user


def test_a_cycle_must_start_in_the_future_and_on_a_noon(staff):
    with time_machine.travel(BEFORE_START, tick=False):
        response = staff.post(
            reverse("admin:hall_cycle_add"),
            {
                "name": "Past",
                "starts_at_0": "2026-11-29",
                "starts_at_1": "12:00:00",
                "phase_days": 1,
                "kit_cards": 0,
                "kit_vertebrae": 0,
                "kit_chips": 0,
            },
        )
    assert response.status_code == 200 and "must be in the future" in response.text
    assert not Cycle.objects.exists()


def test_grant_and_correction_are_recorded_and_booked(staff, ann, cycle):
    """H13.1, H13.3: a grant with a reason, in the ledger and on the public log."""
    [two] = grant(ann, "2C")
    with time_machine.travel(at(1), tick=True):
        response = staff.post(
            reverse("admin:hall_player_change", args=[ann.pk]),
            {
                "add_vertebrae": "15",
                "add_chips": "0",
                "add_cards": "7H QD*",
                "remove_cards": [two.pk],
                "reason": "lost in the Discord era",
            },
        )
    assert response.status_code == 302
    assert fresh(ann).vertebrae == 15
    assert sorted(c.code for c in Card.objects.filter(owner=ann)) == ["7H", "QD*"]
    record = AdminRecord.objects.get(kind="adjust items")
    assert record.reason == "lost in the Discord era" and record.details["removed"] == [two.pk]
    assert Activity.objects.filter(kind="admin", text__contains="lost in the Discord era").exists()
    balanced(ann)


def test_a_grant_without_a_reason_is_refused(staff, ann, cycle):
    with time_machine.travel(at(1), tick=True):
        response = staff.post(
            reverse("admin:hall_player_change", args=[ann.pk]),
            {"add_vertebrae": "15", "add_chips": "0", "add_cards": "", "reason": ""},
        )
    assert response.status_code == 200 and "need a reason" in response.text
    assert fresh(ann).vertebrae == 0


def test_reputable_and_bar_actions(staff, ann, cycle):
    """H2.1, H2.3"""
    url = reverse("admin:hall_player_changelist")
    staff.post(url, {"action": "grant_reputable", "_selected_action": [ann.pk]})
    assert Reputable.objects.filter(user=ann.user).exists()
    staff.post(url, {"action": "bar", "_selected_action": [ann.pk]})
    assert fresh(ann).barred
    assert set(AdminRecord.objects.values_list("kind", flat=True)) >= {"grant reputable", "bar"}


def test_end_the_cycle_with_a_reason(staff, ann, cycle):
    """H1.9"""
    with time_machine.travel(at(1), tick=True):
        response = staff.post(
            reverse("admin:hall_cycle_change", args=[cycle.pk]),
            {
                "phase_days": 1,
                "kit_cards": 0,
                "kit_vertebrae": 0,
                "kit_chips": 0,
                "end_reason_now": "testing ends",
            },
        )
    assert response.status_code == 302
    cycle.refresh_from_db()
    assert not cycle.is_current and cycle.end_reason == "testing ends"


def test_enact_an_adopted_proposal(staff, ann, cycle):
    """H10.7"""
    p = submit_proposal(user=ann.user, title="T", text="x", now=at(1))
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    run_due(phase_end(2))
    staff.post(reverse("admin:hall_proposal_change", args=[p.pk]), {"enact_note": "done"})
    p.refresh_from_db()
    assert p.enacted_note == "done" and AdminRecord.objects.filter(kind="enact").exists()


def test_preview_lists_what_the_boundary_would_do(staff, ann, bo, cycle):
    with time_machine.travel(at(2), tick=True):
        run_due(at(2))
        page = staff.get(reverse("hall:preview")).text
    assert "phase 2 ends" in page and "Inactive in phase 3: 2" in page
    assert cycle.phases.get(number=2).status == "open"
