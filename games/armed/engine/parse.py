"""Reading a game from its JSON form (armed-engine.md, "Input"). Everything is checked
before a single action is applied; anything unreadable is an InputError naming the
place. `null` counts as a missing field, except as a value inside `setup`'s `hands`,
`loot` and `teeth` (S38)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .cards import CARD_IDS, GUN_IDS, LOOT_IDS
from .errors import InputError

MAX_SEED = 2**64
MAX_SAY = 1000  # A12.6, S52: Unicode code points
KINDS = ("human", "bot")
POLICIES = ("simple", "sharp")
ACTION_TYPES = (
    "fire",
    "cycle",
    "hold",
    "comply",
    "grit",
    "discard",
    "pick",
    "timeout",
    "say",
    "leave",
)


class SeatSpec(NamedTuple):
    id: str
    kind: str
    policy: str


class Setup(NamedTuple):
    first: str | None
    hands: dict[str, list[str]]
    loot: dict[str, list[str]]
    teeth: dict[str, int]
    deck: list[str]
    discard: list[str]
    rest: str
    exhaustions: int


class Action(NamedTuple):
    type: str
    seat: str
    card: str | None = None
    target: str | None = None
    cards: tuple[str, ...] = ()
    player: str | None = None
    text: str = ""


class GameSpec(NamedTuple):
    seed: int
    seats: list[SeatSpec]
    setup: Setup | None
    actions: list[Action]


def _show(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return "true" if value is True else "false" if value is False else "null"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__
    )


def _object(where: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InputError(f"{where} must be an object, not {_show(value)}")
    return value


def _int(where: str, value: Any, low: int, high: int) -> int:
    # bool is an int subclass and 3.0 a float: neither is a JSON integer.
    if type(value) is not int or not low <= value <= high:
        raise InputError(f"{where} must be an integer from {low} to {high}")
    return value


def _ids(where: str, value: Any, allowed: frozenset[str], what: str) -> list[str]:
    if not isinstance(value, list):
        raise InputError(f"{where} must be a list of {what}, not {_show(value)}")
    for n, card in enumerate(value):
        if not isinstance(card, str) or card not in allowed:
            raise InputError(f"{where}[{n}] is not {what[:-1]}: {card!r}"[:200])
    return list(value)


def parse_game(data: Any) -> GameSpec:
    game = _object("the game", data)
    seed = game.get("seed")
    seed = 0 if seed is None else _int("seed", seed, 0, MAX_SEED - 1)
    seats = _seats(game.get("seats"))
    ids = {s.id for s in seats}
    setup = game.get("setup")
    setup = None if setup is None else _setup(_object("setup", setup), ids)
    raw_actions = game.get("actions")
    if raw_actions is None:
        raw_actions = []
    if not isinstance(raw_actions, list):
        raise InputError(f"actions must be a list, not {_show(raw_actions)}")
    actions = [parse_action(n, a, ids) for n, a in enumerate(raw_actions)]
    return GameSpec(seed, seats, setup, actions)


def _seats(raw: Any) -> list[SeatSpec]:
    if raw is None:
        raise InputError("missing field 'seats'")
    if not isinstance(raw, list) or not 3 <= len(raw) <= 6:
        raise InputError("seats must be a list of 3 to 6 seats")
    seats, seen = [], set()
    for n, item in enumerate(raw):
        seat = _object(f"seats[{n}]", item)
        sid = seat.get("id")
        if not isinstance(sid, str) or not sid:
            raise InputError(f"seats[{n}]: 'id' must be a non-empty string")
        if sid in seen:
            raise InputError(f"seats[{n}]: id {sid!r} is repeated")
        seen.add(sid)
        kind = "human" if seat.get("kind") is None else seat.get("kind")
        if kind not in KINDS:
            raise InputError(f"seats[{n}]: 'kind' must be 'human' or 'bot'")
        policy = "simple" if seat.get("policy") is None else seat.get("policy")
        if policy not in POLICIES:
            raise InputError(f"seats[{n}]: 'policy' must be 'simple' or 'sharp'")
        seats.append(SeatSpec(sid, kind, policy))
    return seats


def _seat_map(setup: Mapping[str, Any], name: str, ids: set[str]) -> Mapping[str, Any]:
    raw = setup.get(name)
    if raw is None:
        return {}
    raw = _object(f"setup.{name}", raw)
    for key in raw:
        if key not in ids:
            raise InputError(f"setup.{name}: {key!r} names no seat"[:200])
    return raw


def _setup(raw: Mapping[str, Any], ids: set[str]) -> Setup:
    first = raw.get("first")
    if first is not None and (not isinstance(first, str) or first not in ids):
        raise InputError("setup.first names no seat")
    hands = {
        k: _ids(f"setup.hands.{k}", v, GUN_IDS, "gun ids")
        for k, v in _seat_map(raw, "hands", ids).items()
    }
    loot = {
        k: _ids(f"setup.loot.{k}", v, LOOT_IDS, "Loot ids")
        for k, v in _seat_map(raw, "loot", ids).items()
    }
    teeth = {k: _int(f"setup.teeth.{k}", v, 0, 3) for k, v in _seat_map(raw, "teeth", ids).items()}
    deck = [] if raw.get("deck") is None else _ids("setup.deck", raw["deck"], CARD_IDS, "card ids")
    pile = (
        []
        if raw.get("discard") is None
        else _ids("setup.discard", raw["discard"], CARD_IDS, "card ids")
    )
    placed = [c for cards in (*hands.values(), *loot.values(), deck, pile) for c in cards]
    if len(placed) != len(set(placed)):
        twice = sorted({c for c in placed if placed.count(c) > 1})
        raise InputError(f"setup places {', '.join(twice)} more than once")
    rest = "deck" if raw.get("rest") is None else raw["rest"]
    if rest not in ("deck", "discard"):
        raise InputError("setup.rest must be 'deck' or 'discard'")
    exhaustions = (
        0 if raw.get("exhaustions") is None else _int("setup.exhaustions", raw["exhaustions"], 0, 1)
    )
    return Setup(first, hands, loot, teeth, deck, pile, rest, exhaustions)


def parse_action(n: int, raw: Any, ids: set[str]) -> Action:
    """Action `n` of the input, for a table whose seat ids are `ids`."""
    where = f"actions[{n}]"
    action = _object(where, raw)
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise InputError(f"{where}: unknown type {kind!r}"[:200])
    seat = action.get("seat")
    if not isinstance(seat, str) or seat not in ids:
        raise InputError(f"{where}: 'seat' names no seat")
    if kind == "fire":
        card = action.get("card")
        if not isinstance(card, str) or card not in CARD_IDS:
            raise InputError(f"{where}: 'card' is not a card id")
        target = action.get("target")
        if target is not None and (not isinstance(target, str) or target not in ids):
            raise InputError(f"{where}: 'target' names no seat")
        return Action(kind, seat, card=card, target=target)
    if kind == "cycle":
        card = action.get("card")
        if card is not None and (not isinstance(card, str) or card not in CARD_IDS):
            raise InputError(f"{where}: 'card' is not a card id")
        return Action(kind, seat, card=card)
    if kind == "discard":
        cards = action.get("cards")
        if cards is None:
            raise InputError(f"{where}: missing field 'cards'")
        return Action(kind, seat, cards=tuple(_ids(f"{where}.cards", cards, CARD_IDS, "card ids")))
    if kind == "pick":
        player = action.get("player")
        if not isinstance(player, str) or player not in ids:
            raise InputError(f"{where}: 'player' names no seat")
        return Action(kind, seat, player=player)
    if kind == "say":
        text = action.get("text")
        if not isinstance(text, str):
            raise InputError(f"{where}: 'text' must be a string")
        if len(text) > MAX_SAY:
            raise InputError(f"{where}: 'text' is longer than {MAX_SAY} characters")
        return Action(kind, seat, text=text)
    return Action(kind, seat)
