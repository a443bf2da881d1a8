"""The Hall's timed work and the one policy for it: the job does it, never a request.

`next_due` names the oldest event whose moment has passed (a confidence vote's end, a
phase boundary, an Urgent proposal's end, a week's end). Only the job (`timers.run_due`)
carries them out; an action that finds one due waits for the job, then is refused
(goonsite/due.py: the same policy as the ladder's noon).
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from django.db.models import Max

from goonsite.clock import CENTRAL, noon_of
from goonsite.due import wait_for_the_job
from goonsite.refusal import Refusal

from ..models import ConfidenceVote, Cycle, Phase, Proposal
from ..rules.timing import week_end_date

BEING_COUNTED = "The Hall's noon is being counted. Try again in a moment."


class DueWorkPending(Refusal):
    def __init__(self) -> None:
        super().__init__(BEING_COUNTED)


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
    week_ends = noon_of(week_end_date(cycle.starts_at.astimezone(CENTRAL).date(), week))
    if week_ends <= now:
        due.append(Due(week_ends, 3, "week", week))
    return min(due) if due else None


def wait_for_due_work(cycle: Cycle, now: dt.datetime) -> None:
    """Return once nothing of this cycle is due at `now` (four indexed queries a look);
    refuse after `NOON_WAIT_SECONDS`."""
    wait_for_the_job(lambda: next_due(cycle, now) is not None, DueWorkPending)
