"""The armed pages (A12): lobby, table, demand, moves by htmx, poll, replay, end."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.urls import reverse

from games.armed.models import ArmedTable
from games.armed.tables import lobby
from games.armed.tables.adapter import TABLES
from tests.armed.tables.helpers import fresh, play_to_end

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def test_the_lobby_lists_open_tables_and_the_one_tap_start(client, alice, bob):
    t = lobby.open_table(user=alice, size=5, policy="sharp")
    client.force_login(bob)
    page = client.get(reverse("armed:home")).content.decode()
    assert reverse("armed:table", args=[t.pk]) in page and "1/5 seated" in page
    assert reverse("armed:quick") in page


def test_the_games_list_names_the_game(client, alice):
    client.force_login(alice)
    assert "So You&#x27;ve Armed Yourself" in client.get(reverse("home")).content.decode()


def test_one_tap_starts_a_table_against_three_sharp_bots(client, alice):
    client.force_login(alice)
    response = client.post(reverse("armed:quick"))
    table = ArmedTable.objects.get()
    assert response.url == reverse("armed:table", args=[table.pk])
    assert table.stage == "playing" and table.size == 4 and table.policy == "sharp"
    assert [s.bot for s in table.seats.order_by("position")] == [False, True, True, True]


def test_anonymous_moves_go_to_login(client, alice):
    table = lobby.quick_game(user=alice)
    response = client.post(reverse("armed:answer", args=[table.pk]), {"answer": "comply"})
    assert response.status_code == 302 and "login" in response.url


def _table_with_a_shot_at_me(alice):
    for _ in range(30):
        table = lobby.quick_game(user=alice)
        a = TABLES.output_of(table).awaiting
        if a.decision == "respond" and a.seat == "goon1":
            return table
        play_to_end(table, {1: alice})
    pytest.skip("no early shot at the human")


def test_a_shot_at_me_fills_the_screen_with_comply_and_grit(client, alice):
    table = _table_with_a_shot_at_me(alice)
    client.force_login(alice)
    page = client.get(reverse("armed:table", args=[table.pk])).content.decode()
    assert 'class="demand"' in page and "COMPLY" in page and "GRIT TEETH" in page
    assert "🔊" in page and "data-say=" in page
    assert "you keep 2" in page  # gritting costs a Tooth: 3 → 2


def test_an_htmx_answer_returns_the_table_parts(client, alice):
    table = _table_with_a_shot_at_me(alice)
    client.force_login(alice)
    response = client.post(reverse("armed:answer", args=[table.pk]), {"answer": "grit"}, **HX)
    body = response.content.decode()
    assert 'id="table"' in body and 'id="poll"' in body and 'hx-swap-oob="true"' in body
    assert "1 Tooth paid" in body
    assert TABLES.output_of(fresh(table)).seat("goon1").teeth == 2


def test_a_refusal_is_shown_in_words(client, alice, bob):
    table = lobby.quick_game(user=alice)
    client.force_login(bob)
    response = client.post(reverse("armed:answer", args=[table.pk]), {"answer": "comply"}, **HX)
    assert "You have no seat at this table." in response.content.decode()


def test_the_poll_is_204_until_the_version_moves(client, alice):
    table = lobby.quick_game(user=alice)
    client.force_login(alice)
    url = reverse("armed:poll", args=[table.pk])
    assert client.get(url, {"v": table.version}).status_code == 204
    changed = client.get(url, {"v": table.version - 1})
    assert changed.status_code == 200 and 'id="table"' in changed.content.decode()


def test_chat_is_escaped(client, alice):
    table = lobby.quick_game(user=alice)
    client.force_login(alice)
    if TABLES.output_of(table).seat("goon1").bits:
        pytest.skip("a bit already")
    client.post(reverse("armed:say", args=[table.pk]), {"text": "<script>x</script> hi"}, **HX)
    page = client.get(reverse("armed:table", args=[table.pk])).content.decode()
    assert "&lt;script&gt;x&lt;/script&gt; hi" in page and "<script>x</script>" not in page


def test_the_end_shows_standings_the_seed_and_the_replay(client, alice):
    table = play_to_end(lobby.quick_game(user=alice), {1: alice})
    client.force_login(alice)
    page = client.get(reverse("armed:table", args=[table.pk])).content.decode()
    assert "Game over" in page and str(table.seed) in page and table.seed_hash in page
    assert hashlib.sha256(str(table.seed).encode()).hexdigest() == table.seed_hash  # A12.2
    rows = re.findall(r"<tr(?: class=\"winner\")?><td>\d</td><td>(GOON #\d)", page)
    result = TABLES.output_of(table).result
    order = sorted(result.standings, key=lambda r: (-r["loot"], -r["teeth"]))
    assert rows == [f"GOON #{r['seat'][-1]}" for r in order]
    replay = client.get(reverse("armed:replay", args=[table.pk]), {"step": 1})
    assert "Step 1 of" in replay.content.decode()
    download = client.get(reverse("armed:engine_input", args=[table.pk]))
    assert download.status_code == 200 and str(table.seed).encode() in download.content


def test_my_record_counts_wins_by_bot_policy(client, alice):
    play_to_end(lobby.quick_game(user=alice), {1: alice})
    client.force_login(alice)
    page = client.get(reverse("armed:home")).content.decode()
    assert "1 game finished" in page and "licensed professional" in page


def test_my_record_is_on_my_profile_once_i_have_finished_a_game(client, alice, bob):
    """The profile shows each game's record through its listing (GameListing.profile_record);
    the accounts app names no game."""
    won = play_to_end(lobby.quick_game(user=alice), {1: alice})
    client.force_login(bob)
    assert "Armed Yourself" not in client.get(reverse("accounts:profile")).content.decode()
    client.force_login(alice)
    page = client.get(reverse("accounts:profile")).content.decode()
    section = page[page.index("So You&#x27;ve Armed Yourself") :]
    wins = sum(1 for s in won.seats.filter(user=alice) if s.won)
    assert f"1 game finished, {wins} won" in section and "licensed professional" in section


def test_the_engine_input_stays_secret_while_the_game_runs(client, alice):
    table = lobby.quick_game(user=alice)
    client.force_login(alice)
    assert client.get(reverse("armed:engine_input", args=[table.pk])).status_code == 404


def test_a_chat_message_breaking_my_bit_says_what_it_cost(client, alice):
    """A8.2 the table reads the drop in the log; the sender reads the cost in words."""
    from tests.armed.tables.helpers import at, play_default

    for _ in range(40):
        table = lobby.quick_game(user=alice, policy="sharp", now=at(0))
        for n in range(60):
            out = TABLES.output_of(fresh(table))
            if out.over or out.seat("goon1").bits:
                break
            play_default(table, {1: alice}, at(1 + n / 10))
        out = TABLES.output_of(fresh(table))
        if not out.over and out.seat("goon1").bits and out.seat("goon1").teeth:
            break
    else:
        pytest.skip("no bit reached the human")
    bit = out.seat("goon1").bits[0].bit
    breaking = {"cluck": "no chicken", "shout": "quiet", "pose": "no pose"}[bit]
    client.force_login(alice)
    fresh_table = fresh(table)  # the view posts at the site's clock: no deadline in the way
    fresh_table.deadline = None
    fresh_table.save(update_fields=["deadline"])
    body = client.post(
        reverse("armed:say", args=[table.pk]), {"text": breaking}, **HX
    ).content.decode()
    assert f"broke your {bit} bit: 1 Tooth paid" in body
    assert f"dropped the {bit} bit and paid a Tooth" in body


def test_each_goon_sees_only_their_own_hand(client, alice, bob, charlie):
    """A12.7 a hand is its holder's: the other human and an onlooker see none of it."""
    t = lobby.open_table(user=alice, size=3)
    lobby.take_seat(user=bob, game_id=t.pk)
    table = lobby.start_table(user=alice, game_id=t.pk)
    hands = TABLES.output_of(table).raw["hands"]
    url = reverse("armed:table", args=[table.pk])
    for user, goon in ((alice, "goon1"), (bob, "goon2"), (charlie, None)):
        client.force_login(user)
        shown = re.findall(r'data-card="([^"]+)"', client.get(url).content.decode())
        assert shown == (hands[goon] if goon else [])


