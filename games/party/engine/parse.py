"""Reading one game (party-engine.md, "Input"): every check that makes input an error
rather than a refused action. Returns the dealt (or set-up) game and the actions."""

from __future__ import annotations

from typing import Any

from . import flow
from .cards import COLOR_CLASSES, Deck, build_deck, default_deck
from .deckcheck import validate_deck
from .errors import InputError
from .state import SETTINGS, Familiar, Game, Seat

ACTION_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required fields, optional fields)
    "play": (("cards",), ("color", "with")),
    "draw": ((), ()),
    "cast": (("card",), ("target", "familiar", "give")),
    "summon": (("card",), ("sacrifice",)),
    "feed": (("familiar", "card"), ("digits",)),
    "attack": (("familiar",), ("target", "equipment")),
    "story": (("card",), ()),
    "combat_mana": (("card",), ()),
    "devote": (("card",), ("sacrifice",)),
    "refill": (("card",), ()),
    "sacrifice": (("familiar",), ()),
    "shop": (("pay",), ("familiar",)),
    "sell": (("cards",), ()),
    "buy": (("item",), ("slot", "sort", "card", "familiar", "treasure")),
    "leave_shop": ((), ()),
    "mana": (("card",), ()),
    "overcharge": (("card",), ()),
    "power": (("power",), ("target", "familiar", "give")),
    "end_turn": ((), ()),
    "block": (("familiars",), ()),
    "counter": (("card",), ()),
    "uno": ((), ()),
    "catch": ((), ("target",)),
    "hurry": ((), ()),
    "redeal": ((), ()),
    "funny": ((), ()),
    "leave": ((), ()),
    "end_game": ((), ()),
    "bot": ((), ()),
    "tick": ((), ()),
}
CARD_FIELDS = {"card", "familiar", "sacrifice", "equipment", "give", "treasure"}
SORTS = ("small", "medium", "large", "tier1", "tier2", "tier3", "wild", "spell", "equipment")
ITEMS = ("offer", "random", "mana", "remove_card", "remove_familiar")
MAX_T = 10**12


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_game(data: Any) -> tuple[Game, list[dict[str, Any]]]:
    if not isinstance(data, dict):
        raise InputError("the input must be a JSON object")
    seed = data.get("seed", 0)
    if seed is None:
        seed = 0
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise InputError("seed must be an integer from 0 to 2^64 - 1")
    deck = read_deck(data.get("deck"))
    settings = read_settings(data.get("settings"))
    seats = read_seats(data.get("seats"))
    g = Game(deck, settings, seats, seed)
    g.vip = read_vip(data.get("vip"), seats)
    g.exodia = flow.exodia_status(g)
    need = flow.hand_size(g, len(seats)) * len(seats)
    if sum(deck[c].dealable for c in deck.order) - 1 < need:
        raise InputError(f"the deck is too small to deal {len(seats)} seats")
    actions = read_actions(data.get("actions"), g)
    setup = data.get("setup")
    if setup is None:
        flow.deal(g)
        flow.start_turn(g, seats[0], 1)
    else:
        place(g, setup)
    return g, actions


def read_deck(raw: Any) -> Deck:
    if raw is None or raw == "default":
        return default_deck()
    problems = validate_deck(raw)
    if problems:
        raise InputError(f"the deck is not valid: {problems[0]}")
    return build_deck(raw)


def read_settings(raw: Any) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise InputError("settings must be an object")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in SETTINGS:
            raise InputError(f"settings has an unknown key {key!r}")
        _, low, high = SETTINGS[key]
        if value is None and key == "hand_size":
            continue
        if not is_int(value) or not low <= value <= high:
            raise InputError(f"settings.{key} must be an integer from {low} to {high}")
        out[key] = value
    return out


def read_seats(raw: Any) -> list[Seat]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= 8:
        raise InputError("seats must be a list of 2 to 8 seats")
    seats: list[Seat] = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise InputError(f"seats[{i}] must be an object")
        sid = s.get("id")
        if not isinstance(sid, str) or not 1 <= len(sid) <= 40:
            raise InputError(f"seats[{i}].id must be a string of 1 to 40 characters")
        if any(x.id == sid for x in seats):
            raise InputError(f"seats[{i}].id {sid!r} is repeated")
        bot = s.get("bot", False)
        if bot is None:
            bot = False
        if not isinstance(bot, bool):
            raise InputError(f"seats[{i}].bot must be true or false")
        seats.append(Seat(id=sid, bot=bot))
    return seats


def read_vip(raw: Any, seats: list[Seat]) -> str | None:
    if raw is None:
        return next((s.id for s in seats if not s.bot), None)
    if not isinstance(raw, str) or not any(s.id == raw and not s.bot for s in seats):
        raise InputError("vip must be the id of a player's seat")
    return raw


