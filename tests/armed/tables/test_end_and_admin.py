"""The end posted to Discord through the outbox (a human winner only), and the admin's
tables by state, replay and abandoning a stuck table."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from games.armed.models import ArmedAdminRecord, ArmedTable
from games.armed.tables import lobby, moves
from games.armed.tables.abandon import abandon_table
from goonsite.outbox.models import DiscordPost
from goonsite.refusal import Refusal
from tests.armed.tables.helpers import at, fresh, play_to_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def webhook():
    with override_settings(
        DISCORD_WEBHOOK_URL="http://127.0.0.1:9/webhook", SITE_URL="https://goonsite.example"
    ):
        yield


def test_a_human_win_is_posted_once_and_a_bot_win_is_not(webhook, alice):
    human_wins = bot_wins = 0
    for _ in range(12):
        game = play_to_end(lobby.quick_game(user=alice, policy="simple", now=at(0)), {1: alice})
        mine = game.seats.get(position=1)
        posts = [
            p
            for p in DiscordPost.objects.filter(game="armed")
            if f"/t/{game.pk}/" in p.payloads[0]["content"]
        ]
        if mine.won:
            human_wins += 1
            assert len(posts) == 1 and "Alice" in posts[0].payloads[0]["content"]
            assert posts[0].payloads[0]["allowed_mentions"] == {"parse": []}
        else:
            bot_wins += 1
            assert posts == []
        if human_wins and bot_wins:
            return
    assert human_wins or bot_wins


def test_a_left_seat_that_wins_is_not_posted(webhook, alice, bob):
    """A12.5 the win of a seat whose human left is the bot's."""
    t = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    game = lobby.start_table(user=alice, game_id=t.pk, now=at(0))
    moves.leave(user=bob, game_id=game.pk, now=at(0))
    moves.leave(user=alice, game_id=game.pk, now=at(0))
    game = fresh(game)
    assert game.stage == ArmedTable.Stage.OVER  # every human left: the bots played it out
    assert not DiscordPost.objects.filter(game="armed").exists()


def test_an_admin_abandons_a_stuck_table_and_it_is_recorded(alice, admin_user):
    game = lobby.quick_game(user=alice, now=at(0))
    with pytest.raises(Refusal, match="Say why"):
        abandon_table(actor=admin_user, game_id=game.pk, reason=" ")
    abandon_table(actor=admin_user, game_id=game.pk, reason="stuck", now=at(5))
    game = fresh(game)
    assert game.stage == ArmedTable.Stage.ABANDONED and game.deadline is None
    assert ArmedAdminRecord.objects.get().details == {"reason": "stuck"}
    with pytest.raises(Refusal, match="over already"):
        abandon_table(actor=admin_user, game_id=game.pk, reason="again")
    with pytest.raises(Refusal, match="over"):
        moves.say(user=alice, game_id=game.pk, text="hello?", now=at(6))


def test_the_admin_lists_tables_by_state_and_shows_actions_and_replay(client, alice, admin_user):
    game = lobby.quick_game(user=alice, now=at(0))
    moves.say(user=alice, game_id=game.pk, text="*BAWK", now=at(1))
    client.force_login(admin_user)
    listing = client.get(reverse("admin:armed_armedtable_changelist"), {"stage__exact": "playing"})
    assert (
        f"Table {game.pk}" in listing.content.decode() or str(game.pk) in listing.content.decode()
    )
    page = client.get(reverse("admin:armed_armedtable_change", args=[game.pk])).content.decode()
    assert "*BAWK" in page and reverse("armed:replay", args=[game.pk]) in page
    response = client.post(
        reverse("admin:armed_armedtable_changelist"),
        {"action": "abandon_tables", "_selected_action": [game.pk]},
    )
    assert response.status_code == 302
    assert fresh(game).stage == ArmedTable.Stage.ABANDONED
