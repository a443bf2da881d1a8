"""An answer drawn from parts kept per state (games.ladder.kept_parts) is still each
player's own: their messages once, their packs' forms with their own token, their own live
token; and a part kept by one player's answer serves the next player's as theirs."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.ladder import kept_parts
from games.ladder.models import SealedItem, Source
from goonsite.kept import KeptInProcess
from goonsite.live.tokens import BadToken, read_token
from tests.ladder.fixtures import HTMX, give

BOARD = reverse("ladder:board")


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch):
    monkeypatch.setattr(kept_parts, "_kept", KeptInProcess(1000))


def messages_of(body: str) -> list[str]:
    part = body.split('id="messages"')[1].split("</div>")[0]
    return re.findall(r'<li class="[^"]*">(.*?)</li>', part)


def test_each_answer_shows_its_own_messages_once(alice_client, entries):
    """Two votes in a row, the first with the welcome (a first visit): the second answer
    shows the second vote's message alone, and the page after shows none of them."""
    first = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "up"}, **HTMX
    ).content.decode()
    second = alice_client.post(
        reverse("ladder:vote"), {"entry": entries["bo"].pk, "direction": "down"}, **HTMX
    ).content.decode()
    welcome, vote = messages_of(first)
    assert welcome.startswith("Welcome to ")
    assert vote == "5 points up on Ava. It lands at Monday&#x27;s noon."
    assert messages_of(second) == ["3 points down on Bo. It lands at Monday&#x27;s noon."]
    page = alice_client.get(BOARD).content.decode()
    assert "Welcome to " not in page and "It lands at" not in page


def sealed_pack(player) -> SealedItem:
    return SealedItem.objects.create(owner=player, kind="booster_pack", source=Source.ADMIN)


def test_a_hand_kept_for_one_player_opens_the_next_ones_own_pack(
    alice, bob, alice_player, bob_player, entries
):
    """Alice and Bob hold the same: one Boost and a sealed Booster Pack, so Bob's hand is
    the one kept for Alice's. His shows his pack, with a token his browser's cookie takes
    (real CSRF checks), and opens it."""
    browsers = {}
    for user, player in ((alice, alice_player), (bob, bob_player)):
        give(player, "boost")
        browsers[user.pk] = (Client(enforce_csrf_checks=True), sealed_pack(player))
        browsers[user.pk][0].force_login(user)
    hands = {}
    for pk, (browser, _) in browsers.items():
        browser.get(BOARD)  # the CSRF cookie
        aiming = browser.get(BOARD, {"play": "boost"}, **HTMX).content.decode()
        hands[pk] = aiming.split('id="hand"')[1].split("</section>")[0]
    kept_hands = [key for key in kept_parts._kept._values if key[0] == "hand"]
    assert len(kept_hands) == 2  # the page's and the aiming one's, drawn for Alice alone
    (_, alice_pack), (bob_browser, bob_pack) = browsers.values()
    bob_hand = hands[bob.pk]
    assert reverse("ladder:open", args=[bob_pack.pk]) in bob_hand
    assert reverse("ladder:open", args=[alice_pack.pk]) not in bob_hand
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', bob_hand)[1]
    opened = bob_browser.post(
        reverse("ladder:open", args=[bob_pack.pk]), {"csrfmiddlewaretoken": token}
    )
    assert opened.status_code == 302
    bob_pack.refresh_from_db()
    alice_pack.refresh_from_db()
    assert bob_pack.opened_at is not None and alice_pack.opened_at is None


def test_the_live_token_in_an_answer_is_the_viewers_own(alice, bob, alice_player, entries):
    """The poller is kept per board version and card aimed, shared by every viewer: its
    live token is filled in for each (goonsite.live signs it for the user)."""
    tokens = {}
    for user in (alice, bob):
        client = Client()
        client.force_login(user)
        body = client.post(
            reverse("ladder:vote"), {"entry": entries["cy"].pk, "direction": "up"}, **HTMX
        ).content.decode()
        poller = body.split('id="poller"')[1].split("</div>")[0]
        tokens[user] = re.search(r'data-live="([^"]+)"', poller)[1]
    assert read_token(tokens[bob], bob) == ["ladder.board"]
    with pytest.raises(BadToken):
        read_token(tokens[bob], alice)
    assert tokens[alice] != tokens[bob]


def test_every_form_of_the_page_carries_the_pages_one_token(alice_client, alice_player, entries):
    """The kept hand's pack form takes the token the page made for its other forms (the
    context's, lazy), not one masked again for itself."""
    sealed_pack(alice_player)
    page = alice_client.get(BOARD).content.decode()
    header = re.search(r'"X-CSRFToken": "([^"]+)"', page)[1]
    forms = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    pack = re.search(r'action="/sealed/\d+/open/"[^>]*>\s*<input[^>]*value="([^"]+)"', page)
    assert pack is not None and pack[1] == header
    assert len(forms) > 3 and set(forms) == {header}