def read_actions(raw: Any, g: Game) -> list[dict[str, Any]]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError("actions must be a list")
    out = []
    last_t = 0
    for i, a in enumerate(raw):
        action = read_action(a, i, g)
        if action["t"] < last_t:
            raise InputError(f"actions[{i}].t goes back in time")
        last_t = action["t"]
        out.append(action)
    return out


def read_action(a: Any, i: int, g: Game) -> dict[str, Any]:
    where = f"actions[{i}]"
    if not isinstance(a, dict):
        raise InputError(f"{where} must be an object")
    kind = a.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise InputError(f"{where}.type is not an action type")
    t = a.get("t")
    if not is_int(t) or not 0 <= t <= MAX_T:
        raise InputError(f"{where}.t must be an integer from 0 to 10^12")
    action: dict[str, Any] = {"type": kind, "t": t}
    if kind != "tick":
        seat = a.get("seat")
        if not isinstance(seat, str) or seat not in g.by_id:
            raise InputError(f"{where}.seat names no seat")
        action["seat"] = seat
    required, optional = ACTION_FIELDS[kind]
    required = required + conditional(kind, a)
    for key in required + optional:
        value = a.get(key)
        if value is None:
            if key in required:
                raise InputError(f"{where}.{key} is missing")
            continue
        action[key] = check_field(kind, key, value, where, g)
    if kind == "buy":  # a slot and a sort are type-checked on every buy
        for key in ("slot", "sort"):
            if a.get(key) is not None:
                action[key] = check_field(kind, key, a[key], where, g)
    return action


def conditional(kind: str, a: dict[str, Any]) -> tuple[str, ...]:
    """S57 Fields required only for some items or payments."""
    if kind == "buy":
        return {
            "offer": ("slot",),
            "random": ("sort",),
            "remove_card": ("card",),
            "remove_familiar": ("familiar",),
        }.get(a.get("item") if isinstance(a.get("item"), str) else "", ())
    if kind == "shop" and a.get("pay") == "familiar":
        return ("familiar",)
    return ()


def instance(value: Any, where: str, g: Game) -> str:
    if not isinstance(value, str) or value not in g.deck:
        raise InputError(f"{where} is not a card of the deck")
    return value


def check_field(kind: str, key: str, value: Any, where: str, g: Game) -> Any:
    at = f"{where}.{key}"
    if key in CARD_FIELDS:
        return instance(value, at, g)
    if key in ("cards", "familiars"):
        if not isinstance(value, list) or (key == "cards" and not value):
            raise InputError(f"{at} must be a non-empty list of cards")
        return [instance(v, at, g) for v in value]
    if key == "target":
        if not isinstance(value, str) or value not in g.by_id:
            raise InputError(f"{at} names no seat")
        return value
    if key == "color":
        if value not in COLOR_CLASSES:
            raise InputError(f"{at} must be one of {' '.join(COLOR_CLASSES)}")
        return value
    if key == "digits":
        if not isinstance(value, list) or not all(is_int(d) and 0 <= d <= 9 for d in value):
            raise InputError(f"{at} must be a list of digits 0-9")
        return value
    if key == "with":
        if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
            raise InputError(f"{at} must be an object of objects")
        picks = {}
        for card, pick in value.items():  # keys that name no card of the play are ignored
            picks[card] = {
                k: instance(pick[k], f"{at}.{k}", g)
                for k in ("familiar", "give")
                if pick.get(k) is not None
            }
        return picks
    if key == "pay":
        if value not in ("mana", "gold", "familiar"):
            raise InputError(f"{at} must be mana, gold or familiar")
        return value
    if key == "item":
        if value not in ITEMS:
            raise InputError(f"{at} must be one of {', '.join(ITEMS)}")
        return value
    if key == "sort":
        if value not in SORTS:
            raise InputError(f"{at} must be one of {', '.join(SORTS)}")
        return value
    if key == "slot":
        if not is_int(value) or value not in (0, 1):
            raise InputError(f"{at} must be 0 or 1")
        return value
    if key == "power":
        if not isinstance(value, str):
            raise InputError(f"{at} must be a string")
        return value
    return value


# -- setup (test positions) -----------------------------------------------------------


def card_list(raw: Any, where: str, g: Game, placed: set[str]) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputError(f"{where} must be a list of cards")
    cards = []
    for c in raw:
        instance(c, where, g)
        if c in placed:
            raise InputError(f"{where}: {c} is placed twice")
        placed.add(c)
        cards.append(c)
    return cards


def number(raw: Any, where: str, low: int, high: int | None, default: int = 0) -> int:
    if raw is None:
        return default
    if not is_int(raw) or raw < low or (high is not None and raw > high):
        raise InputError(f"{where} is out of range")
    return raw


