"""The board page and its htmx fragments (R5.6, R5.7, R7.1)."""

import datetime as dt
import re

import pytest
import time_machine
from django.core.cache import cache
from django.urls import reverse

from accounts.models import User
from games.ladder.models import Contestant, GameDay, LadderEntry, SealedItem, Vote
from games.ladder.services.noon import resolve_due_noons, resolve_now
from games.ladder.services.players import join_season
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import HTMX, TUESDAY, TUESDAY_NOON, give

BOARD = reverse("ladder:board")


def test_anonymous_goes_to_login(client, season):
    response = client.get(BOARD)
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_first_visit_deals_the_god_pack_and_says_so(alice_client, alice, season):
    first = alice_client.get(BOARD).content.decode()
    assert "Your starting hand is here: a sealed God Pack" in first
    assert "God Pack" in first and "tap to open" in first
    second = alice_client.get(BOARD).content.decode()
    assert "Your starting hand is here" not in second
    third = alice_client.get(BOARD).content.decode()  # the page kept whole: no message again
    assert third == second
    assert SealedItem.objects.filter(owner__user=alice).count() == 1


def test_ladder_in_order_with_vote_buttons_worth_the_next_vote(alice_client, alice, entries):
    LadderEntry.objects.filter(pk=entries["cy"].pk).update(score=30)
    LadderEntry.objects.filter(pk=entries["dee"].pk).update(locked=1, trophies=10)
    body = alice_client.get(BOARD).content.decode()
    order = [body.index(f'id="entry-{entries[n].pk}"') for n in ["dee", "cy", "ava", "bo", "eli"]]
    assert order == sorted(order)
    # The buttons show the next vote's points from the ladder's one line (R3.1).
    assert 'id="next-vote" class="next-vote helptext" data-points="5"' in body
    assert '<span class="sr-only">Vote Ava up,</span><span class="points"></span>' in body
    assert 'title="Dee is locked at the top and takes no votes"' in body
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    body = alice_client.get(BOARD).content.decode()
    assert 'data-points="3"' in body and '<span class="my-vote up">▲ 5</span>' in body


def test_face_down_cards_never_say_which_or_whose(alice_client, bob, bob_player, entries):
    """R5.6: two cards wait on Ava; the board shows two backs, nothing else. Chaos shows nowhere."""
    give(bob_player, "sabotage", "boost", "chaos")
    play_face_down(user=bob, card="sabotage", target_id=entries["ava"].pk)
    play_face_down(user=bob, card="boost", target_id=entries["ava"].pk)
    play_face_down(user=bob, card="chaos", target_id=None)
    body = alice_client.get(BOARD).content.decode()
    assert body.count('class="facedown-card"') == 2
    assert 'aria-label="2 face-down cards"' in body
    assert "Sabotage" not in body.split('id="hand"')[0]
    # As a word: the page's random tokens (form, nonce) can hold the letters B-o-b.
    assert not re.search(r"(?<![\w-])Bob(?![\w-])", body)


def test_hand_counter_warns_over_the_limit(alice_client, alice, season):
    give(join_season(alice, season), *["skip"] * 8, "mini_gooner")
    body = alice_client.get(BOARD).content.decode()
    assert 'aria-label="8 of 7 regular cards">8/7</span>' in body and 'class="counter over"' in body
    # Eight Skips stack into one tile with a count of 8 (the Mini Gooner is its own).
    assert body.count('<span aria-hidden="true">×8</span>') == 1
    assert body.count('<span class="sr-only">, 8 held</span>') == 1
    assert "more than 7 regular cards" in body


def test_tapping_a_card_enters_targeting_with_reasons(alice_client, alice, entries, season):
    give(join_season(alice, season), "boost")
    LadderEntry.objects.filter(pk=entries["bo"].pk).update(golden=1)
    response = alice_client.get(BOARD, {"play": "boost"}, **HTMX)
    body = response.content.decode()
    assert "<html" not in body and 'hx-swap-oob="true"' in body
    assert f"target={entries['ava'].pk}" in body
    assert 'title="Bo is Golden: only a Mini Gooner still lands on them"' in body


