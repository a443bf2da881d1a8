"""A12.6 / S54: after the game, chat is free. The engine refuses it (`game_over`), so the
site posts it itself: every goon who sat at the table (even one who left) may talk, no bit
applies, the other pages fetch it (the version moves), and onlookers may not post."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.armed.engine import run
from games.armed.models import ArmedAfterChat
from games.armed.tables import lobby, moves
from goonsite.refusal import Refusal
from tests.armed.tables.helpers import at, fresh, play_to_end

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def over(alice, bob):
    t = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    table = lobby.start_table(user=alice, game_id=t.pk, now=at(0))
    table = play_to_end(table, {1: alice, 2: bob})
    assert table.is_over
    return table


def test_the_engine_itself_refuses_chat_once_the_game_is_over(over):
    out = run(
        {
            **over.engine_input(),
            "actions": [*over.moves, {"type": "say", "seat": "goon1", "text": "gg"}],
        }
    )
    assert [r["code"] for r in out["refusals"]] == ["game_over"]


def test_after_the_game_a_goon_talks_freely_and_the_others_read_it(client, over, alice, bob):
    version = over.version
    assert moves.say(user=alice, game_id=over.pk, text="gg, well shot", now=at(999)) is None
    assert fresh(over).version == version + 1  # the other pages fetch the new line
    assert fresh(over).moves == over.moves  # the game itself is untouched
    client.force_login(bob)
    page = client.get(reverse("armed:table", args=[over.pk])).content.decode()
    assert "gg, well shot" in page and "<b>GOON #1 (Alice):</b> gg, well shot" in page
    assert 'id="say-text"' in page and "no bits apply" in page


def test_the_form_posts_after_the_game_and_empties_the_box(client, over, alice):
    client.force_login(alice)
    response = client.post(reverse("armed:say", args=[over.pk]), {"text": "rematch?"}, **HX)
    body = response.content.decode()
    assert "This game is over" not in body and "rematch?" in body
    assert response["HX-Trigger"] == "armed-said"
    assert list(ArmedAfterChat.objects.values_list("text", flat=True)) == ["rematch?"]


def test_a_goon_who_left_may_talk_after_the_game(alice, bob):
    t = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    table = lobby.start_table(user=alice, game_id=t.pk, now=at(0))
    moves.leave(user=bob, game_id=table.pk, now=at(1))
    with pytest.raises(Refusal, match="You left this table"):
        moves.say(user=bob, game_id=table.pk, text="hi", now=at(2))  # A12.5 not while it runs
    table = play_to_end(table, {1: alice}, start=3)
    moves.say(user=bob, game_id=table.pk, text="sorry, had to go", now=at(999))
    assert ArmedAfterChat.objects.get().seat.position == 2


def test_an_onlooker_cannot_post_after_the_game_and_nothing_is_written(over, charlie):
    with pytest.raises(Refusal, match="Only the goons who sat at this table"):
        moves.say(user=charlie, game_id=over.pk, text="hello", now=at(999))
    with pytest.raises(Refusal, match="Write something first"):
        moves.say(user=None, game_id=over.pk, text="  ", now=at(999))
    assert not ArmedAfterChat.objects.exists() and fresh(over).version == over.version


def test_the_admin_reads_what_was_said_after_the_game_escaped(client, over, alice, admin_user):
    moves.say(user=alice, game_id=over.pk, text="<b>rude</b> line", now=at(999))
    client.force_login(admin_user)
    page = client.get(reverse("admin:armed_armedtable_change", args=[over.pk])).content.decode()
    assert "chat after the game" in page.lower()
    assert "&lt;b&gt;rude&lt;/b&gt; line" in page and "<b>rude</b>" not in page
