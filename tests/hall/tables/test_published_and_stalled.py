"""What a finished game publishes, and a game nobody can finish (issue 28, "In the Hall").

H7.9, H7.10: the replay offers the engine's input (starting position with the seed, and
the move list) as a JSON download, so anyone can rerun the engine and get the result.
The stall: a Red Joker on top, both hands all black, nothing to draw; the table says so
and the admin lists the game to abandon (H8.25).
"""

from __future__ import annotations

import hashlib
import json

import pytest
from django.urls import reverse

from games.hall.engine import run
from games.hall.models import AdminRecord, Card, Game
from games.hall.tables.moves import play
from tests.hall.fixtures import at, fresh, grant
from tests.hall.tables.helpers import all_ready, choose_all, duel, play_to_the_end

pytestmark = pytest.mark.usefixtures("in_phase_one")


def test_an_ended_games_engine_input_downloads_and_reruns_to_the_stored_result(client, ann, bo):
    """H7.9, H7.10 The download is the engine's input; rerunning it gives the stored state,
    and its seed is the one whose SHA-256 the table showed from the start."""
    grant(ann, "5H", "6H", "7H", "8H", "9H")
    grant(bo, "9S", "10S", "2C", "3C", "4C")
    game = duel(ann, bo, now=at(1))
    shown_hash = game.seed_hash
    game = choose_all(game, {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C"]}, at(1))
    game = all_ready(game, [ann, bo], at(1))
    client.force_login(bo.user)
    download = reverse("hall:game_engine_input", args=[game.pk])

    early = client.get(download, follow=True)
    assert "application/json" not in early["Content-Type"]
    assert "published when the game ends" in early.text  # the seed is secret until then

    game = play_to_the_end(game, now=at(1, 16))
    replay = client.get(reverse("hall:game_replay", args=[game.pk])).text
    assert download in replay
    response = client.get(download)
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    engine_input = json.loads(response.content)
    assert engine_input["actions"] == game.moves
    assert hashlib.sha256(str(engine_input["seed"]).encode()).hexdigest() == shown_hash
    assert run(engine_input) == game.state


@pytest.fixture
def stalled(ann, bo) -> Game:
    """Ann opens 4H, Bob answers 9S, Ann plays the Red Joker: every card left is black and
    nobody has anything to draw."""
    grant(ann, "4H", "RJ", "7S", "8S", "9C")
    grant(bo, "9S", "10S", "2C", "3C")
    game = duel(ann, bo, now=at(1))
    game = choose_all(
        game, {ann: ["4H", "RJ", "7S", "8S", "9C"], bo: ["9S", "10S", "2C", "3C"]}, at(1)
    )
    game = all_ready(game, [ann, bo], at(1))
    play(user=ann.user, game_id=game.pk, card="4H", now=at(1, 16))
    play(user=bo.user, game_id=game.pk, card="9S", now=at(1, 16))
    assert Game.objects.get(pk=game.pk).stalled_since is None  # a red card may still come
    play(user=ann.user, game_id=game.pk, card="RJ", now=at(1, 17))
    return Game.objects.get(pk=game.pk)


def test_a_table_where_nobody_can_play_says_so(client, stalled, bo):
    assert stalled.stalled_since == at(1, 17)
    client.force_login(bo.user)
    page = client.get(reverse("hall:game", args=[stalled.pk])).text
    assert "Nobody at this table has any possible play" in page
    assert "listed for the admins to abandon" in page


def test_the_admin_lists_stalled_games_and_abandons_them(client, admin_user, stalled, ann, bo):
    """H8.25 abandoned: no winner, no Chips, every card home; the audit says why."""
    client.force_login(admin_user)
    changelist = reverse("admin:hall_game_changelist")
    listed = client.get(changelist, {"stalled": "yes"})
    assert list(listed.context["cl"].queryset) == [stalled]

    client.post(
        changelist, {"action": "abandon_games", "_selected_action": [stalled.pk]}, follow=True
    )
    game = Game.objects.get(pk=stalled.pk)
    assert game.stage == Game.Stage.OVER and game.result == "abandoned" and game.winner is None
    assert not Card.objects.filter(owner__in=[ann, bo], locked=True).exists()
    assert fresh(ann).chips == 0 and fresh(bo).chips == 0
    assert client.get(changelist, {"stalled": "yes"}).context["cl"].queryset.count() == 0
    record = AdminRecord.objects.get(kind="abandon game")
    assert record.actor == admin_user and record.reason == "nobody had any possible play"
