"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from time import sleep

from django.conf import settings

from . import clock
from .services.noon import resolve_due_noons
from .services.reminders import send_noon_reminders


def noon_job(**_schedule_kwargs) -> int:
    """Resolve every due noon, oldest first; a no-op when none is due. Returns how many.

    A run that starts shortly before noon waits for it (NOON_JOB_LEAD_SECONDS), so the
    report is out a moment after noon rather than at the next run, a minute or so later:
    meanwhile the board says noon is being counted and actions wait or are refused."""
    _wait_for_a_noon_close_ahead()
    return len(resolve_due_noons())


def _wait_for_a_noon_close_ahead() -> None:
    now = clock.now()
    ahead = (clock.next_noon(now) - now).total_seconds()
    if 0 < ahead <= settings.NOON_JOB_LEAD_SECONDS:
        sleep(ahead + 0.01)  # past noon by the wall clock, which noon is judged by


def reminder_job(**_schedule_kwargs) -> int:
    """Push the hour-before-noon reminders; safe to run any number of times."""
    return send_noon_reminders(site_url=settings.SITE_URL)
