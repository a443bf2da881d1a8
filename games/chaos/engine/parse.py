"""Reading the game (chaos-engine.md "Input"): everything malformed is an InputError, so
the rules never see a bad shape. Rule-breaking but well-formed actions are refusals, not
errors: they are decided later, against the game as it stands."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CATEGORIES, CONDITION_IDS, PLAY_IDS
from .errors import InputError

ACTION_TYPES = frozenset(
    {
        "hand_size",
        "play",
        "pass",
        "interrupt",
        "select",
        "name",
        "say",
        "object",
        "timeout",
        "leave",
    }
)
PLAY_SET = frozenset(PLAY_IDS)
MAX_SAY = 1000


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(obj: dict[str, Any], key: str, default: Any = None) -> Any:
    """`null` counts as absent."""
    value = obj.get(key)
    return default if value is None else value


def parse_game(game: Any) -> dict[str, Any]:
    if not isinstance(game, dict):
        raise InputError("the game must be a JSON object")
    seed = _get(game, "seed", 0)
    if not _is_int(seed) or not 0 <= seed < 2**64:
        raise InputError("seed must be an integer from 0 to 2^64 - 1")
    seats = _seats(game.get("seats"))
    ids = [seat["id"] for seat in seats]
    hand_size = _get(game, "hand_size")
    if hand_size is not None and (not _is_int(hand_size) or not 3 <= hand_size <= 9):
        raise InputError("hand_size must be an integer from 3 to 9")
    setup = _get(game, "setup")
    if setup is not None:
        setup = _setup(setup, ids)
    actions = _get(game, "actions", [])
    if not isinstance(actions, list):
        raise InputError("actions must be a list")
    return {
        "seed": seed,
        "seats": seats,
        "hand_size": hand_size,
        "setup": setup,
        "actions": [parse_action(i, a, set(ids)) for i, a in enumerate(actions)],
    }


def _seats(raw: Any) -> list[dict[str, str]]:
    if not isinstance(raw, list) or not 3 <= len(raw) <= 8:
        raise InputError("seats must be a list of 3 to 8 seats")
    seats, seen = [], set()
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise InputError(f"seat {i} is not an object")
        sid = seat.get("id")
        if not isinstance(sid, str) or not sid:
            raise InputError(f"seat {i} needs a non-empty string id")
        if sid in seen:
            raise InputError(f"seat id {sid!r} is repeated")
        seen.add(sid)
        kind, policy = _get(seat, "kind", "human"), _get(seat, "policy", "simple")
        if kind not in ("human", "bot"):
            raise InputError(f"seat {sid}: kind must be human or bot")
        if policy not in ("simple", "sharp"):
            raise InputError(f"seat {sid}: policy must be simple or sharp")
        seats.append({"id": sid, "kind": kind, "policy": policy})
    return seats


def _cards(value: Any, what: str, allowed: frozenset[str] | tuple[str, ...]) -> list[str]:
    if not isinstance(value, list) or any(card not in allowed for card in value):
        raise InputError(f"{what} must be a list of the right kind of card ids")
    return value


def _setup(raw: Any, ids: list[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise InputError("setup must be an object")
    known = set(ids)

    def seat(value: Any, what: str) -> str:
        if value not in known:
            raise InputError(f"setup.{what} names no seat")
        return value

    out: dict[str, Any] = {"dealer": seat(_get(raw, "dealer", ids[0]), "dealer")}
    hands = _get(raw, "hands", {})
    if not isinstance(hands, dict):
        raise InputError("setup.hands must be an object")
    out["hands"] = {
        seat(s, "hands"): _cards(h, f"setup.hands.{s}", PLAY_SET) for s, h in hands.items()
    }
    out["deck"] = _cards(_get(raw, "deck", []), "setup.deck", PLAY_SET)
    out["discard"] = _cards(_get(raw, "discard", []), "setup.discard", PLAY_SET)
    out["rest"] = _get(raw, "rest", "deck")
    if out["rest"] not in ("deck", "discard"):
        raise InputError("setup.rest must be deck or discard")
    for kind, category in (("modifiers", "modifier"), ("anchors", "anchor")):
        slots = _get(raw, kind, {})
        if not isinstance(slots, dict):
            raise InputError(f"setup.{kind} must be an object")
        for s, card in slots.items():
            seat(s, kind)
            if card not in CARDS or CARDS[card].category != category:
                raise InputError(f"setup.{kind}.{s} must be a {category}")
        out[kind] = dict(slots)
    placed = [c for h in out["hands"].values() for c in h] + out["deck"] + out["discard"]
    placed += list(out["modifiers"].values()) + list(out["anchors"].values())
    if len(placed) != len(set(placed)):
        raise InputError("setup places a Play card twice")
    level = _get(raw, "level", 1)
    if not _is_int(level) or not 1 <= level <= 5:
        raise InputError("setup.level must be 1 to 5")
    out["level"] = level
    conditions = _get(raw, "conditions")
    if conditions is not None:
        _cards(conditions, "setup.conditions", CONDITION_IDS)
        if len(conditions) != (2 if level >= 4 else 1):
            raise InputError("setup.conditions must hold 1 condition below level 4, else 2")
    out["conditions"] = conditions
    out["cond_deck"] = _cards(_get(raw, "cond_deck", []), "setup.cond_deck", CONDITION_IDS)
    out["cond_discard"] = _cards(_get(raw, "cond_discard", []), "setup.cond_discard", CONDITION_IDS)
    conds = (conditions or []) + out["cond_deck"] + out["cond_discard"]
    if len(conds) != len(set(conds)):
        raise InputError("setup places a condition twice")
    if conditions is None and len(set(CONDITION_IDS) - set(out["cond_discard"])) < (
        2 if level >= 4 else 1
    ):
        raise InputError("setup leaves no condition to reveal")
    out["direction"] = _get(raw, "direction", "cw")
    if out["direction"] not in ("cw", "ccw"):
        raise InputError("setup.direction must be cw or ccw")
    turn = _get(raw, "turn", 0)
    if not _is_int(turn) or not 0 <= turn <= 29:
        raise InputError("setup.turn must be 0 to 29")
    out["turn"] = turn
    rnd = _get(raw, "round", 1)
    if not _is_int(rnd) or rnd < 1:
        raise InputError("setup.round must be at least 1")
    out["round"] = rnd
    taken = _get(raw, "taken", [])
    if not isinstance(taken, list) or len(set(taken)) != len(taken):
        raise InputError("setup.taken must be a list of different seats")
    out["taken"] = [seat(s, "taken") for s in taken]
    if len(taken) >= len(ids):
        raise InputError("setup.taken cannot hold every seat")
    first = _get(raw, "first")
    if first is not None:
        seat(first, "first")
        if first in taken:
            raise InputError("setup.first has already had its turn this round")
    out["first"] = first
    return out


def parse_action(i: int, raw: Any, seats: set[str]) -> dict[str, Any]:
    where = f"action {i}"
    if not isinstance(raw, dict):
        raise InputError(f"{where} is not an object")
    kind = raw.get("type")
    if kind not in ACTION_TYPES:
        raise InputError(f"{where}: unknown type {kind!r}")
    seat = raw.get("seat")
    if seat not in seats:
        raise InputError(f"{where}: seat missing or unknown")
    action: dict[str, Any] = {"type": kind, "seat": seat}
    for key in ("target", "player"):
        value = _get(raw, key)
        if value is not None and value not in seats:
            raise InputError(f"{where}: {key} names no seat")
        action[key] = value
    category = _get(raw, "category")
    if category is not None and category not in CATEGORIES:
        raise InputError(f"{where}: category must be one of {', '.join(CATEGORIES)}")
    action["category"] = category
    if kind == "object" and action["player"] is None:
        raise InputError(f"{where}: object needs a player")
    if kind == "hand_size":
        size = _get(raw, "size")
        if not _is_int(size):
            raise InputError(f"{where}: hand_size needs an integer size")
        action["size"] = size
    if kind in ("play", "interrupt"):
        action["card"] = _card_id(raw, "card", where)
    if kind == "interrupt":
        action["on"] = _card_id(raw, "on", where)
    if kind == "name" and category is None:
        raise InputError(f"{where}: name needs a category")
    if kind == "select":
        cards = _get(raw, "cards")
        if not isinstance(cards, list) or any(c not in CARDS for c in cards):
            raise InputError(f"{where}: select needs a list of card ids")
        action["cards"] = cards
    if kind == "say":
        text, question = _get(raw, "text"), _get(raw, "question", False)
        if not isinstance(text, str) or len(text) > MAX_SAY:
            raise InputError(f"{where}: say needs a text of at most {MAX_SAY} characters")
        if not isinstance(question, bool):
            raise InputError(f"{where}: question must be true or false")
        action["text"], action["question"] = text, question
    return action


def _card_id(raw: dict[str, Any], key: str, where: str) -> str:
    value = _get(raw, key)
    if value not in CARDS:
        raise InputError(f"{where}: {key} must be a card id")
    return value
