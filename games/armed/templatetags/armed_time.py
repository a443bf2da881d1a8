"""The turn clock as a player reads it: "1:02:03", "59:58", "12 s" (static/armed/armed.js
ticks it on from there in the same words)."""

from __future__ import annotations

import datetime as dt

from django import template

from goonsite import clock

register = template.Library()


def clock_text(seconds: float) -> str:
    s = max(0, int(seconds))
    hours, minutes, secs = s // 3600, s // 60 % 60, s % 60
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    if minutes:
        return f"{minutes}:{secs:02d}"
    return f"{secs} s"


@register.filter
def time_left(deadline: dt.datetime | None) -> str:
    """The time from now to `deadline`, first drawn by the server (the page reads right
    before its script runs, and without it)."""
    if deadline is None:
        return ""
    return clock_text((deadline - clock.now()).total_seconds())
