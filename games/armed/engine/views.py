"""The output (armed-engine.md, "Output") and what each goon may see (A12.7, S27, S40):
public state for all, a hand for its holder, the awaited decision for whoever must
answer it, and the log with every card its `seen_by` does not name hidden."""

from __future__ import annotations

from typing import Any

from .state import BITS, Decision, Game, Seat


def awaiting(g: Game, d: Decision | None) -> dict[str, Any] | None:
    if d is None:
        return None
    out: dict[str, Any] = {"decision": d.kind, "seat": d.seat.id, "for": d.owner.id}
    kind = d.kind
    if kind == "turn":
        out["can_fire"] = d.can_fire
        out["hand"] = list(d.owner.hand)
        out["targets"] = [s.id for s in g.opponents[d.owner]]
    elif kind == "respond":
        assert d.shooter is not None
        out.update(shooter=d.shooter.id, card=d.card, group=d.group)
    elif kind == "free_shot":
        out["at"] = d.at.id if d.at is not None else None
        out["hand"] = list(d.owner.hand)
        out["targets"] = [d.at.id] if d.at is not None else [s.id for s in g.opponents[d.owner]]
    elif kind == "discard":
        out.update(count=d.count, why=d.why, hand=list(d.owner.hand))
    else:  # pick
        assert d.shooter is not None
        out["shooter"] = d.shooter.id
        out["players"] = [s.id for s in g.opponents[d.shooter]]
    return out


def seat_row(seat: Seat) -> dict[str, Any]:
    held = seat.durations
    egg = held.get("egg")
    return {
        "id": seat.id,
        "kind": seat.kind,
        "policy": seat.policy,
        "left": seat.left,
        "teeth": seat.teeth,
        "broken": seat.teeth == 0,
        "loot": list(seat.loot),
        "hand_size": len(seat.hand),
        "egg": egg[0] if egg else 0,
        "frozen": seat.frozen,
        "no_draw": seat.no_draw,
        "no_fire": seat.no_fire,
        "controlled_by": seat.controlled_by.id if seat.controlled_by is not None else None,
        "extra_turns": seat.extra_turns,
        "bits": [{"bit": bit, "turns": held[bit][0]} for bit in BITS if bit in held],
    }


def view_log(log: list[dict[str, Any]], sid: str) -> list[dict[str, Any]]:
    """The log as `sid` sees it: no `seen_by`, and no cards they did not see."""
    out = []
    for event in log:
        seen_by = event.get("seen_by")
        if seen_by is None:
            out.append(event)
            continue
        shown = {k: v for k, v in event.items() if k != "seen_by"}
        if sid not in seen_by:
            shown.pop("card", None)
            shown.pop("cards", None)
        out.append(shown)
    return out


def output(g: Game, refusals: list[dict[str, Any]]) -> dict[str, Any]:
    log = g.log or []
    aw = awaiting(g, g.awaiting)
    hands = {s.id: list(s.hand) for s in g.seats}
    return {
        "status": "over" if g.result is not None else "playing",
        "result": g.result,
        "round": g.round,
        "first": g.first.id,
        "turn": g.turn.id if g.turn is not None and g.result is None else None,
        "final_round": g.final_round,
        "exhaustions": g.exhaustions,
        "deck": list(g.deck),
        "deck_size": len(g.deck),
        "discard": list(g.discard),
        "seats": [seat_row(s) for s in g.seats],
        "hands": hands,
        "awaiting": aw,
        "views": {
            s.id: {
                "hand": hands[s.id],
                "awaiting": aw if aw is not None and aw["seat"] == s.id else None,
                "log": view_log(log, s.id),
            }
            for s in g.seats
        },
        "refusals": refusals,
        "log": log,
    }
