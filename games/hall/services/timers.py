"""Every timed event of the Hall, exactly once and in order of its due moment (H12.1, H12.4).

The job runs every minute and calls `run_due`; actions call `catch_up` first, so a boundary
the job has not reached yet still happens before anything lands after it. Each event is
claimed under a row lock and marked done in the same transaction, so two workers, a
re-delivered task or a retry after a crash never process it twice.

At the same moment: confidence-vote ends first, then the phase boundary, then Urgent
proposals and week ends (which the boundary takes itself when they fall on it, H12.2
steps 4 and 6).
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from django.db.models import Max
from django.utils import timezone

from goonsite.clock import CENTRAL, noon_of

from ..models import ConfidenceVote, Cycle, Phase, Proposal
from ..rules.timing import week_end_date


class Due(NamedTuple):
    at: dt.datetime
    order: int
    kind: str
    key: int


def next_due(cycle: Cycle, now: dt.datetime) -> Due | None:
    due: list[Due] = []
    vote = (
        ConfidenceVote.objects.filter(
            ruling__request__cycle=cycle, status=ConfidenceVote.Status.OPEN, ends_at__lte=now
        )
        .order_by("ends_at", "pk")
        .first()
    )
    if vote:
        due.append(Due(vote.ends_at, 0, "confidence", vote.pk))
    phase = cycle.phases.filter(status=Phase.Status.OPEN, ends_at__lte=now).first()
    if phase:
        due.append(Due(phase.ends_at, 1, "boundary", phase.pk))
    urgent = (
        Proposal.objects.filter(
            cycle=cycle,
            klass=Proposal.Klass.URGENT,
            status=Proposal.Status.OPEN,
            ends_at__lte=now,
        )
        .order_by("ends_at", "number")
        .first()
    )
    if urgent:
        due.append(Due(urgent.ends_at, 2, "urgent", urgent.pk))
    week = (cycle.elections.aggregate(last=Max("week"))["last"] or 0) + 1
    week_ends = noon_of(week_end_date(timezone.localdate(cycle.starts_at, CENTRAL), week))
    if week_ends <= now:
        due.append(Due(week_ends, 3, "week", week))
    return min(due) if due else None


def run_due(now: dt.datetime | None = None) -> int:
    """Process every due event of the current cycle, oldest first. Returns how many ran."""
    from .boundary import run_boundary
    from .cycles import current_cycle
    from .elections import decide_week
    from .judge import end_confidence_vote
    from .proposals import end_urgent

    now = now or timezone.now()
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


def catch_up(cycle: Cycle, now: dt.datetime) -> None:
    """Run anything already due, so a change after a deadline sees what it decided."""
    if next_due(cycle, now) is not None:
        run_due(now)
