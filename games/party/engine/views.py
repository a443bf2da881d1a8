"""The output (party-engine.md, "Output"): the whole state for the site, and the one
place that builds what each seat and the party view may see (P24)."""

from __future__ import annotations

from typing import Any

from .flow import potg
from .legal import legal
from .state import Familiar, Game

PUBLIC = [
    "stage",
    "result",
    "winner",
    "how",
    "clock",
    "vip",
    "direction",
    "exodia",
    "first_move",
    "redeal_votes",
    "top",
    "top_color",
    "open",
    "discard",
    "offers",
    "story",
    "out",
    "answer",
    "countdown",
    "block",
    "potg",
]
SECRET_KEYS = ("card", "cards", "action")


def familiar_out(g: Game, f: Familiar) -> dict[str, Any]:
    return {
        "card": f.card,
        "tier": f.tier,
        "mode": "attack" if f.attack_mode else "defense",
        "digits": list(f.digits),
        "damage": f.damage,
        "attack": f.attack,
        "fed": list(f.fed),
    }


def turn_out(g: Game) -> dict[str, Any] | None:
    t = g.turn
    if t is None:
        return None
    return {
        "number": t.number,
        "seat": t.seat,
        "actions_left": t.actions_left,
        "acted": t.acted,
        "mana_play": t.mana_play,
        "overcharged": t.overcharged,
        "drawn": t.drawn,
        "only_drew": t.only_drew,
        "free_feed": t.free_feed,
        "in_shop": t.in_shop,
        "sold": t.sold,
        "familiar_removed": t.familiar_removed,
        "since": t.since,
        "hurry": list(t.hurry),
        "hurry_deadline": t.hurry_deadline,
    }


def awaiting_out(g: Game) -> dict[str, Any] | None:
    aw = g.awaited()
    if aw is None:
        return None
    seat_id, decision = aw
    holder = g.block if decision == "block" else g.turn
    return {
        "seat": seat_id,
        "decision": decision,
        "since": holder.since,
        "hurry_deadline": holder.hurry_deadline,
        "legal": legal(g, g.by_id[seat_id], decision),
    }


def state(g: Game) -> dict[str, Any]:
    """The whole game after the last action: the site's copy, never sent to a screen."""
    cd = g.countdown
    b = g.block
    return {
        "stage": g.stage,
        "result": g.result,
        "winner": g.winner,
        "how": g.how,
        "clock": g.clock,
        "vip": g.vip,
        "direction": g.direction,
        "exodia": g.exodia,
        "turn": turn_out(g),
        "first_move": g.first_move,
        "redeal_votes": list(g.redeal_votes),
        "top": g.top,
        "top_color": g.top_color,
        "open": g.open,
        "discard": list(g.discard),
        "draw": list(g.draw),
        "offers": list(g.offers),
        "story": list(g.story),
        "out": list(g.out),
        "answer": None if g.answer is None else {**g.answer, "votes": list(g.answer["votes"])},
        "countdown": None
        if cd is None
        else {
            "kind": cd.kind,
            "seat": cd.seat,
            "cards": list(cd.cards),
            "power": cd.power,
            "targets": list(cd.targets),
            "counters": [dict(c) for c in cd.counters],
            "opened": cd.opened,
            "deadline": cd.deadline,
        },
        "block": None
        if b is None
        else {
            "seat": b.seat,
            "kind": b.kind,
            "by": b.by,
            "familiar": b.familiar,
            "amount": b.amount,
            "since": b.since,
            "hurry": list(b.hurry),
            "hurry_deadline": b.hurry_deadline,
        },
        "awaiting": awaiting_out(g),
        "seats": [
            {
                "id": s.id,
                "bot": s.bot,
                "in_game": s.in_game,
                "hand": list(s.hand),
                "gold": s.gold,
                "spell": s.spell,
                "combat": s.combat,
                "lord": s.lord,
                "lord_mana": s.lord_mana,
                "familiars": [familiar_out(g, f) for f in s.familiars],
                "misses": s.misses,
                "uno": s.uno,
                "peek": list(s.peek),
            }
            for s in g.seats
        ],
        "turn_moves": [dict(m) for m in g.turn_moves],
        "potg": potg(g),
        "refusals": [dict(r) for r in g.refusals],
        "log": g.log,
    }


def event_for(event: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """An event as `viewer` sees it: a secret's cards only for the seats it names."""
    secret = event.get("secret")
    if secret is None:
        return event
    if viewer in secret:
        return {k: v for k, v in event.items() if k != "secret"}
    return {k: v for k, v in event.items() if k != "secret" and k not in SECRET_KEYS}


class ViewLogs:
    """Each viewer's log, filtered once per event: a game kept between actions only
    filters the new events."""

    def __init__(self) -> None:
        self.done = 0
        self.logs: dict[str | None, list[dict[str, Any]]] = {}

    def update(self, g: Game, viewers: list[str | None]) -> None:
        for v in viewers:
            if v not in self.logs:
                self.logs[v] = [event_for(e, v) for e in g.log[: self.done]]
        new = g.log[self.done :]
        for v, log in self.logs.items():
            log.extend(event_for(e, v) for e in new)
        self.done = len(g.log)


def view(st: dict[str, Any], viewer: str | None, log: list[dict[str, Any]]) -> dict[str, Any]:
    """P24 What `viewer` (a seat id, or None for the party view) may see."""
    v = {key: st[key] for key in PUBLIC}
    v["seat"] = viewer
    turn = st["turn"]
    if turn is not None and turn["seat"] != viewer and turn["drawn"] is not None:
        turn = {**turn, "drawn": None}
    v["turn"] = turn
    v["draw_count"] = len(st["draw"])
    aw = st["awaiting"]
    if aw is not None and aw["seat"] != viewer:
        aw = {k: x for k, x in aw.items() if k != "legal"}
    v["awaiting"] = aw
    v["seats"] = [
        {
            **{k: x for k, x in s.items() if k not in ("hand", "peek")},
            "hand_count": len(s["hand"]),
        }
        for s in st["seats"]
    ]
    if viewer is not None:
        me = next(s for s in st["seats"] if s["id"] == viewer)
        v["hand"] = me["hand"]
        v["peek"] = me["peek"]
    v["log"] = log
    return v


def output(g: Game, logs: ViewLogs | None = None) -> dict[str, Any]:
    """The result of `run`: the state with every seat's view and the party view."""
    st = state(g)
    viewers: list[str | None] = [s.id for s in g.seats] + [None]
    logs = logs or ViewLogs()
    logs.update(g, viewers)
    st["log"] = list(g.log)
    st["views"] = {("party" if v is None else v): view(st, v, list(logs.logs[v])) for v in viewers}
    return st


def seat_view(g: Game, viewer: str) -> dict[str, Any]:
    """One seat's view without its log: what a bot decides from (P23.1)."""
    return view(state(g), viewer, [])
