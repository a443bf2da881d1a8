"""H4.2 Inactivity: who is inactive in a phase, from when they joined and last acted."""

from __future__ import annotations


def inactive_in(phase: int, *, joined_phase: int, last_action_phase: int | None) -> bool:
    """Inactive in phase `phase` (>= 2) if joined before it began and made no action in the
    phase before. `joined_phase` is 0 for a player who joined before the cycle started."""
    if phase < 2 or joined_phase >= phase:
        return False
    return last_action_phase != phase - 1
