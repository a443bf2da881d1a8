"""The JSON form of a day and of a noon's result (spec: noon-engine.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import fields
from operator import itemgetter
from typing import Any

from .cards import CardId
from .day import STATE_FIELDS, Contestant, Day, Direction, Play, Player, Vote
from .errors import DayError
from .outcome import (
    ChaosHit,
    Dealt,
    Effect,
    Event,
    ExtraVote,
    LadderRow,
    Locked,
    NoonResult,
    PlayerResult,
    PlayResult,
    Trimmed,
    Won,
)

_MISSING = object()


class _Fields:
    """Reads one JSON object's fields, naming the object and field in every error."""

    def __init__(self, where: str, raw: Any) -> None:
        if not isinstance(raw, Mapping):
            raise DayError(f"{where} must be an object")
        self.where = where
        self.raw = raw

    def _get(self, name: str, default: Any) -> Any:
        value = self.raw.get(name, _MISSING)
        if value is _MISSING or (value is None and default is not _MISSING):
            if default is _MISSING:
                raise DayError(f"{self.where}: missing field {name!r}")
            return default
        return value

    def int(self, name: str, default: Any = _MISSING, *, minimum: int | None = None) -> int:
        value = self._get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise DayError(f"{self.where}: {name!r} must be an integer, not {value!r}")
        if minimum is not None and value < minimum:
            raise DayError(f"{self.where}: {name!r} must be at least {minimum}, not {value}")
        return value

    def bool(self, name: str, default: Any = _MISSING) -> bool:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise DayError(f"{self.where}: {name!r} must be true or false, not {value!r}")
        return value

    def str(self, name: str, default: Any = _MISSING) -> str:
        value = self._get(name, default)
        if not isinstance(value, str) or not value:
            raise DayError(f"{self.where}: {name!r} must be a non-empty string, not {value!r}")
        return value

    def optional_str(self, name: str) -> str | None:
        value = self.raw.get(name)
        return None if value is None else self.str(name)

    def list(self, name: str) -> list[Any]:
        value = self._get(name, [])
        if not isinstance(value, list):
            raise DayError(f"{self.where}: {name!r} must be a list")
        return value


def _card(where: str, value: Any) -> CardId:
    try:
        return CardId(value)
    except ValueError:
        raise DayError(f"{where}: unknown card {value!r}") from None


def _contestant(n: int, raw: Any) -> Contestant:
    f = _Fields(f"contestants[{n}]", raw)
    values: dict[str, Any] = {}
    for field in fields(Contestant):
        name = field.name
        if name == "id":
            values[name] = f.str(name)
        elif field.type == "bool":
            values[name] = f.bool(name, field.default)
        elif name == "joined":
            values[name] = f.int(name, n + 1)
        else:
            # Only the score can go below zero (R4.2).
            values[name] = f.int(name, field.default, minimum=None if name == "score" else 0)
    return Contestant(**values)


def _player(n: int, raw: Any) -> Player:
    f = _Fields(f"players[{n}]", raw)
    return Player(
        id=f.str("id"),
        season_votes=f.int("season_votes", 0, minimum=0),
        votes_per_day=f.int("votes_per_day", 3, minimum=0),
        hand=tuple(_card(f"players[{n}].hand", card) for card in f.list("hand")),
        golden_holder=f.bool("golden_holder", False),
        sealed=tuple(_card(f"players[{n}].sealed", card) for card in f.list("sealed")),
    )


_CARDS: dict[Any, CardId] = {card.value: card for card in CardId}
_DIRECTIONS: dict[Any, Direction] = {d.value: d for d in Direction}


# The fast readers below take the common, well-formed rows with a few exact type checks
# (a large day has hundreds of thousands of them); anything else goes to the full
# readers above and below, which name what is wrong.


_VOTE_FIELDS = itemgetter("player", "contestant", "direction", "points")


