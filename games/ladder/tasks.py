"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from django.conf import settings

from .services.noon import resolve_due_noons
from .services.reminders import send_noon_reminders


def noon_job(**_schedule_kwargs) -> int:
    """Resolve every due noon, oldest first; a no-op when none is due. Returns how many."""
    return len(resolve_due_noons())


def reminder_job(**_schedule_kwargs) -> int:
    """Push the hour-before-noon reminders; safe to run any number of times."""
    return send_noon_reminders(site_url=settings.SITE_URL)
