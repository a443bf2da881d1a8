"""The owners' powers in the Django admin (R2, R7, R9), each recorded, none for non-staff."""

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse

from games.ladder.models import (
    AdminAction,
    Code,
    CodeDrop,
    HeldCard,
    LadderEntry,
    NoonReport,
    Play,
    Season,
)
from games.ladder.services import admin as powers
from games.ladder.services.codes import redeem_code
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import TUESDAY_NOON, give

ADMIN_PAGES = [
    "admin:index",
    "admin:ladder_season_changelist",
    "admin:ladder_ladderentry_changelist",
    "admin:ladder_playerseason_changelist",
    "admin:ladder_codedrop_add",
    "admin:ladder_code_changelist",
    "admin:ladder_adminaction_changelist",
    "admin:outbox_discordpost_changelist",
    "ladder:noon_preview",
]


@pytest.fixture
def admin_client(client, admin_user):
    client.force_login(admin_user)
    return client


def act(client, model: str, action: str, pks, **extra):
    return client.post(
        reverse(f"admin:ladder_{model}_changelist"),
        {"action": action, "_selected_action": [str(pk) for pk in pks], **extra},
        follow=True,
    )


@pytest.mark.parametrize("page", ADMIN_PAGES)
def test_players_get_nowhere_near_the_admin(client, alice, season, page):
    client.force_login(alice)
    response = client.get(reverse(page))
    assert response.status_code == 302 and "/admin/login/" in response.url


@pytest.mark.parametrize("page", ADMIN_PAGES)
def test_staff_can_open_every_admin_page(admin_client, season, page):
    assert admin_client.get(reverse(page)).status_code == 200


@pytest.mark.parametrize(
    ("model", "action"),
    [
        ("season", "start"),
        ("season", "end"),
        ("ladderentry", "unlock"),
        ("ladderentry", "take_off"),
        ("ladderentry", "put_back"),
        ("playerseason", "mark_holder"),
        ("playerseason", "unmark_holder"),
        ("playerseason", "deal_golden"),
        ("codedrop", "export_csv"),
    ],
)
def test_players_cannot_trigger_any_power(client, alice, alice_player, entries, model, action):
    client.force_login(alice)
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(locked=1, trophies=10)
    response = client.post(
        reverse(f"admin:ladder_{model}_changelist"),
        {"action": action, "_selected_action": ["1", str(entries["ava"].pk), str(alice_player.pk)]},
    )
    assert response.status_code == 302 and "/admin/login/" in response.url
    assert not AdminAction.objects.exists()
    assert LadderEntry.objects.get(pk=entries["ava"].pk).locked == 1
    assert Season.objects.get().is_active


def test_only_one_active_season(admin_client, admin_user, season):
    second = Season.objects.create(name="Season 2", starts_on=dt.date(2027, 1, 1))
    body = act(admin_client, "season", "start", [second.pk]).content.decode()
    assert "Season 1 is still active. End it before starting Season 2." in body
    second.refresh_from_db()
    assert not second.is_active


def end_at(client, season, last_noon: str | None):
    """The admin's "End the season at a noon" action: the form, then the answer."""
    form = act(client, "season", "end", [season.pk]).content.decode()
    assert 'name="last_noon"' in form
    extra = {"apply": "1"} | ({"last_noon": last_noon} if last_noon else {})
    return act(client, "season", "end", [season.pk], **extra).content.decode()


def test_ending_a_season_takes_effect_at_the_chosen_noon(
    admin_client, alice, alice_player, season, entries, now
):
    """R2.1, R9.1: play goes on until the chosen noon, it resolves as usual, then the season
    freezes. (Before: ending froze at once; the day's votes and the card already taken from
    the hand never landed.)"""
    give(alice_player, "boost", "skip")
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    play_face_down(user=alice, card="boost", target_id=entries["ava"].pk, now=now)
    body = end_at(admin_client, season, "2026-12-09")
    assert "Season 1 ends at the noon of Wednesday, December 9" in body
    season.refresh_from_db()
    assert season.is_active and season.last_noon == dt.date(2026, 12, 9)

    resolve_due_noons(TUESDAY_NOON)  # Tuesday's noon: the boosted vote lands
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 10
    tomorrow = TUESDAY_NOON + dt.timedelta(hours=1)
    cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up", now=tomorrow)
    play_face_down(user=alice, card="skip", target_id=entries["cy"].pk, now=tomorrow)

    [last] = resolve_due_noons(TUESDAY_NOON + dt.timedelta(days=1))  # the last noon
    assert last.day.noon_on == dt.date(2026, 12, 9) and last.outcome["last_noon"]
    assert Play.objects.get(card="skip").outcome == "landed"
    assert LadderEntry.objects.get(pk=entries["bo"].pk).score == 5
    season.refresh_from_db()
    assert not season.is_active and season.ends_on == dt.date(2026, 12, 9)
    assert not season.days.filter(noon_on__gt=dt.date(2026, 12, 9)).exists()
    assert resolve_due_noons(TUESDAY_NOON + dt.timedelta(days=3)) == []
    with pytest.raises(Refusal, match="no active season"):
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    admin_client.force_login(alice)
    assert admin_client.get(reverse("ladder:season_archive", args=[season.pk])).status_code == 200
    with pytest.raises(Refusal, match="has ended"):
        powers.start_season(actor=None, season=season)