def _fast_vote(n: int, raw: Any) -> Vote:
    try:
        player, contestant, direction, points = _VOTE_FIELDS(raw)
        direction = _DIRECTIONS[direction]
    except (KeyError, TypeError):  # not an object, a field missing, no such direction
        return _vote(n, raw)
    if (
        type(player) is str
        and player
        and type(contestant) is str
        and contestant
        and type(points) is int
        and points >= 1
    ):
        return Vote(player, contestant, direction, points)
    return _vote(n, raw)


def _fast_player(n: int, raw: Any) -> Player:
    if type(raw) is dict:
        pid = raw.get("id")
        season_votes, per_day = raw.get("season_votes", 0), raw.get("votes_per_day", 3)
        hand, golden = raw.get("hand", []), raw.get("golden_holder", False)
        sealed = raw.get("sealed", [])
        if (
            type(pid) is str
            and pid
            and type(season_votes) is int
            and season_votes >= 0
            and type(per_day) is int
            and per_day >= 0
            and type(hand) is list
            and type(sealed) is list
            and type(golden) is bool
        ):
            try:
                cards = tuple(map(_CARDS.__getitem__, hand))
                wrapped = tuple(map(_CARDS.__getitem__, sealed))
            except (KeyError, TypeError):
                pass
            else:
                return Player(pid, season_votes, per_day, cards, golden, wrapped)
    return _player(n, raw)


def _fast_play(n: int, raw: Any) -> Play:
    if type(raw) is dict:
        player, card, target = raw.get("player"), raw.get("card"), raw.get("target")
        if (
            type(player) is str
            and player
            and type(card) is str
            and card in _CARDS
            and (target is None or (type(target) is str and target))
        ):
            return Play(player, _CARDS[card], target)
    return _play(n, raw)


def _vote(n: int, raw: Any) -> Vote:
    f = _Fields(f"votes[{n}]", raw)
    direction = f.str("direction")
    if direction not in ("up", "down"):
        raise DayError(f"votes[{n}]: 'direction' must be 'up' or 'down', not {direction!r}")
    return Vote(
        f.str("player"), f.str("contestant"), Direction(direction), f.int("points", minimum=1)
    )


def _play(n: int, raw: Any) -> Play:
    f = _Fields(f"plays[{n}]", raw)
    return Play(f.str("player"), _card(f"plays[{n}]", f.str("card")), f.optional_str("target"))


def day_from_json(raw: Any) -> Day:
    f = _Fields("the day", raw)
    noon_text = f.str("noon")
    try:
        noon = dt.date.fromisoformat(noon_text)
    except ValueError:
        raise DayError(f"'noon' must be a date like 2026-12-09, not {noon_text!r}") from None
    return Day(
        noon=noon,
        seed=f.int("seed", 0),
        contestants=tuple(_contestant(n, c) for n, c in enumerate(f.list("contestants"))),
        players=tuple([_fast_player(n, p) for n, p in enumerate(f.list("players"))]),
        votes=tuple([_fast_vote(n, v) for n, v in enumerate(f.list("votes"))]),
        plays=tuple([_fast_play(n, p) for n, p in enumerate(f.list("plays"))]),
    )


# The result's rows are built as dict literals, one small function per row type: a large
# noon writes a few hundred thousand of them, and a literal costs a quarter of a generic
# dict(zip(fields, row)). Values go in as they are: json.dumps writes str enums as their
# strings and tuples as arrays. tests/ladder/engine/test_jsonio.py checks that every row
# still has one key per field, in field order.


def _ladder_row(row: LadderRow) -> dict[str, Any]:
    c = row.contestant
    return {
        "id": c.id,
        "rank": row.rank,
        "delta": row.delta,
        "moved": row.moved,
        **{name: getattr(c, name) for name in STATE_FIELDS},
        "votes_up": row.votes_up,
        "votes_down": row.votes_down,
        "chaos": row.chaos,
    }


_EFFECT_DEFAULTS = tuple(Effect())


