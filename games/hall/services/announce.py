"""H14.5 Mirror the Hall's announcements to Discord through the site's outbox (never read back).

The post is queued in the transaction of what it announces (goonsite.outbox sends it after the
commit): one message per announcement, cut to Discord's 2,000 characters, pinging no one.

At a phase boundary the per-event announcements are held back: the phase report carries them.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.urls import reverse

from goonsite.outbox.models import DiscordPost
from goonsite.outbox.services import queue, text_message

from ..models import Cycle

GAME, KIND = "hall", "announcement"
MIRRORED = {"ruling", "overturn", "confidence", "judge", "election", "adopted", "victory"}
_held = contextvars.ContextVar("hall_announcements_held", default=False)


@contextmanager
def held_back() -> Iterator[None]:
    """Inside a boundary: single events are not posted; the phase report carries them."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


def announce(cycle: Cycle, text: str, *, kind: str = "report") -> DiscordPost | None:
    """Queue a post (inside the caller's transaction), when a webhook is configured."""
    if kind != "report" and (_held.get() or kind not in MIRRORED):
        return None
    text = f"🎰 **{cycle}** · {text}"
    link = settings.SITE_URL + reverse("hall:log")
    return queue(game=GAME, kind=KIND, summary=text, payloads=[text_message(text, link)])
