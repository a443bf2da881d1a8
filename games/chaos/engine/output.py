"""The result (chaos-engine.md "Output"): the table, what is awaited, and per seat the
view it may see — its own hand and the log without other players' private cards."""

from __future__ import annotations

from typing import Any

from .cards import CATEGORY, ORDINARY
from .decisions import Decision
from .table import Pending, Table


def _pending(p: Pending) -> dict[str, Any]:
    return {"card": p.card, "seat": p.seat, "on": p.on.card if p.on else None}


def awaiting(t: Table, decision: Decision | None, options) -> dict[str, Any] | None:
    if decision is None:
        return None
    seat = decision.seat
    out: dict[str, Any] = {"decision": decision.kind, "seat": seat}
    if decision.kind == "hand_size":
        out["options"] = list(range(3, 10))
    elif decision.kind == "turn":
        hand = t.hands[seat]
        out["hand"] = list(hand)
        out["playable"] = [card for card in hand if CATEGORY[card] in ORDINARY]
        out["targets"] = t.around(seat)[1:]
    elif decision.kind == "respond":
        out["hand"] = list(t.hands[seat])
        out["pending"] = [_pending(p) for p in t.pending]
        out["options"] = [{"card": card, "on": on} for card, on in options]
    else:
        out.update(
            count=decision.count,
            why=decision.why,
            source=decision.source,
            **{"from": list(decision.allowed)},
            hand=list(t.hands[seat]),
        )
    return out


def view_log(log: list[dict[str, Any]], seat: str) -> list[dict[str, Any]]:
    """Every event without `seen_by`, and without its cards where the seat is not named."""
    seen = []
    for event in log:
        if "seen_by" not in event:
            seen.append(event)
            continue
        shown = {k: v for k, v in event.items() if k != "seen_by"}
        if seat not in event["seen_by"]:
            shown.pop("card", None)
            shown.pop("cards", None)
        seen.append(shown)
    return seen


def result(t: Table, decision: Decision | None, options, refusals: list) -> dict[str, Any]:
    waiting = awaiting(t, decision, options)
    window = t.window
    return {
        "status": "over" if t.over else "playing",
        "result": t.result,
        "turn": t.turn,
        "round": t.round,
        "active": None if t.over else t.active,
        "dealer": t.dealer,
        "direction": t.direction,
        "level": t.level,
        "conditions": list(t.conditions),
        "cond_deck": list(t.cond_deck),
        "cond_deck_size": len(t.cond_deck),
        "cond_discard": list(t.cond_discard),
        "deck": t.deck[::-1],
        "deck_size": len(t.deck),
        "discard": list(t.discard),
        "taken": list(t.taken),
        "installed": [{"seat": seat, "card": card} for seat, card in t.installed],
        "pending": [{**_pending(p), "target": p.target} for p in t.pending],
        "window": None
        if window is None
        else {
            "card": window.play.card,
            "comments": list(window.comments),
            "named": window.named,
            "objected": list(window.objected),
        },
        "seats": [
            {
                "id": seat,
                "kind": "bot" if t.is_bot(seat) else "human",
                "policy": t.policy[seat],
                "left": seat in t.left,
                "hand_size": len(t.hands[seat]),
                "modifier": t.modifier[seat],
                "anchor": t.anchor[seat],
            }
            for seat in t.seats
        ],
        "hands": {seat: list(t.hands[seat]) for seat in t.seats},
        "awaiting": waiting,
        "views": {
            seat: {
                "hand": list(t.hands[seat]),
                "awaiting": waiting if waiting and waiting["seat"] == seat else None,
                "log": view_log(t.log, seat),
            }
            for seat in t.seats
        },
        "refusals": refusals,
        "log": t.log,
    }
