"""Winning and the end (§10): most Loot wins, ties to most Teeth, still tied a shared
win (A10.2, S22); the same rule at every end (A10.3)."""

from __future__ import annotations

from .state import Game

CLOSING_ROUND = 40  # A10.5, S24


def finish(g: Game, reason: str) -> None:
    """End the game now with `reason` (`final_round`, `store_closed`, `closing_time`);
    the winners are decided on the Loot and Teeth of this moment."""
    best = max((len(s.loot), s.teeth) for s in g.seats)
    winners = [s.id for s in g.seats if (len(s.loot), s.teeth) == best]
    g.result = {
        "reason": reason,
        "winners": winners,
        "standings": [{"seat": s.id, "loot": len(s.loot), "teeth": s.teeth} for s in g.seats],
    }
    g.turn = None
    g.control = None
    g.ev("end", reason=reason, winners=winners)
