"""H1.9 The end of a cycle: a winner (H9.1) or an admin. Open business closes without effect."""

from __future__ import annotations

import datetime as dt

from ..models import Activity, ConfidenceVote, Cycle, Player, Proposal, Trade
from .log import note


def close_cycle(
    cycle: Cycle, *, now: dt.datetime, phase: int, winner: Player | None, reason: str
) -> None:
    """Freeze the cycle. Call inside the transaction that decided it ended.

    SEAM: unfinished Exoptosis games are abandoned here (H8.25) once the tables exist.
    """
    Cycle.objects.filter(pk=cycle.pk).update(
        is_current=False, ended_at=now, end_reason=reason[:200], winner=winner
    )
    cycle.is_current, cycle.ended_at, cycle.winner = False, now, winner
    Proposal.objects.filter(cycle=cycle, status=Proposal.Status.OPEN).update(
        status=Proposal.Status.CLOSED, decided_at=now
    )
    ConfidenceVote.objects.filter(
        ruling__request__cycle=cycle, status=ConfidenceVote.Status.OPEN
    ).update(status=ConfidenceVote.Status.CLOSED)
    Trade.objects.filter(cycle=cycle, status=Trade.Status.OPEN).update(
        status=Trade.Status.CLOSED, closed_at=now
    )
    if winner is not None:
        note(cycle, phase, Activity.Kind.VICTORY, f"{winner} wins {cycle} with 25 Chips!", now)
    else:
        note(cycle, phase, Activity.Kind.ADMIN, f"{cycle} ended: {reason}", now)
