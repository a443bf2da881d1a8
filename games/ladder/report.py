"""The Chaos Report (R8): the engine's outcome with names, stored so it can be re-rendered.

Version 2 explains every number: per contestant the points votes added and took away as
they landed, Chaos, trophies, wins, lock and Golden state, places moved since the last
noon and the day's mid-day events; per card what it did. Decay stays unnamed (R8.4): it is
whatever is left of a change once the named parts are taken away. The words for all of it
live in `report_text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine import STATE_FIELDS, CardId, NoonResult
from .engine.outcome import Effect, PlayResult, Trimmed
from .models import seed_sha256

REPORT_VERSION = 2
# Idle days stay out of the report: decay is folded into the change, never named (R8.4).
REPORTED_STATE = tuple(name for name in STATE_FIELDS if name != "silent_days")


@dataclass
class ReportInputs:
    """What the report needs besides the engine's result; all names already resolved."""

    player_names: dict[str, str]
    contestant_names: dict[str, str]
    play_ids: list[int] = field(default_factory=list)
    golden_plays: list[dict[str, Any]] = field(default_factory=list)  # today's pins
    week_golden: list[dict[str, Any]] = field(default_factory=list)  # Wednesday: the week's
    redemptions: list[dict[str, str]] = field(default_factory=list)
    previous_ranks: dict[str, int] | None = None  # entry id -> rank at the last noon
    events: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # entry id -> events
    seed: int | None = None
    next_seed_sha256: str | None = None
    last_noon: bool = False
    staff: list[str] = field(default_factory=list)  # names shown with the staff badge
    # Each play's effect_json, by play index (noon stores them on the plays too).
    play_effects: list[dict[str, Any] | None] = field(default_factory=list)


def build_report(
    result: NoonResult, inputs: ReportInputs
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(outcome, ladder) as JSON-ready dicts."""
    players, contestants = inputs.player_names, inputs.contestant_names

    def contestant(cid: str | None) -> str | None:
        return None if cid is None else contestants[cid]

    plays = [_play(p, inputs) for p in result.plays]
    winners = list(result.winners)
    golden_before = {row.id for row in result.ladder if row.before and row.before.golden}
    outcome = {
        "version": REPORT_VERSION,
        "staff": inputs.staff,
        "noon": result.noon.isoformat(),
        "wednesday": result.noon.weekday() == 2,
        "plays": plays,
        "golden_plays": inputs.golden_plays,
        "week_golden": inputs.week_golden,
        "chaos": [
            {"player": players[c.player], "contestant": contestant(c.contestant), "delta": c.delta}
            for c in result.chaos
        ],
        "drew": result.drew,
        "over_limit": [
            {"player": players[e.player], "lost": len(e.cards)}
            for e in result.log
            if isinstance(e, Trimmed)
        ],
        "redemptions": inputs.redemptions,
        "locked_now": [contestants[c] for c in result.locked_now],
        "winners": [contestants[c] for c in winners],
        "winners_golden": [contestants[c] for c in winners if c in golden_before],
        "left_ladder": [
            {"name": contestants[cid], "events": inputs.events.get(cid, [])}
            for cid in (inputs.previous_ranks or {})
            if cid in contestants and cid not in {row.id for row in result.ladder}
        ],
        "seed": None if inputs.seed is None else str(inputs.seed),
        "seed_sha256": None if inputs.seed is None else seed_sha256(inputs.seed),
        "next_seed_sha256": inputs.next_seed_sha256,
        "last_noon": inputs.last_noon,
    }
    previous = inputs.previous_ranks
    ladder = []
    for row in result.ladder:
        before = row.before
        was_on = previous is None or row.id in previous
        ladder.append(
            {
                "id": int(row.id) if row.id.isdigit() else row.id,
                "name": contestants[row.id],
                "rank": row.rank,
                "delta": row.delta,
                # Since the last noon's ladder, so mid-day pins, unlocks and roster changes
                # show as movement too; the first noon of a season counts from the roster.
                "moved": previous[row.id] - row.rank
                if previous and row.id in previous
                else row.moved,
                "new": not was_on,
                "votes_up": row.votes_up,
                "votes_down": row.votes_down,
                "chaos": row.chaos,
                "trophies_gained": row.contestant.trophies - (before.trophies if before else 0),
                "won": winners.index(row.id) + 1 if row.id in winners else 0,
                "was_golden": bool(before and before.golden),
                "locked_now": row.id in result.locked_now,
                "events": inputs.events.get(row.id, []),
                **{name: getattr(row.contestant, name) for name in REPORTED_STATE},
            }
        )
    return outcome, ladder


def _play(p: PlayResult, inputs: ReportInputs) -> dict:
    players, contestants = inputs.player_names, inputs.contestant_names
    return {
        "id": inputs.play_ids[p.index] if inputs.play_ids else None,
        "player": players[p.player],
        "card": p.card.value,
        "target": None if p.target is None else contestants[p.target],
        "outcome": p.outcome.value,
        "by": None if p.by_player is None else players[p.by_player],
        "reason": None if p.reason is None else p.reason.value,
        "effect": inputs.play_effects[p.index],
    }


def effect_json(
    card: CardId,
    effect: Effect | None,
    plays: tuple[PlayResult, ...],
    players: dict[str, str],
    contestants: dict[str, str],
) -> dict[str, Any] | None:
    """The engine's Effect with names: the plays a Shield or Sabotage hit, Chaos's victim."""
    if effect is None:
        return None
    data: dict[str, Any] = {}
    if card in (CardId.SKIP, CardId.REVERSE):
        data |= {"votes": effect.votes, "points": effect.points}
    if card is CardId.REVERSE:
        data |= {"reverses": effect.reverses, "cancelled": effect.cancelled}
    if card in (CardId.BOOST, CardId.CHAOS):
        data["points"] = effect.points
    if card is CardId.MINI_GOONER:
        data["trophies"] = effect.points
    if card is CardId.CHAOS:
        data["contestant"] = None if effect.contestant is None else contestants[effect.contestant]
    if card in (CardId.SHIELD, CardId.SABOTAGE):
        data["plays"] = [
            {"player": players[plays[i].player], "card": plays[i].card.value} for i in effect.plays
        ]
    return data
