"""Every refusal comes from here: one ordered list of gates per action type, in the
contract's precedence (party-engine.md, "Refusal codes"). A gate only looks; the first
that closes gives the code, and the action changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from .bot import bot_move
from .cards import Card
from .feeding import digits_problem
from .matching import chain_problem, matches
from .plans import cast_effect, pick_problem, play_effects
from .shop import BUY_PRICES, SHOP_ENTRY_GOLD, random_pick
from .state import Effect, Game, Seat

TURN_ACTIONS = {
    "play",
    "draw",
    "cast",
    "summon",
    "feed",
    "attack",
    "story",
    "combat_mana",
    "devote",
    "refill",
    "sacrifice",
    "shop",
    "mana",
    "overcharge",
    "power",
    "end_turn",
}
SHOP_ACTIONS = {"sell", "buy", "leave_shop"}


class Ctx:
    """One action seen by the gates, with what several gates need worked out once."""

    def __init__(self, g: Game, action: dict[str, Any]) -> None:
        self.g = g
        self.a = action
        self.type: str = action["type"]
        self.seat: Seat | None = g.by_id.get(action.get("seat") or "")

    @cached_property
    def bot_step(self) -> dict[str, Any] | None:
        """P23 The step the bot in this seat would take, from its own view."""
        return bot_move(self.g, self.seat.id)

    @cached_property
    def awaited(self) -> tuple[str, str] | None:
        return self.g.awaited()

    def in_hand(self, *cards: str | None) -> bool:
        hand = self.seat.hand
        return all(c in hand for c in cards) and len(set(cards)) == len(cards)

    def card(self, key: str = "card") -> Card:
        return self.g.card(self.a[key])

    @cached_property
    def cards(self) -> list[Card]:
        return [self.g.card(c) for c in self.a["cards"]]

    @cached_property
    def exodia_play(self) -> bool:
        return len(self.cards) >= 5 and all(c.exodia for c in self.cards)

    @cached_property
    def play_effects(self) -> list[Effect]:
        return play_effects(self.g, self.seat, self.a["cards"], self.a.get("with") or {})

    @cached_property
    def power(self):
        lord = self.g.card(self.seat.lord)
        return next((p for p in lord.powers if p.id == self.a["power"]), None)

    def keeps(self, leaving: list[str]) -> list[str]:
        return [c for c in self.seat.hand if c not in leaving]


Gate = tuple[str, Callable[[Ctx], bool]]


def no_action(x: Ctx) -> bool:
    return x.g.turn.actions_left <= 0


def mana_short(price: int) -> Callable[[Ctx], bool]:
    return lambda x: not x.g.can_pay(x.seat, price)


def not_in_hand(key: str = "card") -> Callable[[Ctx], bool]:
    return lambda x: not x.in_hand(x.a[key])


def not_archetype(*archetypes: str, key: str = "card") -> Callable[[Ctx], bool]:
    return lambda x: x.card(key).archetype not in archetypes


def bad_target(x: Ctx) -> bool:
    target = x.g.by_id.get(x.a.get("target") or "")
    return target is None or target is x.seat or not target.in_game


def cast_targets(x: Ctx) -> bool:
    card = x.card()
    effect = cast_effect(x.g, x.seat, card, x.a)
    return pick_problem(x.g, x.seat, effect, x.keeps([x.a["card"]]))


def play_targets(x: Ctx) -> bool:
    keeps = x.keeps(x.a["cards"])
    return any(pick_problem(x.g, x.seat, e, keeps) for e in x.play_effects)


def power_targets(x: Ctx) -> bool:
    if not x.power.targeted:
        return False
    effect = Effect(
        code=x.power.code,
        seat=x.seat.id,
        target=x.a.get("target"),
        familiar=x.a.get("familiar"),
        give=x.a.get("give"),
    )
    return pick_problem(x.g, x.seat, effect, x.seat.hand)


def summon_gates(x: Ctx) -> list[Gate]:
    """P10.1, P10.2 and S23, in the contract's order for the tier."""
    tier = x.card().tier if x.in_hand(x.a["card"]) and x.card().archetype == "familiar" else 1
    room = ("too_many_familiars", lambda x: len(x.seat.familiars) >= x.g.settings["max_familiars"])
    if tier == 1:
        return [room, ("not_enough_mana", mana_short(1))]
    if x.a.get("sacrifice") is not None:
        return [("bad_sacrifice", lambda x: bad_sacrifice(x, tier))]
    return [
        ("must_sacrifice", lambda x: any(f.tier == tier - 1 for f in x.seat.familiars)),
        room,
        ("not_enough_mana", mana_short(tier)),
    ]