def test_ending_defaults_to_the_next_noon_and_refuses_a_past_one(admin_client, season, now):
    body = end_at(admin_client, season, "2026-12-01")
    assert (
        "The noon of Tuesday, December 1 has passed. The next noon is Tuesday, December 8" in body
    )
    assert Season.objects.get().last_noon is None
    body = end_at(admin_client, season, None)
    assert "This field is required" not in body
    assert Season.objects.get().last_noon == dt.date(2026, 12, 8)
    assert AdminAction.objects.filter(kind="end_season").get().details == {
        "last_noon": "2026-12-08"
    }


def test_the_end_form_proposes_the_next_noon(admin_client, season, now):
    form = act(admin_client, "season", "end", [season.pk]).content.decode()
    assert 'value="2026-12-08"' in form


def test_start_a_new_season(admin_client, season, now):
    end_at(admin_client, season, None)
    resolve_due_noons(TUESDAY_NOON)
    new = Season.objects.create(name="Season 2", starts_on=dt.date(2027, 1, 1))
    act(admin_client, "season", "start", [new.pk])
    new.refresh_from_db()
    assert new.is_active and new.days.count() == 1


def test_add_contestants_keeps_roster_order(admin_client, season):
    url = reverse("admin:ladder_season_change", args=[season.pk])
    page = admin_client.get(url)
    form = {
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "add_contestants": "Zed\n  Yara \n\nXander",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
    }
    assert page.status_code == 200
    response = admin_client.post(url, form, follow=True)
    assert "Added Zed, Yara, Xander to the ladder." in response.content.decode()
    names = list(season.entries.order_by("joined").values_list("contestant__name", flat=True))
    assert names[-3:] == ["Zed", "Yara", "Xander"]
    with pytest.raises(Refusal, match="on Season 1's roster already"):
        powers.add_to_roster(actor=None, season=season, names=["Zed"])


def test_take_off_and_put_back(admin_client, entries):
    act(admin_client, "ladderentry", "take_off", [entries["bo"].pk])
    assert not LadderEntry.objects.get(pk=entries["bo"].pk).on_ladder
    act(admin_client, "ladderentry", "put_back", [entries["bo"].pk])
    assert LadderEntry.objects.get(pk=entries["bo"].pk).on_ladder


def test_unlock_keeps_trophies_and_works_at_once(admin_client, alice, entries, now):
    """R9.1"""
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(locked=1, trophies=10)
    body = act(
        admin_client, "ladderentry", "unlock", [entries["ava"].pk, entries["bo"].pk]
    ).content.decode()
    assert "Unlocked Ava." in body
    ava = LadderEntry.objects.get(pk=entries["ava"].pk)
    assert (ava.locked, ava.trophies) == (0, 10)
    assert cast_vote(user=alice, entry_id=ava.pk, direction="up", now=now).points == 5
    body = act(admin_client, "ladderentry", "unlock", [entries["bo"].pk]).content.decode()
    assert "None of those contestants is locked." in body


def test_golden_gooner_holders_and_dealing(admin_client, alice_player, bob_player):
    body = act(admin_client, "playerseason", "deal_golden", [alice_player.pk]).content.decode()
    assert "Alice is not a Golden Gooner holder." in body
    act(admin_client, "playerseason", "mark_holder", [alice_player.pk])
    body = act(admin_client, "playerseason", "deal_golden", [alice_player.pk]).content.decode()
    assert "Dealt a Golden Gooner to Alice." in body
    body = act(admin_client, "playerseason", "deal_golden", [alice_player.pk]).content.decode()
    assert "Alice holds a Golden Gooner already." in body
    assert HeldCard.objects.filter(owner=alice_player, card="golden_gooner").count() == 1


