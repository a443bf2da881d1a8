"""The site's one Discord outbox: what every game's posts share (R8.1, H14.5)."""

from __future__ import annotations

import httpx
import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from goonsite.outbox import makers
from goonsite.outbox.models import DiscordPost
from goonsite.outbox.services import deliver, queue, resend, text_message

URL = "http://discord.invalid/api/webhooks/1/token"


@pytest.fixture
def webhook(settings):
    settings.DISCORD_WEBHOOK_URL = URL


@pytest.fixture
def discord() -> tuple[list[dict], httpx.MockTransport]:
    bodies: list[dict] = []

    def answer(request: httpx.Request) -> httpx.Response:
        bodies.append(__import__("json").loads(request.content))
        return httpx.Response(200, json={"id": str(len(bodies))})

    return bodies, httpx.MockTransport(answer)


@pytest.fixture
def a_maker():
    made: list[str] = []

    def maker(ref: str) -> list[dict]:
        made.append(ref)
        return [text_message(f"part {n} of {ref}") for n in (1, 2)]

    makers.register("testgame", "story", maker)
    yield made
    makers._makers.pop(("testgame", "story"))


def test_a_post_by_reference_is_made_by_its_game_when_sent(db, webhook, discord, a_maker):
    bodies, transport = discord
    post = queue(game="testgame", kind="story", ref="7", summary="Story 7")
    assert a_maker == []  # nothing built while the game's transaction runs
    assert deliver(post.pk, transport=transport) == "sent"
    assert a_maker == ["7"]
    assert [b["content"] for b in bodies] == ["part 1 of 7", "part 2 of 7"]
    post.refresh_from_db()
    assert (post.status, post.message_ids, post.attempts) == ("sent", ["1", "2"], 1)


def test_one_post_per_subject(db, webhook, a_maker):
    from django.db import IntegrityError, transaction

    queue(game="testgame", kind="story", ref="7", summary="Story 7")
    with pytest.raises(IntegrityError), transaction.atomic():
        queue(game="testgame", kind="story", ref="7", summary="Story 7 again")
    queue(game="testgame", kind="story", summary="no subject")
    queue(game="testgame", kind="story", summary="no subject either")  # ref "" repeats freely


def test_a_post_no_game_can_make_fails_with_the_reason(db, webhook, discord):
    bodies, transport = discord
    post = queue(game="gone", kind="story", ref="1", summary="a game since removed")
    assert deliver(post.pk, transport=transport) == "failed"
    post.refresh_from_db()
    assert post.status == "failed" and "no game makes gone/story posts" in post.last_error
    assert bodies == []


def test_without_a_webhook_nothing_is_queued_or_claimed(db, settings, webhook):
    post = queue(game="testgame", kind="note", summary="hi", payloads=[text_message("hi")])
    settings.DISCORD_WEBHOOK_URL = None
    assert queue(game="testgame", kind="note", summary="x", payloads=[]) is None
    assert deliver(post.pk) == "skipped"
    post.refresh_from_db()
    assert (post.status, post.attempts) == ("pending", 0)  # still waiting, not stuck "sending"


def test_a_sent_post_is_not_sent_again_by_a_resend(db, webhook, discord):
    bodies, transport = discord
    post = queue(game="testgame", kind="note", summary="hi", payloads=[text_message("hi")])
    assert deliver(post.pk, transport=transport) == "sent"
    assert resend(post) is False
    assert deliver(post.pk, transport=transport) == "skipped"
    assert len(bodies) == 1


def test_text_messages_never_ping_and_keep_the_link_whole():
    short = text_message("@everyone hi", "https://x.example/log/")
    assert short == {
        "content": "@everyone hi\nhttps://x.example/log/",
        "allowed_mentions": {"parse": []},
    }
    long = text_message("y" * 3000, "https://x.example/log/")
    assert len(long["content"]) == 2000 and long["content"].endswith("…\nhttps://x.example/log/")
    assert len(text_message("z" * 3000)["content"]) == 2000


def test_the_admin_lists_every_games_posts_and_resends_a_failed_one(
    admin_client, webhook, django_capture_on_commit_callbacks, settings
):
    failed = queue(game="ladder", kind="report", ref="1", summary="Chaos Report of Tuesday")
    DiscordPost.objects.filter(pk=failed.pk).update(
        status="failed", last_error="404 Unknown Webhook"
    )
    queue(game="hall", kind="announcement", summary="🎰 Cycle 16 · Phase 2 ended", payloads=[])
    page = admin_client.get(reverse("admin:outbox_discordpost_changelist"))
    assert b"Chaos Report of Tuesday" in page.content and b"Phase 2 ended" in page.content
    assert b"404 Unknown Webhook" in page.content
    settings.DISCORD_WEBHOOK_URL = None  # the re-sent task then finds no webhook: it waits
    with django_capture_on_commit_callbacks(execute=True):
        answer = admin_client.post(
            reverse("admin:outbox_discordpost_changelist"),
            {"action": "resend_posts", "_selected_action": [failed.pk]},
            follow=True,
        )
    assert "Re-sending 1 post(s)" in answer.content.decode()
    failed.refresh_from_db()
    assert failed.status == "pending"
    assert LogEntry.objects.get().change_message == "Re-sent to Discord"


def test_a_player_cannot_resend_a_post(client, alice, webhook):
    post = queue(game="hall", kind="announcement", summary="x", payloads=[])
    DiscordPost.objects.filter(pk=post.pk).update(status="failed")
    client.force_login(alice)
    response = client.post(
        reverse("admin:outbox_discordpost_changelist"),
        {"action": "resend_posts", "_selected_action": [post.pk]},
    )
    assert response.status_code == 302 and "/admin/login/" in response.url
    assert DiscordPost.objects.get().status == "failed"