def bad_sacrifice(x: Ctx, tier: int) -> bool:
    f = x.seat.familiar(x.a["sacrifice"])
    return f is None or f.tier != tier - 1


def not_free_feed(x: Ctx) -> bool:
    return x.g.turn.free_feed != x.a["familiar"] and no_action(x)


def attack_payment(x: Ctx) -> list[Gate]:
    if x.a.get("equipment") is not None:
        return [
            ("not_in_hand", not_in_hand("equipment")),
            ("wrong_card", not_archetype("equipment", key="equipment")),
        ]
    return [("not_enough_mana", lambda x: x.seat.combat < 1 and x.seat.spell < 2)]


def devote_payment(x: Ctx) -> list[Gate]:
    if x.a.get("sacrifice") is not None:
        return [("no_familiar", lambda x: x.seat.familiar(x.a["sacrifice"]) is None)]
    return [("not_enough_mana", mana_short(1))]


def shop_payment(x: Ctx) -> list[Gate]:
    pay = x.a["pay"]
    if pay == "mana":
        return [("not_enough_mana", mana_short(1))]
    if pay == "gold":
        return [("not_enough_gold", lambda x: x.seat.gold < SHOP_ENTRY_GOLD)]
    return [("no_familiar", lambda x: x.seat.familiar(x.a["familiar"]) is None)]


def sale_problem(x: Ctx) -> list[Gate]:
    return [
        ("cannot_sell", lambda x: any(c.price is None for c in x.cards)),
        ("mixed_sale", lambda x: len({c.sale_sort for c in x.cards}) > 1),
        ("last_card", lambda x: len(x.keeps(x.a["cards"])) < 1),
    ]


def buy_gates(x: Ctx) -> list[Gate]:
    """P14.4, P14.5 Treasure first, then the item's own checks, gold, the last card."""
    gates: list[Gate] = []
    treasure = x.a.get("treasure")
    if treasure is not None:
        gates += [
            ("not_in_hand", not_in_hand("treasure")),
            ("wrong_card", lambda x: not x.card("treasure").is_treasure),
        ]
    item = x.a["item"]
    if item == "offer":
        gates.append(("nothing_there", lambda x: x.g.offers[x.a["slot"]] is None))
    elif item == "random":
        gates.append(("none_left", lambda x: random_pick(x.g, x.a["sort"]) is None))
    elif item == "mana":
        gates.append(("mana_full", lambda x: x.seat.spell >= x.g.cap("spell")))
    elif item == "remove_card":
        gates += [
            ("not_in_hand", not_in_hand("card")),
            ("wrong_card", lambda x: x.a["card"] == x.a.get("treasure")),
        ]
    else:
        gates += [
            ("already_removed", lambda x: x.g.turn.familiar_removed),
            ("no_familiar", lambda x: x.seat.familiar(x.a["familiar"]) is None),
        ]
    if treasure is None:
        gates.append(("not_enough_gold", lambda x: x.seat.gold < BUY_PRICES[item]))
    gates.append(("last_card", buy_empties_hand))
    return gates


def buy_empties_hand(x: Ctx) -> bool:
    """P14.2 The shop won't take your last card; a Treasure spend needs 2+ cards."""
    leaving = [c for c in (x.a.get("treasure"),) if c is not None]
    if x.a["item"] == "remove_card":
        leaving.append(x.a["card"])
    if leaving and len(x.keeps(leaving)) < 1:
        return True
    return x.a.get("treasure") is not None and len(x.seat.hand) < 2


