"""The board after noon: the recap, the movement arrows, the seed commitment and the poll
that picks up a noon or someone else's Golden pin without a reload (R3.4, R6.9, R8)."""

import pytest
from django.urls import reverse

from games.ladder.models import GameDay
from games.ladder.services.noon import resolve_now
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import HTMX, give

BOARD = reverse("ladder:board")
VERSION = reverse("ladder:board_version")


def text(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.fixture
def noon_played(alice, bob, alice_player, bob_player, entries, now):
    """Alice boosts her vote on Ava and uses all three votes; Bob skips Cy, where Alice voted."""
    give(alice_player, "boost")
    give(bob_player, "skip")
    for name, direction in (("ava", "up"), ("bo", "down"), ("cy", "up")):
        cast_vote(user=alice, entry_id=entries[name].pk, direction=direction, now=now)
    play_face_down(user=alice, card="boost", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="skip", target_id=entries["cy"].pk, now=now)
    return resolve_now(now)


def test_the_recap_tells_each_vote_and_card_in_points(alice_client, noon_played, entries):
    body = text(alice_client.get(BOARD))
    assert "The noon of Tuesday, December 8: the Chaos Report is out" in body
    assert f'href="/archive/{noon_played.pk}/"' in body
    assert '▲ 5 on Ava: <strong class="gain">+10</strong> (doubled by your Boost)' in body
    assert '▼ 3 on Bo: <strong class="loss">-3</strong> (landed as cast)' in body
    assert '▲ 1 on Cy: <strong class="">0</strong> (erased by a Skip)' in body
    assert "🚀</span> Your Boost on Ava: landed, their vote counted double: +5 more." in body
    assert "You drew" in body and "you used all your votes" in body
    # Their contestants' movement, and the arrows on the ladder.
    assert "#1 Ava: +10 points, – (+10 from votes up)" in body
    assert "Bo: -3 points, ▼" in body
    assert 'title="Places moved at the last noon"' in body


def test_the_recap_is_private(client, bob, noon_played):
    client.force_login(bob)
    body = text(client.get(BOARD))
    assert "Your votes" not in body  # Bob cast none; Alice's are hers alone (R3.4)
    assert "⏭️</span> Your Skip on Cy: landed, erased 1 vote worth 1 point." in body


def test_the_board_shows_the_open_days_seed_commitment(alice_client, noon_played):
    day = GameDay.objects.get(status="open")
    body = text(alice_client.get(BOARD))
    assert day.seed_sha256 in body and str(day.seed) not in body
    assert noon_played.outcome["next_seed_sha256"] == day.seed_sha256


def poll(client, board_body: str):
    version = board_body.split(f"{VERSION}?v=")[1].split('"')[0].split("&")[0]
    return client.get(VERSION, {"v": version}, **HTMX)


def test_the_poll_is_cheap_while_nothing_changed(
    alice_client, alice_player, entries, django_assert_max_num_queries
):
    body = text(alice_client.get(BOARD))
    with django_assert_max_num_queries(4):  # session, user, season, version
        response = poll(alice_client, body)
    assert response.status_code == 204 and response.content == b""


def test_the_poll_brings_someone_elses_golden_pin(alice_client, bob, bob_player, entries, now):
    body = text(alice_client.get(BOARD))
    bob_player.golden_holder = True
    bob_player.save()
    give(bob_player, "golden_gooner")
    pin_golden(user=bob, target_id=entries["eli"].pk, now=now)
    response = poll(alice_client, body)
    swapped = text(response)
    assert response.status_code == 200
    assert 'id="ladder" hx-swap-oob="true"' in swapped or 'hx-swap-oob="true" id="ladder"' in (
        swapped
    )
    eli = swapped[swapped.index(f'id="entry-{entries["eli"].pk}"') :].split("</li>")[0]
    assert "👑" in eli
    assert 'id="messages"' not in swapped and 'id="dialog"' not in swapped


def test_the_poll_brings_the_noon_and_its_recap(alice_client, alice, entries, now):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    body = text(alice_client.get(BOARD))
    resolve_now(now)
    swapped = text(poll(alice_client, body))
    assert "the Chaos Report is out" in swapped
    assert "▲ 5 on Ava" in swapped


def test_the_poll_stops_when_there_is_no_season(alice_client, season):
    season.is_active = False
    season.save()
    assert alice_client.get(VERSION, {"v": "x"}, **HTMX).status_code == 286


def test_the_rules_say_how_to_check_a_seed(client, noon_played):
    import hashlib

    body = text(client.get(reverse("ladder:rules")))
    assert 'id="fair"' in body and "printf %s 6994020922661320211 | sha256sum" in body
    seed = noon_played.outcome["seed"]
    assert noon_played.outcome["seed_sha256"] == hashlib.sha256(seed.encode()).hexdigest()
