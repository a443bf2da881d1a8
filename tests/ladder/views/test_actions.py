"""Votes, plays, packs and codes from the board: plain posts redirect, htmx gets fragments."""

from django.urls import reverse

from games.ladder.models import HeldCard, LadderEntry, Play, Vote
from games.ladder.services.codes import create_drop
from games.ladder.services.packs import give_starting_hand
from tests.ladder.fixtures import HTMX, give


def test_vote_without_javascript_redirects_with_a_message(alice_client, entries):
    response = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "up"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("ladder:board")
    assert "5 points up on Ava" in response.content.decode()
    assert Vote.objects.get().points == 5


def test_vote_with_htmx_returns_changed_parts(alice_client, entries):
    """A vote changes the ladder's buttons, your day and your season: the hand and the
    recap stay as they are on the page."""
    response = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "down"}, **HTMX
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    for part in ("ladder", "today", "season", "messages"):
        assert f'id="{part}"' in body
    for part in ("hand", "recap"):
        assert f'id="{part}"' not in body
    assert "5 points down on Ava" in body


def test_vote_refusal_is_shown(alice_client, entries):
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(on_ladder=False)
    body = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "up"}, **HTMX
    ).content.decode()
    assert (
        "That contestant isn&#x27;t on this season&#x27;s ladder." in body
        or "is off the ladder" in body
    )
    assert not Vote.objects.exists()


def test_vote_with_garbage_input(alice_client, entries):
    body = alice_client.post(
        reverse("ladder:vote"), {"entry": "abc", "direction": "up"}, **HTMX
    ).content.decode()
    assert "Pick a contestant to vote on." in body
    assert alice_client.get(reverse("ladder:vote")).status_code == 405


def test_play_flow_confirm_then_play(alice_client, alice_player, entries):
    give(alice_player, "skip")
    confirm = alice_client.get(
        reverse("ladder:play_confirm"), {"card": "skip", "target": entries["bo"].pk}, **HTMX
    )
    body = confirm.content.decode()
    assert "Play Skip on Bo?" in body and 'name="card" value="skip"' in body
    response = alice_client.post(
        reverse("ladder:play"), {"card": "skip", "target": entries["bo"].pk}, **HTMX
    )
    assert "Skip waits face down on Bo" in response.content.decode()
    assert Play.objects.get().target_id == entries["bo"].pk
    assert not HeldCard.objects.exists()


def test_play_refusal_keeps_the_card(alice_client, alice_player, entries):
    give(alice_player, "boost")
    LadderEntry.objects.filter(pk=entries["bo"].pk).update(locked=1, trophies=10)
    body = alice_client.post(
        reverse("ladder:play"), {"card": "boost", "target": entries["bo"].pk}, follow=True
    ).content.decode()
    assert "Bo is locked: only Sakura Farts can be played on a locked contestant." in body
    assert HeldCard.objects.filter(owner=alice_player).count() == 1


def test_open_sealed_pack(alice_client, alice, season):
    pack = give_starting_hand(user=alice, season=season)
    body = alice_client.post(reverse("ladder:open", args=[pack.pk]), **HTMX).content.decode()
    assert "You opened:" in body and "Mini Gooner" in body
    assert HeldCard.objects.count() == 8
    again = alice_client.post(reverse("ladder:open", args=[pack.pk]), **HTMX).content.decode()
    assert "open already" in again


def test_code_page_and_redeem(alice_client, season, admin_user):
    code = create_drop(name="D", reward="god_pack", count=1, created_by=admin_user).codes.get().code
    assert "GOON-XXXX-XXXX" in alice_client.get(reverse("ladder:code")).content.decode()
    response = alice_client.post(
        reverse("ladder:code"), {"code": code.lower(), "from": "code"}, follow=True
    )
    assert "Code accepted: 👑 a sealed God Pack" in response.content.decode()


def test_wrong_codes_are_rate_limited(alice_client, season, admin_user):
    """R7.5"""
    code = create_drop(name="D", reward="god_pack", count=1, created_by=admin_user).codes.get().code
    for _ in range(5):
        body = alice_client.post(
            reverse("ladder:code"), {"code": "GOON-AAAA-AAAA"}, **HTMX
        ).content.decode()
        assert "That code doesn&#x27;t work" in body
    body = alice_client.post(reverse("ladder:code"), {"code": code}, **HTMX).content.decode()
    assert "Too many codes that didn&#x27;t work" in body


def test_forms_work_without_javascript_under_real_csrf_checks(alice, entries):
    """No htmx, no CSRF header: the plain form post must carry its own token."""
    import re

    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    page = browser.get(reverse("ladder:board")).content.decode()
    vote_form = re.search(r'<form method="post" action="/vote/".*?</form>', page, re.S)[0]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', vote_form)[1]
    response = browser.post(
        reverse("ladder:vote"),
        {"entry": entries["ava"].pk, "direction": "up", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert Vote.objects.get().points == 5


def test_one_point_is_one_point(alice_client, alice, entries):
    from games.ladder.services.votes import cast_vote

    cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up")
    cast_vote(user=alice, entry_id=entries["cy"].pk, direction="up")
    body = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "down"}, **HTMX
    ).content.decode()
    assert "1 point down on Ava" in body and "1 points" not in body


def test_a_pack_opens_with_its_cards_marked_new_in_the_hand_not_listed_twice(
    alice_client, alice, season
):
    """Issue 28: "You opened:" no longer repeats the hand below it; the new cards turn over
    in place, marked New (a stack of two new cards is one tile)."""
    pack = give_starting_hand(user=alice, season=season)
    body = alice_client.post(reverse("ladder:open", args=[pack.pk]), **HTMX).content.decode()
    hand = body.split('id="hand"')[1].split("</section>")[0]
    tiles = hand.count('class="game-card ')
    assert 'class="reveal"' not in body and "game-card small" not in hand
    assert hand.count('<li class="new">') == tiles and hand.count(">New<") == tiles
    assert "Mini Gooner" in hand and "8 cards, marked below" in hand


def test_the_code_box_clears_a_used_code_and_keeps_a_mistyped_one(alice_client, season, admin_user):
    code = create_drop(name="D", reward="god_pack", count=1, created_by=admin_user).codes.get().code
    body = alice_client.post(reverse("ladder:code"), {"code": "GOON-AAAA-AAAB"}, **HTMX)
    box = body.content.decode().split('id="codebox"')[1].split("</section>")[0]
    assert 'value="GOON-AAAA-AAAB"' in box
    body = alice_client.post(reverse("ladder:code"), {"code": code}, **HTMX).content.decode()
    box = body.split('id="codebox"')[1].split("</section>")[0]
    assert 'value=""' in box and "Code accepted" in body


def test_a_stale_tab_is_told_why_its_card_cannot_be_played(alice_client, alice_player, entries):
    """R5.5: the card was played from another tab; tapping it here says so."""
    body = alice_client.get(reverse("ladder:board"), {"play": "sabotage"}, **HTMX)
    assert "You don&#x27;t hold a Sabotage any more: it was played or tossed." in (
        body.content.decode()
    )
    assert "Play here" not in body.content.decode()


def test_messages_arrive_inside_the_same_live_region(alice_client, entries):
    """The toast region stays one node (role=status, aria-live) and gets new children, so
    screen readers announce each message."""
    body = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "up"}, **HTMX
    ).content.decode()
    assert '<div hx-swap-oob="innerHTML" id="messages" role="status" aria-live="polite"' in body
    assert '<section hx-swap-oob="true" id="ladder"' in body