def effect_to_json(effect: Effect | None) -> dict[str, Any] | None:
    """Only the numbers that say something: a Skip has no `plays`, a Shield no `points`."""
    if effect is None:
        return None
    row = {
        name: value
        for name, value, default in zip(Effect._fields, effect, _EFFECT_DEFAULTS, strict=True)
        if value != default
    }
    if "plays" in row:
        row["plays"] = list(row["plays"])
    return row


def _play_row(p: PlayResult, effect: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "index": p.index,
        "outcome": p.outcome,
        "by": p.by,
        "reason": p.reason,
        "effect": effect,
    }


def _player_row(p: PlayerResult) -> dict[str, Any]:
    return {
        "id": p.id,
        "season_votes": p.season_votes,
        "votes_per_day": p.votes_per_day,
        "hand": p.hand,
        "trimmed": p.trimmed,
        "dealt": p.dealt,
    }


def _play_result_event(e: PlayResult, effect: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "event": "play_result",
        "index": e.index,
        "player": e.player,
        "card": e.card,
        "target": e.target,
        "outcome": e.outcome,
        "by": e.by,
        "by_player": e.by_player,
        "reason": e.reason,
        "effect": effect,
    }


def _chaos_hit_event(e: ChaosHit) -> dict[str, Any]:
    return {
        "event": "chaos_hit",
        "index": e.index,
        "player": e.player,
        "contestant": e.contestant,
        "delta": e.delta,
    }


def _locked_event(e: Locked) -> dict[str, Any]:
    return {
        "event": "locked",
        "contestant": e.contestant,
        "number": e.number,
        "trophies": e.trophies,
    }


def _won_event(e: Won) -> dict[str, Any]:
    return {"event": "won", "place": e.place, "contestant": e.contestant}


def _trimmed_event(e: Trimmed) -> dict[str, Any]:
    return {"event": "trimmed", "player": e.player, "cards": e.cards}


def _dealt_event(e: Dealt) -> dict[str, Any]:
    return {
        "event": "dealt",
        "player": e.player,
        "item": e.item,
        "why": e.why,
        "milestone": e.milestone,
    }


def _extra_vote_event(e: ExtraVote) -> dict[str, Any]:
    return {"event": "extra_vote", "player": e.player, "votes_per_day": e.votes_per_day}


# Every event but PlayResult, whose row also takes its effect's JSON.
EVENT_ROWS: dict[type, Callable[[Any], dict[str, Any]]] = {
    ChaosHit: _chaos_hit_event,
    Locked: _locked_event,
    Won: _won_event,
    Trimmed: _trimmed_event,
    Dealt: _dealt_event,
    ExtraVote: _extra_vote_event,
}


def result_to_json(result: NoonResult) -> dict[str, Any]:
    """The result as JSON-ready values for `json.dumps` (tuples and str enums included)."""
    # Each play's effect once: the log holds the same PlayResult as `plays` (resolve._result).
    effects = [effect_to_json(p.effect) for p in result.plays]
    return {
        "noon": result.noon.isoformat(),
        "ladder": [_ladder_row(r) for r in result.ladder],
        "plays": [_play_row(p, effect) for p, effect in zip(result.plays, effects, strict=True)],
        "chaos": [
            {"index": c.index, "contestant": c.contestant, "delta": c.delta} for c in result.chaos
        ],
        "locked_now": list(result.locked_now),
        "winners": list(result.winners),
        "players": [_player_row(p) for p in result.players],
        "drew": result.drew,
        "votes": list(result.votes),
        "log": _log_rows(result.log, effects),
    }


def _log_rows(log: tuple[Event, ...], effects: list[dict[str, Any] | None]) -> list[dict[str, Any]]:
    rows = []
    for event in log:
        if type(event) is PlayResult:
            rows.append(_play_result_event(event, effects[event.index]))
        else:
            rows.append(EVENT_ROWS[type(event)](event))
    return rows
