"""H14.5 Mirror the Hall's announcements to Discord through an outbox (never read back).

The outbox row is written in the transaction of what it announces and a django-q2 task posts
it after the commit, so nothing in the Hall waits for or fails because of Discord. A
conditional UPDATE lets one runner claim a row; one message per row (cut to Discord's 2,000
characters), never pinging anyone. A worker dying after Discord accepted the post and before
the row is marked sent leaves it "sending" (at most once); an admin may re-send it.

At a phase boundary the per-event announcements are held back: the phase report carries them.
"""

from __future__ import annotations

import contextvars
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django_q.tasks import async_task

from goonsite.discord import DeliveryError, post_message

from ..models import Announcement, Cycle

log = logging.getLogger(__name__)

TASK = "games.hall.services.announce.deliver"
CONTENT_LIMIT = 2000
MIRRORED = {"ruling", "overturn", "confidence", "judge", "election", "adopted", "victory"}
pause = time.sleep  # tests replace it to run the backoff instantly
_held = contextvars.ContextVar("hall_announcements_held", default=False)


@contextmanager
def held_back() -> Iterator[None]:
    """Inside a boundary: single events are not posted; the phase report carries them."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


def announce(cycle: Cycle, text: str, *, kind: str = "report") -> Announcement | None:
    """Queue a post (inside the caller's transaction), when a webhook is configured."""
    if not settings.DISCORD_WEBHOOK_URL or (kind != "report" and _held.get()):
        return None
    if kind != "report" and kind not in MIRRORED:
        return None
    row = Announcement.objects.create(cycle=cycle, text=f"🎰 **{cycle}** · {text}")
    transaction.on_commit(lambda: async_task(TASK, row.pk), robust=True)
    return row


def deliver(
    announcement_id: int,
    *,
    url: str | None = None,
    sleep: Callable[[float], None] | None = None,
    transport: httpx.BaseTransport | None = None,
) -> str:
    """Send one queued announcement. Returns "sent", "failed" or "skipped"."""
    url = url or settings.DISCORD_WEBHOOK_URL
    claimed = Announcement.objects.filter(
        pk=announcement_id,
        status__in=[Announcement.Status.PENDING, Announcement.Status.FAILED],
    ).update(status=Announcement.Status.SENDING, attempts=F("attempts") + 1)
    if not claimed or not url:
        return "skipped"
    row = Announcement.objects.get(pk=announcement_id)
    link = settings.SITE_URL + reverse("hall:log")
    content = f"{row.text}\n{link}"
    if len(content) > CONTENT_LIMIT:
        content = row.text[: CONTENT_LIMIT - len(link) - 2] + "…\n" + link
    body = {"content": content, "allowed_mentions": {"parse": []}}
    try:
        with httpx.Client(timeout=10, transport=transport) as http:
            message_id = post_message(http, url, body, sleep or pause)
    except DeliveryError as exc:
        log.warning("Hall announcement %s failed: %s", announcement_id, exc)
        Announcement.objects.filter(pk=announcement_id).update(
            status=Announcement.Status.FAILED, last_error=str(exc)
        )
        return "failed"
    Announcement.objects.filter(pk=announcement_id).update(
        status=Announcement.Status.SENT,
        sent_at=timezone.now(),
        message_id=message_id,
        last_error="",
    )
    return "sent"


def resend(row: Announcement) -> None:
    Announcement.objects.filter(pk=row.pk).exclude(status=Announcement.Status.SENT).update(
        status=Announcement.Status.PENDING
    )
    transaction.on_commit(lambda: async_task(TASK, row.pk), robust=True)