def test_create_a_code_drop_and_export_it(admin_client, alice, season, now):
    response = admin_client.post(
        reverse("admin:ladder_codedrop_add"),
        {
            "name": "Stream night",
            "reward": "card",
            "card": "sabotage",
            "count": "25",
            "one_per_person": "on",
        },
        follow=True,
    )
    drop = CodeDrop.objects.get()
    # The new drop's own page, with every code to copy and its CSV link (issue 12).
    assert response.redirect_chain[-1][0] == reverse("admin:ladder_codedrop_change", args=[drop.pk])
    page = response.content.decode()
    assert "Made 25 codes for Stream night" in page
    assert all(c.code in page for c in drop.codes.all())
    assert 'data-copy="drop-codes"' in page and "ladder/admin-copy.js" in page
    csv_url = reverse("admin:ladder_codedrop_csv", args=[drop.pk])
    assert f'href="{csv_url}"' in page
    assert (drop.reward, drop.card, drop.one_per_person, drop.codes.count()) == (
        "card",
        "sabotage",
        True,
        25,
    )
    code = drop.codes.first().code
    redeem_code(user=alice, raw_code=code, now=now)
    export = act(admin_client, "codedrop", "export_csv", [drop.pk])
    rows = list(csv.reader(io.StringIO(export.content.decode())))
    assert rows[0] == ["drop", "code", "redeemed by", "redeemed at", "gave"]
    assert len(rows) == 26
    redeemed = next(r for r in rows if r[1] == code)
    assert redeemed[2] == "Alice" and redeemed[4] == "Sabotage"
    assert admin_client.get(csv_url).content.decode() == export.content.decode()
    listing = admin_client.get(
        reverse("admin:ladder_code_changelist"), {"redeemed": "yes"}
    ).content.decode()
    assert code in listing and "Alice" in listing


def test_named_card_drop_needs_its_card(admin_client, season):
    response = admin_client.post(
        reverse("admin:ladder_codedrop_add"), {"name": "Oops", "reward": "card", "count": "5"}
    )
    assert "A named-card drop needs its card." in response.content.decode()
    assert not Code.objects.exists()


def test_noon_preview_is_a_dry_run(admin_client, alice, alice_player, entries, now):
    give(alice_player, "skip")
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    play_face_down(user=alice, card="skip", target_id=entries["ava"].pk)
    body = admin_client.get(reverse("ladder:noon_preview")).content.decode()
    assert body.count(">Noon preview</h1>") == 1  # the title once (issue 12)
    # The same words as the report page (games.ladder.report_text).
    assert (
        "<strong>Alice</strong> played Skip on <strong>Ava</strong>: "
        "landed, erased 1 vote worth 5 points." in body
    )
    assert not NoonReport.objects.exists()
    assert Play.objects.get().outcome == ""
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 0


def test_every_power_is_recorded(admin_client, admin_user, entries, alice_player):
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(locked=1, trophies=10)
    act(admin_client, "ladderentry", "unlock", [entries["ava"].pk])
    act(admin_client, "playerseason", "mark_holder", [alice_player.pk])
    act(admin_client, "playerseason", "deal_golden", [alice_player.pk])
    actions = list(
        AdminAction.objects.order_by("at").values_list("actor__username", "kind", "target")
    )
    assert actions == [
        ("tc", AdminAction.Kind.UNLOCK, "Ava"),
        ("tc", AdminAction.Kind.MARK_HOLDER, "Alice"),
        ("tc", AdminAction.Kind.DEAL_GOLDEN, "Alice"),
    ]
    page = admin_client.get(reverse("admin:ladder_adminaction_changelist")).content.decode()
    assert "deal Golden Gooner" in page
    assert admin_client.get(reverse("admin:ladder_adminaction_add")).status_code == 403


def test_admin_messages_show_names_as_typed(admin_client, alice, alice_player):
    """A display name is shown once, never formatted again: braces are just braces."""
    alice.display_name = "{x} Alice {0}"
    alice.save()
    marked = act(admin_client, "playerseason", "mark_holder", [alice_player.pk])
    assert "Golden Gooner holders now: {x} Alice {0}." in marked.content.decode()
    dealt = act(admin_client, "playerseason", "deal_golden", [alice_player.pk])
    assert "Dealt a Golden Gooner to {x} Alice {0}." in dealt.content.decode()
