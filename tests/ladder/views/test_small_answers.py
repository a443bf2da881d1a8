"""An action's answer sends only what changed of the ladder (issue 27, R3.1, R5.4, R5.6):
a vote the row voted on and the next vote's line, a pack opening nothing of it, when the
page shows exactly the board the action changed; the whole ladder whenever it may not
(another tab's vote, a card being aimed, the day's last vote, no JS)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.ladder.engine.rules import VOTE_POINTS
from games.ladder.models import SealedItem
from games.ladder.services.packs import give_starting_hand
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import HTMX, give

BOARD = reverse("ladder:board")
VOTE = reverse("ladder:vote")
ROW = re.compile(r'<li\b[^>]*\bid="entry-(\d+)"')
COUNTS = re.compile(r'<span hx-swap-oob="true" class="facedown" data-entry="(\d+)"')
OPEN_BUTTON = re.compile(r'<button name="direction" value="(?:up|down)" class="(?:up|down)"><span')


@pytest.fixture(autouse=True)
def _on_the_minute(now):
    """A kept page is named by its minute: no test crosses one between its requests."""


def shown(client: Client, path: str = BOARD) -> str:
    """The board state the page in front of the player sends back with an action."""
    page = client.get(path).content.decode()
    return re.search(r'id="shown-board" name="shown" value="([^"]*)"', page)[1]


def vote(client: Client, entry, state: str | None, direction: str = "up") -> str:
    data = {"entry": entry.pk, "direction": direction}
    if state is not None:
        data["shown"] = state
    return client.post(VOTE, data, **HTMX).content.decode()


def test_the_answer_swaps_the_row_voted_on_and_the_next_votes_line(alice_client, entries):
    state = shown(alice_client)
    body = vote(alice_client, entries["bo"], state)
    assert ROW.findall(body) == [str(entries["bo"].pk)]
    assert f'id="entry-{entries["bo"].pk}"' in body and 'hx-swap-oob="true"' in body
    assert '<span class="my-vote up">▲ 5</span>' in body
    assert 'id="next-vote" class="next-vote helptext" data-points="3"' in body
    assert "Your next vote: <strong>3 points</strong>" in body
    assert 'id="ladder"' not in body
    # The poller too: an answer arriving after a poll drew a newer board must not leave
    # the page thinking it shows that one.
    assert 'id="poller"' in body
    # The rest of what a vote changes: of the day's panel, the votes left and cast (its
    # countdown, seed and notices stay as drawn), the season's panel, the message.
    assert 'id="today"' not in body and 'id="today-plays"' not in body
    assert re.search(r'<div hx-swap-oob="true" id="today-votes">', body)
    assert '<span class="chip">3</span><span class="chip">1</span>' in body
    assert "▲ 5 on Bo</li>" in body
    assert 'id="season"' in body and "5 points up on Bo" in body


def test_the_next_line_carries_the_state_the_next_vote_sends(alice_client, entries):
    body = vote(alice_client, entries["bo"], shown(alice_client))
    state = re.search(r'id="shown-board" name="shown" value="([^"]*)"', body)[1]
    assert state.endswith(":1:")
    second = vote(alice_client, entries["ava"], state)
    assert ROW.findall(second) == [str(entries["ava"].pk)]
    assert 'data-points="1"' in second


def test_a_page_behind_another_tabs_vote_gets_the_whole_ladder(alice_client, alice, entries):
    state = shown(alice_client)
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="down")  # the other tab
    body = vote(alice_client, entries["bo"], state)
    assert 'id="ladder"' in body and 'id="poller"' in body
    assert len(ROW.findall(body)) == len(entries)
    assert '<span class="my-vote down">▼ 5</span>' in body  # the other tab's, now shown
    assert '<span class="my-vote up">▲ 3</span>' in body


@pytest.mark.parametrize("state", [None, "", "someone else's page:0"])
def test_a_vote_without_the_pages_state_gets_the_whole_ladder(alice_client, entries, state):
    shown(alice_client)
    body = vote(alice_client, entries["bo"], state)
    assert 'id="ladder"' in body and len(ROW.findall(body)) == len(entries)
    assert 'id="today"' in body and "Noon lands in" in body  # the whole day's panel too


def test_a_card_played_from_the_page_redraws_only_the_days_face_down_list(
    alice_client, alice_player, entries
):
    """R5.5: the answer to a card played on the page that shows its board: the ladder (the
    card being aimed leaves every row), the hand, and of the day's panel only the list of
    face-down cards; the whole panel for a page that shows another board."""
    give(alice_player, "boost", "boost")
    state = shown(alice_client, f"{BOARD}?play=boost")
    data = {"card": "boost", "target": entries["cy"].pk, "shown": state}
    body = alice_client.post(reverse("ladder:play"), data, **HTMX).content.decode()
    assert re.search(r'<div hx-swap-oob="true" id="today-plays">', body)
    assert "Boost on Cy</li>" in body
    assert 'id="today"' not in body and 'id="today-votes"' not in body
    assert 'id="ladder"' in body and 'id="hand"' in body
    data["shown"] = "someone else's page:0"
    body = alice_client.post(reverse("ladder:play"), data, **HTMX).content.decode()
    assert 'id="today"' in body and "Noon lands in" in body
    assert body.count("Boost on Cy</li>") == 2


def test_the_days_last_vote_closes_every_row(alice_client, alice, entries):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    cast_vote(user=alice, entry_id=entries["cy"].pk, direction="up")
    body = vote(alice_client, entries["bo"], shown(alice_client))
    assert 'id="ladder"' in body and len(ROW.findall(body)) == len(entries)
    assert "No votes left today: new votes at noon." in body
    assert 'data-points="0"' in body
    assert not OPEN_BUTTON.search(body)  # every button closed


def test_without_js_a_vote_still_redirects_to_the_board(alice_client, entries):
    state = shown(alice_client)
    response = alice_client.post(VOTE, {"entry": entries["bo"].pk, "direction": "up"})
    assert response.status_code == 302 and response["Location"] == BOARD
    page = alice_client.get(BOARD).content.decode()
    assert len(OPEN_BUTTON.findall(page)) == 2 * (len(entries) - 1)
    assert state.endswith(":0:") and 'data-points="3"' in page


def test_the_answer_is_a_small_part_of_the_page(alice_client, entries):
    page_size = len(alice_client.get(BOARD).content)
    answer = vote(alice_client, entries["bo"], shown(alice_client))
    whole = vote(alice_client, entries["cy"], None)  # the same vote, the whole ladder
    assert len(answer.encode()) < len(whole.encode()) < page_size
    per_row = (len(whole.encode()) - len(answer.encode())) / (len(entries) - 1)
    assert per_row > 200  # each row left out is a real saving, not a rounding


def test_every_points_value_of_r3_1_has_its_rule_in_the_stylesheet():
    css = Path(settings.BASE_DIR, "static/ladder/ladder.css").read_text()
    values = {p for points in VOTE_POINTS.values() for p in points}
    rule = re.compile(
        r'#next-vote\[data-points="(\d+)"\][^{]*\{ content: " (\d+)"; '
        r'content: " (\d+)" / "(\d+) points?"; \}'
    )
    styled = {int(v) for v, *shown in rule.findall(css) if {v} == set(shown)}
    assert styled == values


@pytest.fixture
def pack(alice, alice_player, season) -> SealedItem:
    give_starting_hand(user=alice, season=season)
    return SealedItem.objects.get(owner=alice_player)


def open_pack(client: Client, pack: SealedItem, state: str | None) -> str:
    data = {} if state is None else {"shown": state}
    return client.post(reverse("ladder:open", args=[pack.pk]), data, **HTMX).content.decode()


def test_a_pack_opened_from_the_page_sends_only_the_ladders_counts(alice_client, pack, entries):
    body = open_pack(alice_client, pack, shown(alice_client))
    assert "You opened:" in body and 'id="hand"' in body
    assert 'id="ladder"' not in body and ROW.findall(body) == []
    assert sorted(COUNTS.findall(body)) == sorted(str(e.pk) for e in entries.values())


def test_a_pack_opened_while_a_card_is_aimed_puts_the_vote_buttons_back(
    alice_client, alice_player, pack, entries
):
    give(alice_player, "boost")
    state = shown(alice_client, f"{BOARD}?play=boost")
    assert state.endswith(":boost")
    body = open_pack(alice_client, pack, state)
    assert 'id="ladder"' in body and "Play here" not in body
    assert len(OPEN_BUTTON.findall(body)) == 2 * len(entries)


def test_a_pack_opened_without_the_pages_state_sends_the_whole_ladder(alice_client, pack, entries):
    shown(alice_client)
    body = open_pack(alice_client, pack, None)
    assert 'id="ladder"' in body and len(ROW.findall(body)) == len(entries)


def test_a_card_landed_during_the_vote_shows_in_its_answer(
    alice_client, bob, bob_player, entries, monkeypatch
):
    """The answer fills in the face-down counts the vote read before it only while the
    day's plays have not moved: a card played meanwhile is counted (R5.6)."""
    from games.ladder.services.plays import play_face_down
    from games.ladder.views import actions

    give(bob_player, "boost", "boost")
    play_face_down(user=bob, card="boost", target_id=entries["ava"].pk)  # counts kept
    real = actions.cast_vote

    def and_bob_plays_meanwhile(**kwargs):
        vote = real(**kwargs)
        play_face_down(user=bob, card="boost", target_id=entries["bo"].pk)
        return vote

    state = shown(alice_client)
    monkeypatch.setattr(actions, "cast_vote", and_bob_plays_meanwhile)
    body = vote(alice_client, entries["bo"], state)
    assert ROW.findall(body) == [str(entries["bo"].pk)]
    assert 'aria-label="1 face-down card"' in body
    monkeypatch.setattr(actions, "cast_vote", real)
    body = vote(alice_client, entries["ava"], shown(alice_client))  # nothing moved: as read
    assert ROW.findall(body) == [str(entries["ava"].pk)]
    assert 'aria-label="1 face-down card"' in body


