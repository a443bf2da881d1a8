"""Every timed event of the Hall, exactly once and in order of its due moment (H12.1, H12.4).

The job runs every minute and calls `run_due`; only the job does (services/due.py: an
action that finds an event due waits for the job, then is refused). Each event is claimed
under a row lock and marked done in the same transaction, so two workers, a re-delivered
task or a retry after a crash never process it twice.

At the same moment: confidence-vote ends first, then the phase boundary, then Urgent
proposals and week ends (which the boundary takes itself when they fall on it, H12.2
steps 4 and 6).
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock

from .boundary import run_boundary
from .cycles import current_cycle
from .due import next_due
from .elections import decide_week
from .judge import end_confidence_vote
from .proposals import end_urgent


def run_due(now: dt.datetime | None = None) -> int:
    """Process every due event of the current cycle, oldest first. Returns how many ran."""
    now = now or clock.now()
    ran, last = 0, None
    while (cycle := current_cycle()) is not None and (event := next_due(cycle, now)):
        if event == last:  # a handler that did not consume its event: fail, never spin
            raise RuntimeError(f"Hall timer {event} is still due after running")
        last = event
        if event.kind == "confidence":
            end_confidence_vote(event.key)
        elif event.kind == "boundary":
            run_boundary(event.key)
        elif event.kind == "urgent":
            end_urgent(event.key)
        else:
            decide_week(cycle.pk, event.key, event.at)
        ran += 1
    return ran
