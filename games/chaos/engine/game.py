"""run(game) -> dict: the one entry point (chaos-engine.md)."""

from __future__ import annotations

from typing import Any

from goonsite.enginekit.splitmix import SplitMix64 as Stream

from .output import result
from .parse import parse_game
from .session import Session
from .table import Table
from .turns import game as flow


def new_table(spec: dict[str, Any], *, logging: bool = True) -> Table:
    seats = spec["seats"]
    return Table(
        seats=[s["id"] for s in seats],
        kind={s["id"]: s["kind"] for s in seats},
        policy={s["id"]: s["policy"] for s in seats},
        stream=Stream(spec["seed"]),
        logging=logging,
    )


def run(game: Any) -> dict[str, Any]:
    spec = parse_game(game)
    t = new_table(spec)
    session = Session(t, flow(t, spec))
    for index, action in enumerate(spec["actions"]):
        session.apply(index, action)
    decision = session.decision
    options = session.options(decision.seat) if decision and decision.kind == "respond" else []
    return result(t, decision, options, session.refusals)
