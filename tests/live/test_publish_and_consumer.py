"""Live updates' core (issue 22): a push leaves only after its commit, a page joins only
the groups its signed token names, for the viewer it was made for, from our own origin."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
import time_machine
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.core import signing
from django.db import transaction

from goonsite.asgi import application
from goonsite.live import group, publish_on_commit, token_for, user_group
from goonsite.live.consumer import REFUSED
from goonsite.live.sync import call_sync
from goonsite.live.tokens import SALT, BadToken, read_token
from tests.live.communicator import Socket

pytestmark = pytest.mark.django_db(transaction=True)  # real commits and rollbacks

BOARD = "tests.board"
ORIGIN = (b"origin", b"http://testserver")


class Boom(Exception):
    pass


async def next_message(channel: str, wait: float = 2.0) -> dict | None:
    """The next message on `channel`, or None if none comes within `wait` seconds."""
    try:
        return await asyncio.wait_for(get_channel_layer().receive(channel), wait)
    except TimeoutError:
        return None


def test_a_push_leaves_after_the_commit_never_inside_it():
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(BOARD, channel)
        seen_inside = []

        def change():
            with transaction.atomic():
                publish_on_commit(BOARD)
                publish_on_commit(BOARD)  # twice in one transaction: one push
                seen_inside.append(call_sync(next_message, channel, 0.3))

        await sync_to_async(change)()
        assert seen_inside == [None]  # nothing while the transaction was open
        assert await next_message(channel) == {"type": "group.changed", "group": BOARD}
        assert await next_message(channel, 0.3) is None

    call_sync(scenario)


def test_a_rolled_back_change_pushes_nothing():
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(BOARD, channel)

        def change():
            with pytest.raises(Boom), transaction.atomic():
                publish_on_commit(BOARD)
                raise Boom

        def savepoint_rolled_back():
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        publish_on_commit(BOARD)
                        raise Boom
                except Boom:
                    pass
                publish_on_commit("tests.other")  # the outer transaction commits this

        await sync_to_async(change)()
        await sync_to_async(savepoint_rolled_back)()
        assert await next_message(channel, 0.5) is None

    call_sync(scenario)


def test_a_rolled_back_savepoint_does_not_swallow_a_later_push():
    """The second publish of a group is skipped only while the first is still pending."""

    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(BOARD, channel)

        def change():
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        publish_on_commit(BOARD)
                        raise Boom
                except Boom:
                    pass
                publish_on_commit(BOARD)

        await sync_to_async(change)()
        assert await next_message(channel) == {"type": "group.changed", "group": BOARD}

    call_sync(scenario)


def test_a_bad_group_name_fails_where_it_is_made():
    assert group("table", "hall", "game", 42) == "table.hall.game.42"
    assert user_group(7) == "player.7"
    with pytest.raises(ValueError):
        group("room", "with space")
    with pytest.raises(ValueError):
        publish_on_commit("a/b")


async def connect(query: str, headers=(ORIGIN,)) -> tuple[Socket, dict]:
    communicator = Socket(application, f"/live/?{query}", headers)
    connected = await communicator.connect()
    assert connected
    return communicator, await communicator.receive_json_from(timeout=2)


async def refused(query: str, headers=(ORIGIN,)) -> str:
    communicator, first = await connect(query, headers)
    assert first["type"] == "refused"
    closed = await communicator.receive_output(timeout=2)
    assert closed["type"] == "websocket.close" and closed["code"] == REFUSED
    await communicator.disconnect(REFUSED)
    return first["reason"]


def test_a_signed_token_joins_its_groups_and_gets_each_change():
    token = token_for(None, [BOARD, "tests.home"])

    async def scenario():
        page, first = await connect(f"t={token}")
        assert first == {"type": "subscribed", "groups": [BOARD, "tests.home"]}

        def move():
            with transaction.atomic():
                publish_on_commit("tests.home")

        await sync_to_async(move)()
        assert await page.receive_json_from(timeout=2) == {"type": "changed", "group": "tests.home"}
        await sync_to_async(publish_on_commit)("tests.elsewhere")  # not this page's group
        assert await page.receive_nothing(timeout=0.3)
        await page.disconnect()

    call_sync(scenario)


def test_the_consumer_refuses_a_missing_forged_or_tampered_token():
    good = token_for(None, [BOARD])
    forged = signing.dumps({"g": ["table.hall.game.1"], "u": None}, key="x" * 50, salt=SALT)
    other_salt = signing.dumps({"g": ["table.hall.game.1"], "u": None})
    _, rest = good.split(":", 1)
    tampered = f"{signing.b64_encode(b'{"g":["table.hall.game.1"],"u":null}').decode()}:{rest}"

    async def scenario():
        assert await refused("") == "no live token"
        for token in (forged, other_salt, tampered, "not-a-token"):
            reason = await refused(f"t={token}")
            assert reason == "the live token is not one this site signed", token
        # One bad token among good ones refuses the lot.
        assert await refused(f"t={good}&t={forged}") == "the live token is not one this site signed"

    call_sync(scenario)


def test_a_token_is_for_the_viewer_it_was_made_for(alice, bob, client):
    """A copied token is no use to another player, nor to a visitor logged out."""
    token = token_for(alice, [user_group(alice)])
    client.force_login(bob)
    bobs_cookie = (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())
    client.force_login(alice)
    alices_cookie = (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    async def scenario():
        assert await refused(f"t={token}", (ORIGIN, bobs_cookie)) == (
            "the live token was made for another viewer"
        )
        assert await refused(f"t={token}") == "the live token was made for another viewer"
        page, first = await connect(f"t={token}", (ORIGIN, alices_cookie))
        assert first == {"type": "subscribed", "groups": [user_group(alice)]}
        await page.disconnect()

    call_sync(scenario)


def test_an_expired_token_is_refused(settings):
    settings.LIVE_TOKEN_MAX_AGE = 3600
    with time_machine.travel(dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC), tick=False):
        token = token_for(None, [BOARD])
    with pytest.raises(BadToken, match="expired"):
        read_token(token, None)

    async def scenario():
        assert (await refused(f"t={token}")).startswith("the page's live token has expired")

    call_sync(scenario)


def test_a_page_of_another_site_may_not_open_the_socket():
    """Cross-site WebSocket hijacking: the browser sends our cookie from any page."""
    token = token_for(None, [BOARD])

    async def scenario():
        for headers in ([(b"origin", b"https://evil.example")], []):
            reason = await refused(f"t={token}", headers)
            assert reason == "live updates are only for this site's own pages"

    call_sync(scenario)
