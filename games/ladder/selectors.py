"""Reads that are more than a filter."""

from __future__ import annotations

from .engine import CONTESTANT_FIELDS, Contestant
from .models import LadderEntry, Season


def active_season() -> Season | None:
    return Season.objects.filter(is_active=True).first()


def as_engine_contestant(entry: LadderEntry) -> Contestant:
    """The entry as the engine sees it; its columns are named after the engine's fields."""
    return Contestant(
        id=str(entry.pk), **{name: getattr(entry, name) for name in CONTESTANT_FIELDS[1:]}
    )
