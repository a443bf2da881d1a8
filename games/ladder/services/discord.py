"""Post each Chaos Report to Discord through an outbox row (R8.1).

Guarantees, and what is left to chance:
- The noon never waits for or fails because of Discord: the outbox row is written in the
  noon's transaction and the post is a django-q2 task started after it commits.
- One runner at a time: a conditional UPDATE claims the row (pending or failed → sending);
  a second task for the same row finds nothing to claim and does nothing.
- A long report goes out in parts; each part's Discord message id is saved as soon as
  Discord accepts it, so a retry resumes after the last part sent and never repeats it.
- The one window left: Discord accepts a part and the worker dies before saving its id.
  The row then stays "sending" and is not retried by itself (at most once); an admin
  sees it and can re-send, which may repeat that one part. Discord has no idempotency key.
- Network errors and 5xx are retried with exponential backoff, 429 after Discord's
  `retry_after`; any other 4xx (a bad or deleted webhook) fails at once with the reason.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import httpx
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django_q.tasks import async_task

from goonsite.discord import DeliveryError
from goonsite.discord import post_message as _post

from ..discord_messages import payloads
from ..models import DiscordPost, NoonReport

log = logging.getLogger(__name__)

TASK = "games.ladder.services.discord.deliver"
pause = time.sleep  # tests replace it to run the backoff instantly


def queue_post(report: NoonReport) -> DiscordPost | None:
    """Inside the noon's transaction: the outbox row, sent by a task once the noon commits."""
    if not settings.DISCORD_WEBHOOK_URL:
        return None
    post = DiscordPost.objects.create(report=report)
    transaction.on_commit(lambda: async_task(TASK, post.pk), robust=True)
    return post


def resend(post: DiscordPost) -> None:
    """An admin's re-send of a failed or stuck post."""
    DiscordPost.objects.filter(pk=post.pk).exclude(status=DiscordPost.Status.SENT).update(
        status=DiscordPost.Status.PENDING
    )
    transaction.on_commit(lambda: async_task(TASK, post.pk), robust=True)


def deliver(
    post_id: int,
    *,
    url: str | None = None,
    sleep: Callable[[float], None] | None = None,
    transport: httpx.BaseTransport | None = None,
) -> str:
    """Send a post's parts still unsent. Returns "sent", "failed" or "skipped"."""
    url = url or settings.DISCORD_WEBHOOK_URL
    sleep = sleep or pause
    claimed = DiscordPost.objects.filter(
        pk=post_id, status__in=[DiscordPost.Status.PENDING, DiscordPost.Status.FAILED]
    ).update(status=DiscordPost.Status.SENDING, attempts=F("attempts") + 1)
    if not claimed or not url:
        return "skipped"
    post = DiscordPost.objects.select_related("report").get(pk=post_id)
    link = settings.SITE_URL + reverse("ladder:report", args=[post.report_id])
    bodies = payloads(post.report.outcome, link, post.report.ladder)
    sent = list(post.message_ids)
    try:
        with httpx.Client(timeout=10, transport=transport) as http:
            for body in bodies[len(sent) :]:
                sent.append(_post(http, url, body, sleep))
                DiscordPost.objects.filter(pk=post_id).update(message_ids=sent)
    except DeliveryError as exc:
        log.warning("Discord post %s failed: %s", post_id, exc)
        DiscordPost.objects.filter(pk=post_id).update(
            status=DiscordPost.Status.FAILED, last_error=str(exc)
        )
        return "failed"
    DiscordPost.objects.filter(pk=post_id).update(
        status=DiscordPost.Status.SENT, sent_at=timezone.now(), last_error=""
    )
    return "sent"
