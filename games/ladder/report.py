"""The Chaos Report (R8): the engine's outcome with names, stored so it can be re-rendered."""

from __future__ import annotations

from typing import Any

from .engine import STATE_FIELDS, NoonResult
from .engine.outcome import Trimmed

REPORT_VERSION = 1
# Idle days stay out of the report: decay is folded into the change, never named (R8.4).
REPORTED_STATE = tuple(name for name in STATE_FIELDS if name != "silent_days")


def build_report(
    result: NoonResult,
    *,
    player_names: dict[str, str],
    contestant_names: dict[str, str],
    golden_plays: list[dict[str, str]],
    redemptions: list[dict[str, str]],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(outcome, ladder) as JSON-ready dicts. Decay is folded into each delta, never named."""

    def contestant(cid: str | None) -> str | None:
        return None if cid is None else contestant_names[cid]

    plays = [
        {
            "player": player_names[p.player],
            "card": p.card.value,
            "target": contestant(p.target),
            "outcome": p.outcome.value,
            "by": None if p.by_player is None else player_names[p.by_player],
            "reason": None if p.reason is None else p.reason.value,
        }
        for p in result.plays
    ]
    outcome = {
        "version": REPORT_VERSION,
        "noon": result.noon.isoformat(),
        "wednesday": result.noon.weekday() == 2,
        "plays": plays,
        "golden_plays": golden_plays,
        "chaos": [
            {
                "player": player_names[c.player],
                "contestant": contestant(c.contestant),
                "delta": c.delta,
            }
            for c in result.chaos
        ],
        "drew": result.drew,
        "over_limit": [
            {"player": player_names[e.player], "lost": len(e.cards)}
            for e in result.log
            if isinstance(e, Trimmed)
        ],
        "redemptions": redemptions,
        "locked_now": [contestant_names[c] for c in result.locked_now],
        "winners": [contestant_names[c] for c in result.winners],
    }
    ladder = [
        {
            "name": contestant_names[row.id],
            "rank": row.rank,
            "delta": row.delta,
            "moved": row.moved,
            **{name: getattr(row.contestant, name) for name in REPORTED_STATE},
        }
        for row in result.ladder
    ]
    return outcome, ladder