def test_targeting_a_card_you_dont_hold_is_ignored(alice_client, alice, entries, season):
    body = alice_client.get(BOARD, {"play": "sabotage"}).content.decode()
    assert "Play here" not in body


def test_my_day_and_season_panels(alice_client, alice, alice_player, entries):
    alice_player.season_votes = 10
    alice_player.save()
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="down")
    body = alice_client.get(BOARD).content.decode()
    assert "▼ 5 on Ava" in body and "▼ 1 on Cy" in body
    assert "All votes used: you draw a card at noon" in body
    assert "<strong>12</strong> reached: a Mini Gooner at noon" in body
    assert "data-countdown=" in body


def test_no_active_season(alice_client, season):
    season.is_active = False
    season.save()
    assert "no active season" in alice_client.get(BOARD).content.decode()


def make_world(season, contestants: int, players: int) -> User:
    for n in range(contestants):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=f"X{n}"), joined=100 + n
        )
    entries = list(season.entries.all())
    user = None
    for p in range(players):
        user = User.objects.create_user(username=f"p{p}", password="x", display_name=f"P{p}")
        give(join_season(user, season), "boost", "skip", "shield", "reverse")
        for entry in entries[:3]:
            cast_vote(user=user, entry_id=entry.pk, direction="up")
        play_face_down(user=user, card="boost", target_id=entries[0].pk)
    return user


@pytest.mark.parametrize("size", [(2, 1), (25, 12)])
def test_board_query_budget_does_not_grow(client, season, django_assert_max_num_queries, size):
    """After a noon, so the recap and the movement arrows are read too."""
    user = make_world(season, *size)
    client.force_login(user)
    client.get(BOARD)  # the first visit deals the starting hand
    resolve_now()
    with django_assert_max_num_queries(21):
        response = client.get(BOARD)
    assert "the Chaos Report is out" in response.content.decode()


def test_a_due_noon_is_not_resolved_by_the_board_which_says_it_is_being_counted(
    alice_client, alice, entries, now
):
    """A GET never resolves a noon: past noon, before the job, the board says noon is
    being counted and points its script at the status it polls."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with time_machine.travel(TUESDAY_NOON, tick=True):
        body = alice_client.get(BOARD).content.decode()
        assert "Noon is being counted" in body
        assert f'data-noon-counting="{reverse("ladder:noon_status")}"' in body
        assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.OPEN
        assert alice_client.get(reverse("ladder:noon_status")).json() == {"counting": True}
        resolve_due_noons(TUESDAY_NOON)  # the job
        assert alice_client.get(reverse("ladder:noon_status")).json() == {"counting": False}
        body = alice_client.get(BOARD).content.decode()
    assert "Noon is being counted" not in body
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 5


def test_an_action_in_the_noon_window_is_refused_in_view(alice_client, alice, entries, now):
    """The refusal is a message on the board, and nothing is written."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with time_machine.travel(TUESDAY_NOON, tick=True):
        response = alice_client.post(
            reverse("ladder:vote"), {"entry": entries["bo"].pk, "direction": "up"}, **HTMX
        )
    assert response.status_code == 200
    assert "Noon is being counted. Try again in a moment." in response.content.decode()
    assert Vote.objects.get().entry_id == entries["ava"].pk


def test_board_reads_the_public_ladder_once_per_change_and_the_player_once_per_action(
    alice_client, alice, entries, django_assert_num_queries, now
):
    """Between noons the ladder is the same for everyone: read once per change. After the
    player's action (here through the service, so nothing patched the kept board) their
    own parts are read again: session, user, player, votes, plays, Golden pins, hand,
    packs and the board's version (its poll); the last report (the recap's) is read once
    per public version in each process, and the face-down counts stay kept, since no card
    was played. Until the next change the whole page comes from the cache, after only the
    session and the user (what every page reads)."""
    alice_client.get(BOARD)
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    with django_assert_num_queries(9) as captured:
        body = alice_client.get(BOARD).content.decode()
    reads = " ".join(q["sql"] for q in captured.captured_queries)
    assert 'FROM "ladder_ladderentry"' not in reads and 'FROM "ladder_noonreport"' not in reads
    assert '<span class="my-vote up">▲ 5</span>' in body
    with django_assert_num_queries(2):
        again = alice_client.get(BOARD).content.decode()
    assert again == body


