"""H13.3 The audit record of an admin's power: who, when, what and why, and a line on the
cycle's public log."""

from __future__ import annotations

from ..models import Activity, AdminRecord, Cycle
from .log import note


def record(actor, kind: str, cycle: Cycle | None, target: object, reason: str = "", **details):
    """H13.3 The audit record, and a line on the cycle's public log."""
    row = AdminRecord.write(actor, kind, target, cycle=cycle, reason=reason[:300], details=details)
    if cycle is not None:
        phase = cycle.phases.order_by("-number").values_list("number", flat=True).first() or 0
        why = f" ({reason})" if reason else ""
        note(cycle, phase, Activity.Kind.ADMIN, f"Admin {actor}: {kind} {target}{why}.", row.at)
    return row
