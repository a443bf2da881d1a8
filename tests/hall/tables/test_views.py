"""The tables' pages: lobby, table, live poll, moves by htmx, replay (H14.1-H14.3)."""

import pytest
from django.urls import reverse

from games.hall.models import DuelRequest, Game
from tests.hall.fixtures import at, grant
from tests.hall.tables.helpers import all_ready, choose_all, duel

pytestmark = pytest.mark.usefixtures("in_phase_one")

A = ["5H", "6H", "7H", "8H"]
B = ["9S", "10S", "2C", "3C"]


@pytest.fixture
def pair(ann, bo):
    grant(ann, *A, "9H", chips=2)
    grant(bo, *B, "4C", chips=2)
    return ann, bo


def test_challenge_accept_and_land_on_the_table(client, pair):
    """H7.4 through the lobby's forms."""
    ann, bo = pair
    client.force_login(ann.user)
    page = client.get(reverse("hall:duels"))
    assert 'name="opponents"' in page.text and str(bo) in page.text
    client.post(reverse("hall:duel_request"), {"opponents": [bo.pk]})
    request = DuelRequest.objects.get()
    assert client.get(reverse("hall:duels")).text.count("Withdraw") == 1
    client.force_login(bo.user)
    assert "Accept" in client.get(reverse("hall:duels")).text
    answer = client.post(reverse("hall:duel_answer", args=[request.pk]), {"answer": "accept"})
    game = Game.objects.get()
    assert answer.status_code == 302 and answer.url == reverse("hall:game", args=[game.pk])


def test_an_empty_challenge_is_refused_in_words(client, pair):
    ann, _ = pair
    client.force_login(ann.user)
    page = client.post(reverse("hall:duel_request"), {}, follow=True)
    assert "Pick at least one player" in page.text and not DuelRequest.objects.exists()


def test_hands_are_secret_until_the_reveal_then_all_face_up(client, pair):
    """H14.3 then H14.2"""
    ann, bo = pair
    game = duel(ann, bo, now=at(1))
    choose_all(game, {bo: B}, at(1))
    client.force_login(ann.user)
    page = client.get(reverse("hall:game", args=[game.pk])).text
    assert "Hand hidden until every participant has chosen" in page
    assert "10♠" not in page  # bo's chosen 10S is nowhere on ann's page
    assert "Chosen" in page and 'aria-label="Bob\'s hand"' not in page
    choose_all(game, {ann: A}, at(1))
    page = client.get(reverse("hall:game", args=[game.pk])).text
    assert 'aria-label="Bob\'s hand"' in page and "10♠" in page and "2♣" in page


def started(ann, bo) -> Game:
    game = choose_all(duel(ann, bo, now=at(1)), {ann: A, bo: B}, at(1))
    return all_ready(game, [ann, bo], at(1))


def test_the_poll_answers_204_until_the_version_moves(client, pair):
    """Others' moves appear without a reload: a cheap version check."""
    ann, bo = pair
    game = started(ann, bo)
    client.force_login(ann.user)
    poll = reverse("hall:game_poll", args=[game.pk])
    assert client.get(poll, {"v": game.version}).status_code == 204
    part = client.get(poll, {"v": game.version - 1})
    assert part.status_code == 200 and 'id="table"' in part.text and "hx-swap-oob" in part.text
    assert f'?v={game.version}"' in part.text


def test_the_awaited_player_sees_legal_cards_highlighted_and_plays_by_htmx(client, pair):
    """H14.1 Game: legal plays highlighted; the move by htmx answers with the table."""
    ann, bo = pair
    game = started(ann, bo)
    me = ann if game.state["awaiting"]["player"] == f"p{ann.pk}" else bo
    other = bo if me == ann else ann
    legal = game.state["awaiting"]["legal"]
    client.force_login(me.user)
    page = client.get(reverse("hall:game", args=[game.pk])).text
    assert page.count('class="play-form legal"') == len(legal)
    assert "Your turn" in page
    client.force_login(other.user)
    assert "Your turn" not in client.get(reverse("hall:game", args=[game.pk])).text
    refused = client.post(
        reverse("hall:game_play", args=[game.pk]),
        {"card": B[0] if other == bo else A[0]},
        headers={"HX-Request": "true"},
    )
    assert "Refused: It is" in refused.text and "turn now, not" in refused.text
    assert "not_awaited" not in refused.text  # the engine's code never reaches a player
    client.force_login(me.user)
    done = client.post(
        reverse("hall:game_play", args=[game.pk]),
        {"card": legal[0]},
        headers={"HX-Request": "true"},
    )
    assert "You played" in done.text and 'id="table"' in done.text
    assert Game.objects.get(pk=game.pk).moves[-1] == {
        "type": "play",
        "card": legal[0],
        "player": f"p{me.pk}",
    }