def test_the_cached_ladder_follows_admin_edits_golden_pins_and_noon(
    alice_client, alice, admin_user, entries, now
):
    def order() -> list[str]:
        body = alice_client.get(BOARD).content.decode()
        return [
            n for _, n in sorted((body.index(f'id="entry-{e.pk}"'), n) for n, e in entries.items())
        ]

    assert order()[:2] == ["ava", "bo"]
    entry = LadderEntry.objects.get(pk=entries["eli"].pk)
    entry.score = 50  # an admin's form save
    entry.save()
    assert order()[0] == "eli"
    give(join_season(alice, entries["ava"].season), "golden_gooner")
    pin_golden(user=alice, target_id=entries["cy"].pk, now=now)
    assert order()[0] == "cy"
    cast_vote(user=alice, entry_id=entries["dee"].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    assert LadderEntry.objects.get(pk=entries["dee"].pk).score == 5
    assert order()[:3] == ["cy", "eli", "dee"]


def test_the_cached_ladder_part_shows_new_face_down_cards_and_votes(
    alice_client, alice, bob, bob_player, entries
):
    """The ladder's HTML is kept per version of what it shows: another player's card or the
    player's own vote makes a new one; an unchanged board comes from the cache."""
    alice_client.get(BOARD)  # sets the CSRF cookie, which the cached forms' tokens come from
    first = alice_client.get(BOARD).content.decode()
    assert 'aria-label="0 face-down cards"' in first
    assert [k for k in cache._cache if "ladder:html:" in k]  # locmem's store
    give(bob_player, "boost")
    play_face_down(user=bob, card="boost", target_id=entries["ava"].pk)
    assert 'aria-label="1 face-down card"' in alice_client.get(BOARD).content.decode()
    cast_vote(user=alice, entry_id=entries["bo"].pk, direction="down")
    assert '<span class="my-vote down">▼ 5</span>' in alice_client.get(BOARD).content.decode()


def test_a_cache_that_is_down_fails_no_page_and_no_vote(alice_client, alice, entries, settings):
    """The board's caches are an optimisation: with the cache unreachable (Redis on a dead
    port), the board reads the database and actions still land."""
    settings.CACHES = {
        "default": {
            "BACKEND": "goonsite.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    alice_client.get(BOARD)
    body = alice_client.get(BOARD).content.decode()
    assert '<span class="my-vote up">▲ 5</span>' in body


def test_a_page_served_whole_follows_the_header_and_the_countdown(
    alice_client, alice, entries, now
):
    """What the page shows beyond the board's versions is in its key too: the user's name
    in the header, and the countdown's words, by the minute."""

    def countdown(body: str) -> str:
        return body.split('<time data-countdown="')[1].split(">")[1].split("<")[0]

    alice_client.get(BOARD)
    first = alice_client.get(BOARD).content.decode()
    assert alice_client.get(BOARD).content.decode() == first
    User.objects.filter(pk=alice.pk).update(display_name="Alice Prime")
    renamed = alice_client.get(BOARD).content.decode()
    assert "Alice Prime" in renamed and "Alice Prime" not in first
    with time_machine.travel(now + dt.timedelta(hours=2), tick=False):
        later = alice_client.get(BOARD).content.decode()
    assert countdown(later) != countdown(first)


def test_a_page_kept_whole_is_not_shown_to_another_browser(client, alice, bob, entries):
    """The key names the browser's CSRF secret: the page's forms carry tokens made from
    it, and a page is only ever one player's."""
    client.force_login(alice)
    client.get(BOARD)
    alices = client.get(BOARD).content.decode()
    client.force_login(bob)  # a new session and a new CSRF secret
    client.get(BOARD)
    bobs = client.get(BOARD).content.decode()
    assert "Alice" in alices.split("</header>")[0]
    assert "Bob" in bobs.split("</header>")[0] and "Alice" not in bobs.split("</header>")[0]
