"""H1.9 The end of a cycle: a winner (H9.1) or an admin. Open business closes without effect."""

from __future__ import annotations

import datetime as dt

from ..models import Activity, ConfidenceVote, Cycle, Player, Proposal, Trade
from ..rules.victory import wins_cycle
from ..tables.closing import abandon_open_games
from .log import note


def close_cycle(
    cycle: Cycle, *, now: dt.datetime, phase: int, winner: Player | None, reason: str
) -> None:
    """Freeze the cycle. Call inside the transaction that decided it ended.

    Unfinished Exoptosis games are abandoned (H8.25): every card goes home, no Chips move.
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
    abandon_open_games(cycle, now)
    if winner is not None:
        note(cycle, phase, Activity.Kind.VICTORY, f"{winner} wins {cycle} with 25 Chips!", now)
    else:
        note(cycle, phase, Activity.Kind.ADMIN, f"{cycle} ended: {reason}", now)


def check_victory(cycle: Cycle, player: Player, now: dt.datetime, phase: int) -> bool:
    """H9.1 After any change to a player's Chips: 25 or more wins the cycle at once."""
    if not wins_cycle(player.chips):
        return False
    close_cycle(cycle, now=now, phase=phase, winner=player, reason=f"{player} reached 25 Chips")
    return True
