"""Driving a game as the site does (party-engine.md, "Driving a game"): a bot step for
each bot the game waits on, a `tick` at each deadline. Used by the simulator and the
property tests; pure, like the rest of the engine."""

from __future__ import annotations

from typing import Any

from .game import Session

STEP_MS = 1500


def next_actions(session: Session) -> list[dict[str, Any]]:
    """What the site would send next, in order: the bot steps due now, else a tick."""
    g = session.g
    if g.over:
        return []
    t = g.clock + STEP_MS
    steps = [
        {"type": "bot", "seat": s.id, "t": g.clock}
        for s in g.seats
        if s.in_game and s.bot and s.uno == "open"
    ]
    if g.countdown is not None:
        steps += [
            {"type": "bot", "seat": sid, "t": g.clock}
            for sid in g.countdown.targets
            if g.by_id[sid].bot and g.by_id[sid].in_game
        ]
        return [*steps, {"type": "tick", "t": g.countdown.deadline}]
    aw = g.awaited()
    if aw is not None and g.by_id[aw[0]].bot:
        return [*steps, {"type": "bot", "seat": aw[0], "t": t}]
    deadline = (g.block or g.turn).hurry_deadline if aw else None
    if deadline is not None:
        return [*steps, {"type": "tick", "t": deadline}]
    return steps


def play_bots(game: dict[str, Any], max_actions: int = 3000) -> tuple[Session, list[dict]]:
    """Play an all-bot game (or until a player is awaited) and return it with the
    actions the engine accepted or refused, in order."""
    session = Session(game)
    sent: list[dict[str, Any]] = []
    while len(sent) < max_actions:
        batch = next_actions(session)
        if not batch:
            break
        for action in batch:
            session.act_parsed(dict(action))
            sent.append(action)
            if session.g.over:
                break
    return session, sent