def play_gates(x: Ctx) -> list[Gate]:
    turn = x.g.turn
    gates: list[Gate] = [
        ("no_action", lambda x: no_action(x) and turn.drawn is None),
        ("not_in_hand", lambda x: not x.in_hand(*x.a["cards"])),
        ("cursed", lambda x: any(c.is_curse for c in x.cards)),
        ("must_include_drawn", lambda x: no_action(x) and turn.drawn not in x.a["cards"]),
    ]
    if x.exodia_play:  # P6.6 five Exodia need not match or link
        return gates
    return [
        *gates,
        ("no_match", lambda x: not matches(x.cards[0], x.g.card(x.g.top), x.g.top_color, x.g.open)),
        ("bad_chain", lambda x: chain_problem(x.cards) == "bad_chain"),
        ("chain_limit", lambda x: chain_problem(x.cards) == "chain_limit"),
        ("bad_color", lambda x: x.cards[-1].names_a_color and x.a.get("color") is None),
        ("bad_target", play_targets),
    ]


def counter_own_item(x: Ctx) -> bool:
    return x.g.countdown.last_author == x.seat.id


def hurry_target(g: Game) -> tuple[str, list[str], int, int | None] | None:
    """The awaited decision's seat, its Hurry up! presses, since, and deadline."""
    aw = g.awaited()
    if aw is None:
        return None
    if aw[1] == "block":
        b = g.block
        return b.seat, b.hurry, b.since, b.hurry_deadline
    t = g.turn
    return t.seat, t.hurry, t.since, t.hurry_deadline


def no_hurry(x: Ctx) -> bool:
    h = hurry_target(x.g)
    return h is None or x.g.by_id[h[0]].bot or h[0] == x.seat.id or h[3] is not None


OWN: dict[str, Callable[[Ctx], list[Gate]]] = {
    "play": play_gates,
    "draw": lambda x: [("no_action", no_action)],
    "cast": lambda x: [
        ("no_action", no_action),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("spell")),
        ("not_enough_mana", mana_short(1)),
        ("bad_target", cast_targets),
    ],
    "summon": lambda x: [
        ("no_action", no_action),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("familiar")),
        *summon_gates(x),
    ],
    "feed": lambda x: [
        ("no_action", not_free_feed),
        ("no_familiar", lambda x: x.seat.familiar(x.a["familiar"]) is None),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("number")),
        (
            "familiar_full",
            lambda x: (f := x.seat.familiar(x.a["familiar"])) and len(f.digits) >= f.tier,
        ),
        (
            "bad_digits",
            lambda x: digits_problem(x.card(), x.seat.familiar(x.a["familiar"]), x.a.get("digits")),
        ),
    ],
    "attack": lambda x: [
        ("no_action", no_action),
        ("no_familiar", lambda x: x.seat.familiar(x.a["familiar"]) is None),
        ("not_attack_mode", lambda x: not x.seat.familiar(x.a["familiar"]).attack_mode),
        ("bad_target", bad_target),
        *attack_payment(x),
    ],
    "story": lambda x: [
        ("no_action", no_action),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("story")),
        ("mana_play_first", lambda x: not x.g.turn.mana_play),
    ],
    "combat_mana": lambda x: [
        ("no_action", no_action),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("equipment")),
        ("mana_play_first", lambda x: not x.g.turn.mana_play),
    ],
    "devote": lambda x: [
        ("no_action", no_action),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("lord")),
        ("has_lord", lambda x: x.seat.lord is not None),
        *devote_payment(x),
    ],
    "refill": lambda x: [
        ("no_action", no_action),
        ("no_lord", lambda x: x.seat.lord is None),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", not_archetype("lord")),
    ],
    "sacrifice": lambda x: [
        ("no_lord", lambda x: x.seat.lord is None),
        ("no_familiar", lambda x: x.seat.familiar(x.a["familiar"]) is None),
    ],
    "shop": lambda x: [("no_action", no_action), *shop_payment(x)],
    "sell": lambda x: [
        ("already_sold", lambda x: x.g.turn.sold),
        ("not_in_hand", lambda x: not x.in_hand(*x.a["cards"])),
        *sale_problem(x),
    ],
    "buy": buy_gates,
    "leave_shop": lambda x: [],
    "mana": lambda x: [
        ("mana_play_used", lambda x: x.g.turn.mana_play),
        ("not_in_hand", not_in_hand()),
        ("wrong_card", lambda x: x.card().arch.mana_play is None),
    ],
    "overcharge": lambda x: [
        ("overcharge_used", lambda x: x.g.turn.overcharged),
        ("not_in_hand", not_in_hand()),
        ("not_enough_mana", mana_short(5)),
    ],
    "power": lambda x: [
        ("no_lord", lambda x: x.seat.lord is None),
        ("no_power", lambda x: x.power is None),
        ("not_enough_lord_mana", lambda x: x.power.cost > x.seat.lord_mana),
        ("bad_target", power_targets),
    ],
    "end_turn": lambda x: [("must_act", lambda x: not x.g.turn.acted)],
    "block": lambda x: [("bad_block", bad_block)],
    "counter": lambda x: [
        ("no_countdown", lambda x: x.g.countdown is None),
        ("not_in_hand", not_in_hand()),
        ("not_counter", lambda x: not x.card().counter),
        ("own_item", counter_own_item),
    ],
    "uno": lambda x: [
        ("not_one_card", lambda x: len(x.seat.hand) != 1),
        ("already_called", lambda x: x.seat.uno == "called"),
    ],
    "catch": lambda x: [
        ("bad_target", bad_target),
        ("not_catchable", lambda x: x.g.by_id[x.a["target"]].uno != "open"),
    ],
    "hurry": lambda x: [
        ("no_hurry", no_hurry),
        ("not_yet", lambda x: x.g.clock < hurry_target(x.g)[2] + x.g.settings["hurry_after_ms"]),
        ("already_voted", lambda x: x.seat.id in hurry_target(x.g)[1]),
    ],
    "redeal": lambda x: [
        ("too_late", lambda x: x.g.first_move),
        ("already_voted", lambda x: x.seat.id in x.g.redeal_votes),
    ],
    "funny": lambda x: [
        ("no_answer", lambda x: x.g.answer is None),
        ("own_answer", lambda x: x.g.answer["seat"] == x.seat.id),
        ("already_voted", lambda x: x.seat.id in x.g.answer["votes"]),
    ],
    "end_game": lambda x: [("not_vip", lambda x: x.g.vip != x.seat.id)],
    "leave": lambda x: [],
    "tick": lambda x: [],
    "bot": lambda x: [],
}