def test_a_card_that_is_not_a_card_is_refused_by_the_form(client, pair):
    ann, bo = pair
    game = started(ann, bo)
    client.force_login(ann.user)
    page = client.post(reverse("hall:game_play", args=[game.pk]), {"card": "11Z"}, follow=True)
    assert "That is not a card" in page.text


def test_the_replay_steps_through_the_stored_moves(client, pair):
    """H7.9"""
    ann, bo = pair
    game = started(ann, bo)
    client.force_login(bo.user)
    replay = reverse("hall:game_replay", args=[game.pk])
    start = client.get(replay, {"step": 0}).text
    assert "After move 0 of" in start and "empty pile" in start
    end = client.get(replay).text
    assert f"After move {len(game.moves)} of {len(game.moves)}" in end
    assert "Play begins" in end and "Play begins" not in start


def test_home_links_to_my_game_and_the_battle_page_to_the_duels(client, pair):
    """H14.1 Hall home: my game if any."""
    ann, bo = pair
    client.force_login(ann.user)
    assert "Your game:" not in client.get(reverse("hall:home")).text
    game = duel(ann, bo, now=at(1))
    home = client.get(reverse("hall:home")).text
    assert f"Your game: Duel {game.pk} (choosing hands)" in home
    assert reverse("hall:duels") in client.get(reverse("hall:battle_lobby")).text


def test_an_inventory_names_the_game_its_locked_cards_are_in(client, pair, cy):
    """H14.1 Inventory: locked marked with the game."""
    ann, bo = pair
    game = choose_all(duel(ann, bo, now=at(1)), {ann: A}, at(1))
    client.force_login(bo.user)
    page = client.get(reverse("hall:inventory", args=[ann.pk])).text
    assert f'Alice is in <a href="{reverse("hall:game", args=[game.pk])}">' in page
    assert "stay locked" not in client.get(reverse("hall:inventory", args=[cy.pk])).text


def test_the_poll_leaves_my_hand_picker_alone_while_i_choose(client, pair):
    """Others choosing must not reset the boxes I have ticked: only the head and seats move."""
    ann, bo = pair
    game = duel(ann, bo, now=at(1))
    choose_all(game, {bo: B}, at(1))
    client.force_login(ann.user)
    part = client.get(reverse("hall:game_poll", args=[game.pk]), {"v": 0}).text
    assert 'id="seats"' in part and 'id="table-head"' in part and 'id="poll"' in part
    assert "hand-picker" not in part and 'id="table"' not in part


def table_part(text: str) -> str:
    return text[text.index('<div hx-swap-oob="true" id="table"') :]


def test_onlookers_share_one_rendering_of_each_version_and_seats_never_get_it(
    client, pair, cy, django_user_model
):
    """Issue 22: a push makes every page of a table fetch at once; onlookers (nobody's hand,
    no move of theirs) share one rendering of the table per version, a seat never does."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    ann, bo = pair
    game = duel(ann, bo, now=at(1))
    poll = reverse("hall:game_poll", args=[game.pk])
    other_onlooker = django_user_model.objects.create_user("dee", password=None)

    client.force_login(other_onlooker)  # not even in the cycle
    with CaptureQueriesContext(connection) as rendered:
        first = client.get(poll, {"v": game.version - 1})
    client.force_login(cy.user)  # in the cycle (more to read), not at this table
    with CaptureQueriesContext(connection) as shared:
        second = client.get(poll, {"v": game.version - 1})
    assert first.status_code == second.status_code == 200
    assert table_part(second.text) == table_part(first.text)
    assert len(shared) < len(rendered)  # the second came from the cache
    assert "(you)" not in first.text and "Choose this hand" not in first.text
    # Each gets its own token in its poll part: the socket is theirs alone.
    assert first.text.split('data-live="')[1] != second.text.split('data-live="')[1]

    client.force_login(ann.user)  # seated: always rendered for the seat
    seat = client.get(poll, {"v": game.version - 1}).text
    assert "(you)" in seat  # the seat's own rendering (here its hand picker's parts)

    choose_all(game, {bo: B}, at(1))  # H7.5 a new version: a new rendering
    game.refresh_from_db()
    client.force_login(other_onlooker)
    later = client.get(poll, {"v": game.version - 1}).text
    assert f'?v={game.version}"' in later
    assert 'data-player="Bob"' in later and table_part(later) != table_part(first.text)
