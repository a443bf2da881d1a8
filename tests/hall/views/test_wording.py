"""What players read in the Hall (issue 28): no engine codes, banners that leave when the
moment passes, a tab title that says it is your turn, the election's end, the sign-up."""

import re
from types import SimpleNamespace

from django.urls import reverse

from games.hall.models import Game
from games.hall.tables.adapter import explain
from games.hall.tables.output import EngineRefusal
from tests.hall.fixtures import at, grant
from tests.hall.tables.helpers import all_ready, choose_all, duel
from tests.hall.tables.test_views import A, B

TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def test_engine_refusals_read_as_sentences_with_card_names():
    """Raw codes ("8C*", "(not_awaited)") never reach a player."""
    table = SimpleNamespace(name=lambda engine_id: {"p1": "Ann", "p2": "Bo"}[engine_id])
    said = explain(table, EngineRefusal(0, "illegal_play", "8C* does not match 10H"))
    assert said == "Refused: 8 of Clubs ✦ does not match 10 of Hearts."
    said = explain(table, EngineRefusal(0, "not_awaited", "it is p2's turn now, not p1's"))
    assert said == "Refused: It is Bo's turn now, not Ann's."
    said = explain(table, EngineRefusal(0, "bad_target", "p2 holds no RJ to send home"))
    assert said == "Refused: Bo holds no Red Joker to send home."


def _started(ann, bo) -> tuple[Game, object, object]:
    grant(ann, *A, "9H", chips=2)
    grant(bo, *B, "4C", chips=2)
    game = all_ready(choose_all(duel(ann, bo, now=at(1)), {ann: A, bo: B}, at(1)), [ann, bo], at(1))
    me = ann if game.state["awaiting"]["player"] == f"p{ann.pk}" else bo
    return game, me, (bo if me == ann else ann)


def test_the_tab_title_says_whose_turn_it_is(client, ann, bo, in_phase_one):
    game, me, other = _started(ann, bo)
    client.force_login(me.user)
    page = client.get(reverse("hall:game", args=[game.pk])).text
    assert TITLE.search(page).group(1).startswith("(Your turn) Duel")
    assert 'data-page-title="(Your turn) Duel' in page  # the live poll carries it along
    client.force_login(other.user)
    assert "(Your turn)" not in TITLE.search(
        client.get(reverse("hall:game", args=[game.pk])).text
    ).group(1)


def test_a_played_banner_leaves_when_the_game_moves_on(client, ann, bo, in_phase_one):
    """ "You played …" is said once; the poll that brings the next move clears it."""
    game, me, _ = _started(ann, bo)
    client.force_login(me.user)
    card = game.state["awaiting"]["legal"][0]
    played = client.post(
        reverse("hall:game_play", args=[game.pk]), {"card": card}, headers={"HX-Request": "true"}
    )
    assert (
        "You played the " in played.text
        and card not in re.findall(r"You played the ([^<]*)", played.text)[0]
    )
    version = Game.objects.get(pk=game.pk).version
    Game.objects.filter(pk=game.pk).update(version=version + 1)  # someone else moved
    poll = client.get(reverse("hall:game_poll", args=[game.pk]), {"v": version})
    assert 'id="messages"' in poll.text and "You played" not in poll.text


def test_the_elections_page_says_when_the_week_ends(client, ann, in_phase_one):
    """H1.6, H11.10 Week 1 of a cycle starting Tue Dec 1 ends at noon on Tue Dec 8."""
    client.force_login(ann.user)
    page = client.get(reverse("hall:elections")).text
    assert "Week 1 ends Tue Dec 8, 12:00 Central" in page


def test_the_sign_up_page_names_the_site_and_its_games(client):
    page = client.get(reverse("accounts:signup")).text
    assert "Join the Gooner Ladder" not in page
    assert "<h1>Join goonsite</h1>" in page and "Gilded Hall" in page and "Gooner Ladder" in page
