"""Deleting an account: the player is gone, the game's history is not."""

import pytest
from django.urls import reverse

from accounts.models import PushSubscription, User
from games.ladder.models import LadderEntry, NoonReport, PlayerSeason, Vote
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import TUESDAY_NOON, give

pytestmark = pytest.mark.django_db


def test_deleted_account_leaves_ladder_and_reports_unchanged(
    client, alice, alice_player, entries, now
):
    give(alice_player, "boost")
    cast_vote(user=alice, entry_id=entries["eli"].pk, direction="up", now=now)
    play_face_down(user=alice, card="boost", target_id=entries["eli"].pk, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    PushSubscription.objects.create(
        user=alice, endpoint="https://push.example/a", p256dh="k", auth="a"
    )
    ladder_before = list(LadderEntry.objects.values_list("contestant__name", "score", "upvotes"))
    report_page = reverse("ladder:report", args=[report.pk])

    client.force_login(alice)
    refused = client.post(reverse("accounts:delete"), {"confirm": "yes"})
    assert "Type DELETE" in refused.content.decode()
    response = client.post(reverse("accounts:delete"), {"confirm": "DELETE"}, follow=True)
    assert "Your account is deleted" in response.content.decode()
    assert "_auth_user_id" not in client.session

    gone = User.objects.get(pk=alice.pk)
    assert gone.display_name == f"Former gooner {alice.pk}"
    assert (gone.username, gone.email, gone.is_active) == (f"left-{alice.pk}", "", False)
    assert not gone.has_usable_password()
    assert not PushSubscription.objects.filter(user=gone).exists()
    # The game's history stays: the season's player, their vote, the ladder and the report.
    assert PlayerSeason.objects.filter(user=gone).exists()
    assert Vote.objects.filter(player__user=gone).count() == 1
    assert (
        list(LadderEntry.objects.values_list("contestant__name", "score", "upvotes"))
        == ladder_before
    )
    assert NoonReport.objects.get(pk=report.pk).outcome == report.outcome

    assert (
        client.post(
            reverse("accounts:login"), {"username": "alice", "password": "correct-horse-battery"}
        ).status_code
        == 200
    )  # the old log-in is refused
    client.force_login(User.objects.create_user(username="reader", password="x", display_name="R"))
    body = " ".join(client.get(report_page).content.decode().split())
    assert "<strong>Alice</strong> played Boost on <strong>Eli</strong>" in body


def test_a_new_player_may_not_take_the_anonymous_name(client):
    from django.core.exceptions import ValidationError

    from accounts.names import clean_display_name

    with pytest.raises(ValidationError, match="reserved"):
        clean_display_name("Former gooner 7")
