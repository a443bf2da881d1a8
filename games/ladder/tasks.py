"""Jobs run by the django-q2 cluster."""

from __future__ import annotations

from .services.noon import resolve_due_noons


def noon_job(**_schedule_kwargs) -> int:
    """Resolve every due noon, oldest first; a no-op when none is due. Returns how many."""
    return len(resolve_due_noons())