def test_a_small_answer_arriving_after_a_newer_poll_is_redrawn_by_the_next_poll(
    alice_client, bob, bob_player, entries
):
    """The poll and the vote run side by side in the browser: when the poll's answer (a
    Golden pin's new board) lands first and the vote's, drawn on the board before, lands
    after it, the poller the vote's answer carries names the older board, so the next
    poll draws the new one again instead of leaving the pinned row as it was."""
    from games.ladder.services.plays import pin_golden

    poller = re.compile(r'board/version/\?v=([^"&]*)')
    page = alice_client.get(BOARD).content.decode()
    before = poller.search(page)[1]
    small = vote(alice_client, entries["bo"], shown(alice_client))
    assert ROW.findall(small) == [str(entries["bo"].pk)]
    give(bob_player, "golden_gooner")
    pin_golden(user=bob, target_id=entries["bo"].pk)
    polled = alice_client.get(f"{reverse('ladder:board_version')}?v={before}", **HTMX)
    assert 'id="ladder"' in polled.content.decode()  # the newer board, landed first
    late = poller.search(small)[1]  # then the vote's answer lands: its poller wins
    assert late == before
    again = alice_client.get(f"{reverse('ladder:board_version')}?v={late}", **HTMX)
    assert again.status_code == 200 and 'id="ladder"' in again.content.decode()


def test_a_vote_brings_the_counts_other_players_cards_moved_since_the_page_was_drawn(
    alice_client, bob, bob_player, entries
):
    """R5.6: the page learns of cards played on other rows since it was drawn, as it did
    when a vote brought the whole ladder: every other row's count, by its span's id."""
    from games.ladder.services.plays import play_face_down

    state = shown(alice_client)
    give(bob_player, "boost")
    play_face_down(user=bob, card="boost", target_id=entries["cy"].pk)
    body = vote(alice_client, entries["bo"], state)
    assert ROW.findall(body) == [str(entries["bo"].pk)]
    others = sorted(str(e.pk) for name, e in entries.items() if name != "bo")
    assert sorted(COUNTS.findall(body)) == others  # Bo's own is in its row
    cy = entries["cy"].pk
    assert f'data-entry="{cy}" id="facedown-{cy}" role="img" aria-label="1 face-down card"' in body
