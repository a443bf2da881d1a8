"""Who may see what in the admin, and the admin's guards against losing or breaking data."""

import datetime as dt
import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.ladder.models import AdminAction, CodeDrop, Contestant, Season
from games.ladder.services.codes import create_drop
from games.ladder.services.days import open_day
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import play_face_down
from tests.conftest import make_user
from tests.ladder.fixtures import TUESDAY_NOON, give

from .test_powers import act

pytestmark = pytest.mark.django_db


@pytest.fixture
def bare_staff(client, db):
    """Staff with no permissions at all: may open the admin, may see nothing in it."""
    user = make_user("intern", is_staff=True)
    client.force_login(user)
    return user


def grant(user, codename: str) -> None:
    user.user_permissions.add(Permission.objects.get(codename=codename))


def test_noon_preview_refuses_staff_without_its_permission(
    client, bare_staff, alice, alice_player, entries, now
):
    give(alice_player, "skip")
    play_face_down(user=alice, card="skip", target_id=entries["ava"].pk)
    response = client.get(reverse("ladder:noon_preview"), follow=True)
    body = response.content.decode()
    assert "needs its own permission" in body
    assert "played Skip" not in body
    assert "Noon preview</a>" not in client.get(reverse("admin:index")).content.decode()

    grant(bare_staff, "preview_noon")
    page = client.get(reverse("ladder:noon_preview")).content.decode()
    assert "<strong>Alice</strong> played Skip on <strong>Ava</strong>" in page


def test_code_export_refuses_staff_without_its_permission(client, bare_staff, admin_user, season):
    drop = create_drop(name="Night", reward="god_pack", count=3, created_by=admin_user)
    grant(bare_staff, "view_codedrop")
    page = client.get(reverse("admin:ladder_codedrop_changelist")).content.decode()
    assert "export_csv" not in page
    response = act(client, "codedrop", "export_csv", [drop.pk])
    assert response["Content-Type"].startswith("text/html")
    assert drop.codes.first().code not in response.content.decode()
    assert not AdminAction.objects.filter(kind="export_codes").exists()

    grant(bare_staff, "export_codes")
    export = act(client, "codedrop", "export_csv", [drop.pk])
    assert export["Content-Type"] == "text/csv"
    assert drop.codes.first().code in export.content.decode()


def test_code_drop_cannot_be_created_already_expired(admin_client, season, now):
    yesterday = now - dt.timedelta(days=1)
    response = admin_client.post(
        reverse("admin:ladder_codedrop_add"),
        {
            "name": "Late",
            "reward": "god_pack",
            "count": "5",
            "expires_at_0": yesterday.strftime("%Y-%m-%d"),
            "expires_at_1": "12:00:00",
        },
    )
    assert response.status_code == 200
    assert "That time has passed" in response.content.decode()
    assert not CodeDrop.objects.exists()


def test_seasons_have_no_bulk_delete(admin_client, season):
    page = admin_client.get(reverse("admin:ladder_season_changelist")).content.decode()
    assert "delete_selected" not in page
    act(admin_client, "season", "delete_selected", [season.pk])
    assert Season.objects.filter(pk=season.pk).exists()


def test_a_season_with_reports_cannot_be_deleted(admin_client, season, alice_player, now):
    open_day(season, now)
    assert resolve_due_noons(TUESDAY_NOON)
    delete = reverse("admin:ladder_season_delete", args=[season.pk])
    assert admin_client.get(delete).status_code == 403
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Season.objects.filter(pk=season.pk).exists()


def test_a_season_without_reports_can_be_deleted_one_at_a_time(admin_client):
    empty = Season.objects.create(name="Typo", starts_on=dt.date(2027, 1, 1))
    admin_client.post(reverse("admin:ladder_season_delete", args=[empty.pk]), {"post": "yes"})
    assert not Season.objects.filter(pk=empty.pk).exists()


def test_long_contestant_name_is_refused_with_a_message(admin_client, season):
    long_name = "Contestant " + "x" * 80
    response = admin_client.post(
        reverse("admin:ladder_season_change", args=[season.pk]),
        {
            "name": season.name,
            "starts_on": "2026-12-01",
            "add_contestants": f"Fay\n{long_name}",
            "entries-TOTAL_FORMS": "0",
            "entries-INITIAL_FORMS": "0",
        },
    )
    assert response.status_code == 200
    assert "is 91 characters; a name has at most 80." in response.content.decode()
    assert not Contestant.objects.filter(name="Fay").exists()  # nothing half-written


def test_admin_index_has_no_inline_style(admin_client, season):
    response = admin_client.get(reverse("admin:index"))
    body = response.content.decode()
    assert not re.search(r"<[^>]+\sstyle=", body)
    assert not re.search(r"<style(?![^>]*nonce)", body)
    assert "admin_site/goonsite-admin.css" in body
    assert "style-src 'self'" in response["Content-Security-Policy"]