def place(g: Game, setup: Any) -> None:
    """A test position instead of the shuffle and deal (S58, S59)."""
    if not isinstance(setup, dict):
        raise InputError("setup must be an object")
    placed: set[str] = set()
    discard = card_list(setup.get("discard"), "setup.discard", g, placed)
    if not discard:
        raise InputError("setup.discard needs at least one card")
    g.discard = discard
    top = g.card(discard[-1])
    open_ = setup.get("open", False)
    if open_ is None:
        open_ = False
    if not isinstance(open_, bool) or (open_ and not top.names_a_color):
        raise InputError("setup.open is only for a True Wild or Color Wild on top")
    color = setup.get("top_color")
    if color is not None and (open_ or color not in COLOR_CLASSES or not top.names_a_color):
        raise InputError("setup.top_color is only for a named wild on top")
    if top.names_a_color and not open_ and color is None:
        raise InputError("setup.top_color is required for a wild on top")
    g.top_color, g.open = color, open_
    seats_raw = setup.get("seats")
    if not isinstance(seats_raw, dict) or set(seats_raw) != set(g.by_id):
        raise InputError("setup.seats must give every seat")
    for seat in g.seats:
        place_seat(g, seat, seats_raw[seat.id], placed)
    offers_raw = setup.get("offers")
    if offers_raw is not None and (not isinstance(offers_raw, list) or len(offers_raw) > 2):
        raise InputError("setup.offers must list 0 to 2 cards")
    offers = card_list([o for o in offers_raw or [] if o is not None], "setup.offers", g, placed)
    g.offers = [*offers, None, None][:2]
    g.story = card_list(setup.get("story"), "setup.story", g, placed)
    g.out = card_list(setup.get("out"), "setup.out", g, placed)
    draw = card_list(setup.get("draw"), "setup.draw", g, placed)
    g.draw = draw + [c for c in g.deck.order if c not in placed]
    first = setup.get("first")
    if first is not None and first not in g.by_id:
        raise InputError("setup.first names no seat")
    direction = setup.get("direction", 1)
    if direction is None:
        direction = 1
    if not is_int(direction) or direction not in (1, -1):
        raise InputError("setup.direction must be 1 or -1")
    g.direction = direction
    flow.log_deal(g)
    flow.exodia_check(g)
    flow.win_check(g)
    if not g.over:
        flow.start_turn(g, g.by_id[first or g.seats[0].id], 1)


def place_seat(g: Game, seat: Seat, raw: Any, placed: set[str]) -> None:
    where = f"setup.seats.{seat.id}"
    if not isinstance(raw, dict):
        raise InputError(f"{where} must be an object")
    seat.hand = card_list(raw.get("hand"), f"{where}.hand", g, placed)
    if not seat.hand:
        raise InputError(f"{where}.hand needs at least one card")
    seat.gold = number(raw.get("gold"), f"{where}.gold", 0, None)
    seat.spell = number(raw.get("spell"), f"{where}.spell", 0, g.cap("spell"))
    seat.combat = number(raw.get("combat"), f"{where}.combat", 0, g.cap("combat"))
    seat.misses = number(raw.get("misses"), f"{where}.misses", 0, None)
    lord = raw.get("lord")
    if lord is not None:
        [lord] = card_list([lord], f"{where}.lord", g, placed)
        if g.card(lord).archetype != "lord":
            raise InputError(f"{where}.lord is not a Lord")
    seat.lord = lord
    default = g.cap("lord") if lord else 0
    seat.lord_mana = number(raw.get("lord_mana"), f"{where}.lord_mana", 0, g.cap("lord"), default)
    if seat.lord_mana and not lord:
        raise InputError(f"{where}.lord_mana needs a Lord")
    familiars = raw.get("familiars") or []
    if not isinstance(familiars, list) or len(familiars) > g.settings["max_familiars"]:
        raise InputError(f"{where}.familiars must be a list within max_familiars")
    for k, f in enumerate(familiars):
        at = f"{where}.familiars[{k}]"
        if not isinstance(f, dict):
            raise InputError(f"{at} must be an object")
        [card] = card_list([f.get("card")], f"{at}.card", g, placed)
        data = g.card(card)
        if data.archetype != "familiar":
            raise InputError(f"{at}.card is not a familiar")
        fed = card_list(f.get("fed"), f"{at}.fed", g, placed)
        digits = f.get("digits") or []
        if (
            not isinstance(digits, list)
            or len(digits) > data.tier
            or not all(is_int(d) and 0 <= d <= 9 for d in digits)
        ):
            raise InputError(f"{at}.digits must be up to {data.tier} digits")
        damage = number(f.get("damage"), f"{at}.damage", 0, None)
        familiar = Familiar(card=card, tier=data.tier, fed=fed, digits=list(digits), damage=damage)
        if (damage and not digits) or (digits and familiar.attack <= 0):
            raise InputError(f"{at} in Attack Mode needs an attack above 0")
        seat.familiars.append(familiar)
    if len(seat.hand) == 1:
        seat.uno = "called"
