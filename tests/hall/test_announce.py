"""H14.5 The Discord mirror: a post in the site's outbox per announcement, sent after commit,
no pings."""

import json

import httpx
import pytest
from django.test import override_settings

from games.hall.services.announce import announce
from games.hall.services.gifts import give_gift
from games.hall.services.judge import issue_ruling, submit_request
from games.hall.services.proposals import cast_proposal_vote, submit_proposal
from games.hall.services.timers import run_due
from goonsite.outbox.models import DiscordPost
from goonsite.outbox.services import deliver
from tests.hall.fixtures import at, phase_end
from tests.hall.test_judge import elect

WEBHOOK = "http://127.0.0.1:9/webhook"


@pytest.fixture
def webhook():
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK, SITE_URL="https://goonsite.example"):
        yield


def hall_texts() -> list[str]:
    posts = DiscordPost.objects.filter(game="hall").order_by("pk")
    return [post.payloads[0]["content"] for post in posts]


def test_nothing_is_queued_without_a_webhook(ann, bo, cycle):
    run_due(phase_end(2))
    assert not DiscordPost.objects.exists()


def test_the_phase_report_carries_the_boundary_events(webhook, ann, bo, cycle):
    """One post per boundary: adopted proposals and the election are in it, not posted alone."""
    give_gift(user=ann.user, receiver_id=bo.pk, now=at(1))  # gifts are not mirrored
    p = submit_proposal(user=ann.user, title="More chips", text="x", now=at(1))
    cast_proposal_vote(user=ann.user, proposal_id=p.pk, choice="for", now=at(2))
    run_due(phase_end(2))
    texts = hall_texts()
    assert len(texts) == 2  # phases 1 and 2
    assert "Phase 2 ended" in texts[1] and "adopted as amendment 1" in texts[1]


def test_rulings_are_posted_as_they_happen(webhook, ann, bo, cycle):
    elect(cycle, ann, bo)
    DiscordPost.objects.all().delete()
    request = submit_request(user=bo.user, kind="question", text="May I?", now=at(8))
    issue_ruling(user=ann.user, request_id=request.pk, answer="No.", now=at(8))
    [text] = hall_texts()
    assert "ruled on request 1: No." in text
    assert text.endswith("\nhttps://goonsite.example/hall/log/")


def test_deliver_posts_once_without_mentions(webhook, ann, cycle):
    row = announce(cycle, "@everyone hello")
    bodies = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return httpx.Response(200, json={"id": "42"})

    transport = httpx.MockTransport(handler)
    assert deliver(row.pk, transport=transport) == "sent"
    assert deliver(row.pk, transport=transport) == "skipped"  # claimed once
    assert len(bodies) == 1 and bodies[0]["allowed_mentions"] == {"parse": []}
    row.refresh_from_db()
    assert (row.status, row.message_ids) == ("sent", ["42"])
    assert bodies[0]["content"].startswith(f"🎰 **{cycle}** · @everyone hello\n")


def test_a_long_announcement_is_cut_to_discords_limit_keeping_the_link(webhook, ann, cycle):
    row = announce(cycle, "x" * 2500)
    content = row.payloads[0]["content"]
    assert len(content) == 2000
    assert content.endswith("…\nhttps://goonsite.example/hall/log/")


def test_a_refused_post_fails_with_the_reason(webhook, ann, cycle):
    row = announce(cycle, "hi")
    transport = httpx.MockTransport(lambda request: httpx.Response(404, text="Unknown Webhook"))
    assert deliver(row.pk, transport=transport, sleep=lambda s: None) == "failed"
    row.refresh_from_db()
    assert row.status == "failed" and "404" in row.last_error
