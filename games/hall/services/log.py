"""The Hall's public log (H14.2): every service writes one line per thing that happened."""

from __future__ import annotations

import datetime as dt

from ..models import Activity, Cycle
from .announce import announce


def note(cycle: Cycle, phase: int, kind: str, text: str, at: dt.datetime) -> Activity:
    """A line on the log; announcements of H14.5 are mirrored to Discord too."""
    announce(cycle, text, kind=kind)
    return Activity.objects.create(cycle=cycle, phase=phase, kind=kind, text=text[:1000], at=at)
