"""A grant too large for the database is a form message, not "integer out of range" and a
500 (issue 28: a Hall player's add_chips/add_vertebrae of 2,147,483,648 or more)."""

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.hall.models import AdminRecord, Ledger, Player
from goonsite.fields import integer_range
from tests.hall.fixtures import at

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(admin_user):
    client = Client(raise_request_exception=False)
    client.force_login(admin_user)
    return client


def most(asset: str) -> int:
    return integer_range(Player._meta.get_field(asset))[1]


@pytest.mark.parametrize("field", ["add_chips", "add_vertebrae"])
@pytest.mark.parametrize("too_many", ["limit+1", "2147483648", "10" * 30])
def test_a_grant_past_what_a_player_can_hold_is_refused_on_the_form(
    staff, ann, cycle, field, too_many
):
    asset = field.removeprefix("add_")
    amount = most(asset) + 1 if too_many == "limit+1" else int(too_many)
    if amount <= most(asset):
        pytest.skip(f"{amount:,} fits this database's {asset}")  # SQLite's are 64-bit
    with time_machine.travel(at(1), tick=True):
        response = staff.post(
            reverse("admin:hall_player_change", args=[ann.pk]),
            {"add_vertebrae": "0", "add_chips": "0", field: str(amount), "reason": "fuzz"},
        )
    assert response.status_code == 200
    assert f"a player can hold {most(asset):,} at most" in response.text
    ann = Player.objects.get(pk=ann.pk)
    assert (ann.chips, ann.vertebrae) == (0, 0)
    assert not AdminRecord.objects.filter(kind="adjust items").exists()
    assert not Ledger.objects.filter(reason="admin").exists()


def test_the_total_counts_not_just_the_grant(staff, ann, cycle):
    """Each grant fits alone; on top of what the player holds it would not."""
    Player.objects.filter(pk=ann.pk).update(vertebrae=most("vertebrae") - 5)
    with time_machine.travel(at(1), tick=True):
        response = staff.post(
            reverse("admin:hall_player_change", args=[ann.pk]),
            {"add_vertebrae": "6", "add_chips": "0", "reason": "one too many"},
        )
    assert response.status_code == 200 and "at most" in response.text
    assert Player.objects.get(pk=ann.pk).vertebrae == most("vertebrae") - 5