def bad_block(x: Ctx) -> bool:
    """P10.6, P11.6 Blockers must be the defender's own, once each; for a Strike at most
    one, in Defense Mode."""
    chosen = x.a["familiars"]
    if len(set(chosen)) != len(chosen) or any(x.seat.familiar(c) is None for c in chosen):
        return True
    if x.g.block.kind == "strike":
        return len(chosen) > 1 or any(x.seat.familiar(c).attack_mode for c in chosen)
    return False


def common_gates(x: Ctx, as_bot: bool) -> list[Gate]:
    """The gates every action passes first, in the contract's order."""
    gates: list[Gate] = [("game_over", lambda x: x.g.over)]
    if x.type == "tick":
        return gates
    gates.append(("not_in_game", lambda x: not x.seat.in_game))
    if x.type == "bot":
        gates += [
            ("not_bot", lambda x: not x.seat.bot),
            ("nothing_to_do", lambda x: x.bot_step is None),
        ]
        return gates
    if not as_bot:
        gates.append(("bot_seat", lambda x: x.seat.bot))
    if x.type in TURN_ACTIONS or x.type in SHOP_ACTIONS or x.type == "block":
        wanted = "block" if x.type == "block" else "turn"
        gates += [
            ("countdown_open", lambda x: x.g.countdown is not None),
            ("not_awaited", lambda x: x.awaited is None or x.awaited[0] != x.seat.id),
            ("wrong_decision", lambda x: x.awaited[1] != wanted),
        ]
        if x.type in TURN_ACTIONS:
            gates.append(("in_shop", lambda x: x.g.turn.in_shop))
        elif x.type in SHOP_ACTIONS:
            gates.append(("not_in_shop", lambda x: not x.g.turn.in_shop))
    return gates


def judge(g: Game, action: dict[str, Any], *, as_bot: bool = False) -> tuple[str | None, Ctx]:
    """The first gate that closes for `action` (None when it may go ahead), and what the
    gates worked out on the way. A bot's chosen step passes the same gates, but for the
    one that keeps bot seats to `bot`."""
    x = Ctx(g, action)
    for code, closed in common_gates(x, as_bot):
        if closed(x):
            return code, x
    for code, closed in OWN[x.type](x):
        if closed(x):
            return code, x
    return None, x


def refusal(g: Game, action: dict[str, Any], *, as_bot: bool = False) -> str | None:
    return judge(g, action, as_bot=as_bot)[0]
