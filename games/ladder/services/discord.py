"""Each Chaos Report goes to Discord through the site's outbox (R8.1; goonsite.outbox).

The noon queues the post by reference, in its own transaction; the report's parts are made
when the post is sent, so a big noon never pays for them.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from goonsite.outbox.models import DiscordPost
from goonsite.outbox.services import queue

from ..discord_messages import payloads
from ..models import NoonReport

GAME, KIND = "ladder", "report"


def queue_post(report: NoonReport) -> DiscordPost | None:
    """Inside the noon's transaction: the report's post, sent once the noon commits."""
    return queue(
        game=GAME,
        kind=KIND,
        ref=str(report.pk),
        summary=f"Chaos Report of {report.day.noon_on:%a %b %d, %Y}",
    )


def report_posts(ref: str) -> list[dict]:
    """The outbox's maker: the report's Discord messages, with the link to its page."""
    report = NoonReport.objects.get(pk=ref)
    link = settings.SITE_URL + reverse("ladder:report", args=[report.pk])
    return payloads(report.outcome, link, report.ladder)
