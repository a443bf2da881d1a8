"""The ladder order (R4.1): locked on top, then Golden, then by score and tie-breaks."""

from __future__ import annotations

from collections.abc import Iterable

from .day import Contestant


def ladder_key(c: Contestant) -> tuple[int, int, int, int, int, str]:
    if c.locked:
        return (0, c.locked, 0, 0, 0, c.id)
    if c.golden:
        return (1, c.golden, 0, 0, 0, c.id)
    # The id is last only so that even bad data (two equal join orders) never shares a rank.
    return (2, -c.score, -c.upvotes, c.downvotes, c.joined, c.id)


def ladder_order(contestants: Iterable[Contestant]) -> list[Contestant]:
    """Top first. No two contestants share a rank (R4.3)."""
    return sorted(contestants, key=ladder_key)