def test_chat_is_rate_limited_in_words(client, alice):
    table = lobby.quick_game(user=alice)
    client.force_login(alice)
    url = reverse("armed:say", args=[table.pk])
    bodies = [client.post(url, {"text": "*BAWK"}, **HX).content.decode() for _ in range(6)]
    assert all("Slow down" not in b for b in bodies[:5])
    assert "Slow down: at most 5 messages in 10 seconds." in bodies[5]
    said = [e for e in TABLES.output_of(fresh(table)).raw["log"] if e["event"] == "say"]
    assert len(said) == 5


def test_only_a_message_said_empties_the_box(client, alice):
    """A refused message keeps its text: the box is emptied only on the "armed-said" event."""
    table = lobby.quick_game(user=alice)
    client.force_login(alice)
    url = reverse("armed:say", args=[table.pk])
    said = client.post(url, {"text": "*BAWK"}, **HX)
    refused = client.post(url, {"text": "   "}, **HX)
    assert said["HX-Trigger"] == "armed-said"
    assert "Write something first." in refused.content.decode()
    assert "HX-Trigger" not in refused


def test_opening_a_table_with_a_bad_size_is_refused_in_words(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("armed:open"), {"size": "9", "policy": "sharp", "turn_seconds": "60"}, follow=True
    )
    assert "Seats: Select a valid choice" in response.content.decode()
    assert not ArmedTable.objects.exists()


def test_a_friend_takes_a_seat_and_the_opener_starts(client, alice, bob):
    client.force_login(alice)
    client.post(reverse("armed:open"), {"size": "3", "policy": "simple", "turn_seconds": "30"})
    table = ArmedTable.objects.get()
    client.force_login(bob)
    client.post(reverse("armed:seat", args=[table.pk]), {"do": "take"})
    page = client.post(reverse("armed:seat", args=[table.pk]), {"do": "start"}, follow=True)
    assert "Only the opener starts the game (A12.1)." in page.content.decode()
    client.force_login(alice)
    client.post(reverse("armed:seat", args=[table.pk]), {"do": "start"})
    table = fresh(table)
    assert table.stage == "playing" and table.turn_seconds == 30
    assert [(s.user_id, s.bot) for s in table.seats.order_by("position")] == [
        (alice.pk, False),
        (bob.pk, False),
        (None, True),
    ]
