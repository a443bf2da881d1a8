"""Queue, send and re-send Discord posts; the state machine lives here and nowhere else."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import httpx
from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django_q.tasks import async_task

from .makers import NoMaker, make
from .models import DiscordPost
from .webhook import DeliveryError, post_message

log = logging.getLogger(__name__)

TASK = "goonsite.outbox.services.deliver"
CONTENT_LIMIT = 2000  # Discord's limit on a message's plain `content`
NO_PINGS = {"parse": []}
pause = time.sleep  # tests replace it to run the backoff instantly


def text_message(text: str, link: str = "") -> dict:
    """A plain message that pings nobody, cut to Discord's 2,000 characters, link kept whole."""
    content = f"{text}\n{link}" if link else text
    if len(content) > CONTENT_LIMIT:
        room = CONTENT_LIMIT - (len(link) + 2 if link else 1)
        content = text[:room] + ("…\n" + link if link else "…")
    return {"content": content, "allowed_mentions": NO_PINGS}


def queue(
    *, game: str, kind: str, summary: str, payloads: list[dict] | None = None, ref: str = ""
) -> DiscordPost | None:
    """Inside the caller's transaction: the outbox row, sent by a task once it commits.

    Without a webhook configured nothing is queued. Give `payloads`, or a `ref` that the
    game's maker for `kind` turns into payloads when the post is sent.
    """
    if not settings.DISCORD_WEBHOOK_URL:
        return None
    post = DiscordPost.objects.create(
        game=game, kind=kind, ref=ref, summary=summary[:200], payloads=payloads
    )
    transaction.on_commit(lambda: async_task(TASK, post.pk), robust=True)
    return post


def resend(post: DiscordPost) -> bool:
    """An admin's re-send of a failed or stuck post; a post already sent is left alone."""
    reopened = (
        DiscordPost.objects.filter(pk=post.pk)
        .exclude(status=DiscordPost.Status.SENT)
        .update(status=DiscordPost.Status.PENDING)
    )
    if reopened:
        transaction.on_commit(lambda: async_task(TASK, post.pk), robust=True)
    return bool(reopened)


def deliver(
    post_id: int,
    *,
    url: str | None = None,
    sleep: Callable[[float], None] | None = None,
    transport: httpx.BaseTransport | None = None,
) -> str:
    """Send a post's parts still unsent. Returns "sent", "failed" or "skipped"."""
    url = url or settings.DISCORD_WEBHOOK_URL
    if not url:
        return "skipped"
    claimed = DiscordPost.objects.filter(
        pk=post_id, status__in=[DiscordPost.Status.PENDING, DiscordPost.Status.FAILED]
    ).update(status=DiscordPost.Status.SENDING, attempts=F("attempts") + 1)
    if not claimed:
        return "skipped"
    post = DiscordPost.objects.get(pk=post_id)
    sent = list(post.message_ids)
    try:
        bodies = post.payloads if post.payloads is not None else _made(post)
        with httpx.Client(timeout=10, transport=transport) as http:
            for body in bodies[len(sent) :]:
                sent.append(post_message(http, url, body, sleep or pause))
                DiscordPost.objects.filter(pk=post_id).update(message_ids=sent)
    except DeliveryError as exc:
        log.warning("Discord post %s (%s) failed: %s", post_id, post.game, exc)
        DiscordPost.objects.filter(pk=post_id).update(
            status=DiscordPost.Status.FAILED, last_error=str(exc)
        )
        return "failed"
    DiscordPost.objects.filter(pk=post_id).update(
        status=DiscordPost.Status.SENT, sent_at=timezone.now(), last_error=""
    )
    return "sent"


def _made(post: DiscordPost) -> list[dict]:
    """The game's messages for a post stored by reference; a vanished subject fails it."""
    try:
        return make(post.game, post.kind, post.ref)
    except (NoMaker, ObjectDoesNotExist) as exc:
        raise DeliveryError(f"nothing to send: {exc}") from exc
