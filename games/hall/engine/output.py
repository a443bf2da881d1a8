"""The JSON form of a game after its last action (exoptosis-engine.md, "Output")."""

from __future__ import annotations

from typing import Any

from .cards import canonical
from .legality import legal_now
from .state import Obligation, Owed, Stage, Table


def awaiting(table: Table) -> dict[str, Any] | None:
    """H8.10 The awaited decision, with what the awaited participant may choose from."""
    if table.stage is not Stage.PLAYING:
        return None
    if not table.pending:
        p = table.players[table.turn_player]
        legal = legal_now(table.top)
        return {
            "player": p.id,
            "decision": "turn",
            "legal": canonical([c for c in p.hand if c in legal]),
            "drawable": canonical(p.inventory),
        }
    first = table.pending[0]
    if type(first) is Owed:
        p = table.players[first.player]
        return {
            "player": p.id,
            "decision": "draw",
            "not": first.not_face,
            "drawable": canonical(p.drawable(first.not_face)),
        }
    return _obligation(first)


def _obligation(o: Obligation) -> dict[str, Any]:
    if isinstance(o, Owed):
        return {"player": o.player, "decision": "draw", "not": o.not_face}
    return {"player": o.player, "decision": "give", "to": o.to}


def game_to_json(table: Table) -> dict[str, Any]:
    playing = table.stage is Stage.PLAYING
    return {
        "stage": table.stage.value,
        "result": None if table.result is None else table.result.value,
        "winner": table.winner,
        "stake": table.stake,
        "turn_order": list(table.turn_order),
        "turn": table.turn_player if playing else None,
        "awaiting": awaiting(table),
        "pending": [_obligation(o) for o in table.pending],
        "top": table.top,
        "pile": list(table.pile),
        "players": [
            {
                "id": p.id,
                "status": "playing" if p.playing else "forfeited",
                "hand": list(p.hand),
                "inventory": list(p.inventory),
                "chips": p.chips,
                "put": p.put,
                "chips_delta": p.delta,
            }
            for p in table.players.values()
        ],
        "reward": table.reward,
        "refusals": [
            {"index": r.action, "code": r.code.value, "reason": r.reason} for r in table.refusals
        ],
        "log": table.log,
    }
