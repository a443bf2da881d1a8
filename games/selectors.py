"""Reads that are more than a filter."""

from __future__ import annotations

from .engine import Contestant
from .models import LadderEntry, Season


def active_season() -> Season | None:
    return Season.objects.filter(is_active=True).first()


def as_engine_contestant(entry: LadderEntry) -> Contestant:
    return Contestant(
        id=str(entry.pk),
        score=entry.score,
        upvotes=entry.upvotes,
        downvotes=entry.downvotes,
        joined=entry.joined,
        trophies=entry.trophies,
        wins=entry.wins,
        locked=entry.locked,
        golden=entry.golden,
        silent_days=entry.silent_days,
        smelly=entry.smelly,
        on_ladder=entry.on_ladder,
    )
