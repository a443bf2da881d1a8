"""An admin action posted with ids that cannot exist is a message on the page, not a 500
(issue 28: `_selected_action=abc` gave a 500 in 8 ladder and 8 Hall actions). Fixed once,
for every ModelAdmin, by the site (goonsite.admin.GoonsiteAdminSite)."""

import pytest
from django.contrib import admin
from django.test import Client

from goonsite.admin import UNKNOWN_ROWS, SelectionChecked

from .admin_registry import actions, changelist_url, model_admins

pytestmark = pytest.mark.django_db

HUGE = "9" * 25  # no key column holds it (and SQLite cannot be asked about it)
TAMPERED = ["abc", "\x00", "1\x00", "1.5", "", "1e3", "0x10", HUGE]


def test_every_registered_model_admin_checks_the_selection():
    assert model_admins()
    for model_admin in model_admins():
        assert isinstance(model_admin, SelectionChecked), model_admin


def test_the_registry_walk_finds_both_games_actions(admin_user):
    found = {f"{a.opts.label}.{name}" for a, name in actions(admin_user)}
    assert {
        "ladder.Season.start",
        "ladder.LadderEntry.unlock",
        "ladder.PlayerSeason.deal_golden",
        "ladder.CodeDrop.export_csv",
        "hall.Player.bar",
        "hall.Player.grant_reputable",
        "outbox.DiscordPost.resend_posts",
        "hall.Game.abandon_games",
    } <= found


def test_tampered_ids_are_refused_with_a_message_on_every_action(admin_user):
    client = Client(raise_request_exception=False)
    client.force_login(admin_user)
    checked = 0
    for model_admin, name in actions(admin_user):
        url = changelist_url(model_admin)
        numeric_pk = model_admin.opts.pk.get_internal_type().endswith(("AutoField", "IntegerField"))
        for value in TAMPERED:
            response = client.post(
                url, {"action": name, "_selected_action": [value], "index": "0"}, follow=True
            )
            where = f"{model_admin.opts.label}.{name} with {value!r}"
            assert response.status_code == 200, where
            if "\x00" in value or (numeric_pk and value in {"abc", "1.5", "0x10", HUGE}):
                page = response.content.decode().replace("&#x27;", "'")
                assert UNKNOWN_ROWS in page, where
                checked += 1
    assert checked >= 16 * 2


def test_a_valid_selection_still_runs_the_action(admin_user, alice, cycle):
    from games.hall.models import Player
    from games.hall.services.players import join
    from tests.hall.fixtures import BEFORE_START

    player, _ = join(user=alice, now=BEFORE_START)
    client = Client()
    client.force_login(admin_user)
    url = changelist_url(admin.site._registry[Player])
    response = client.post(
        url, {"action": "bar", "_selected_action": [str(player.pk)], "index": "0"}, follow=True
    )
    assert UNKNOWN_ROWS not in response.content.decode()
    player.refresh_from_db()
    assert player.barred
