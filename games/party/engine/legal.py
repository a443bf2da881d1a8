"""What the awaited seat may do now (`awaiting.legal`), shown as its buttons."""

from __future__ import annotations

from typing import Any

from .matching import matches
from .shop import BUY_PRICES, SHOP_ENTRY_GOLD
from .state import Game, Seat


def legal(g: Game, seat: Seat, decision: str) -> dict[str, Any]:
    if decision == "block":
        kind = g.block.kind
        return {"block": [f.card for f in seat.familiars if kind == "attack" or not f.attack_mode]}
    if g.turn.in_shop:
        return shop_legal(g, seat)
    return turn_legal(g, seat)


def shop_legal(g: Game, seat: Seat) -> dict[str, Any]:
    turn = g.turn
    many = len(seat.hand) >= 2
    sell = [] if turn.sold or not many else [c for c in seat.hand if g.card(c).price is not None]
    buy = []
    if seat.gold >= BUY_PRICES["offer"] and any(o is not None for o in g.offers):
        buy.append("offer")
    if seat.gold >= BUY_PRICES["random"]:
        buy.append("random")
    if seat.gold >= BUY_PRICES["mana"] and seat.spell < g.cap("spell"):
        buy.append("mana")
    if seat.gold >= BUY_PRICES["remove_card"] and many:
        buy.append("remove_card")
    if seat.gold >= BUY_PRICES["remove_familiar"] and not turn.familiar_removed and seat.familiars:
        buy.append("remove_familiar")
    treasure = [c for c in seat.hand if g.card(c).is_treasure] if many else []
    return {"sell": sell, "buy": buy, "treasure": treasure, "leave_shop": True}


def summonable(g: Game, seat: Seat, tier: int) -> bool:
    """P10.1, P10.2 By sacrifice of the tier below, or by ⚡ without one."""
    if tier > 1 and any(f.tier == tier - 1 for f in seat.familiars):
        return True
    room = len(seat.familiars) < g.settings["max_familiars"]
    return room and g.can_pay(seat, tier)


def turn_legal(g: Game, seat: Seat) -> dict[str, Any]:
    turn = g.turn
    act = turn.actions_left > 0
    cards = [(c, g.card(c)) for c in seat.hand]
    top = g.card(g.top)

    def playable(c: str, card: Any) -> bool:
        return (act or c == turn.drawn) and matches(card, top, g.top_color, g.open)

    can_attack = any(card.archetype == "equipment" for _, card in cards) or (
        seat.combat >= 1 or seat.spell >= 2
    )
    shop = []
    if act:
        if g.can_pay(seat, 1):
            shop.append("mana")
        if seat.gold >= SHOP_ENTRY_GOLD:
            shop.append("gold")
        if seat.familiars:
            shop.append("familiar")
    lord = g.card(seat.lord) if seat.lord else None
    return {
        "play": [c for c, card in cards if playable(c, card)],
        "exodia": act and sum(card.exodia for _, card in cards) >= 5,
        "draw": act,
        "cast": [
            c for c, card in cards if act and card.archetype == "spell" and g.can_pay(seat, 1)
        ],
        "mana": [c for c, card in cards if not turn.mana_play and card.arch.mana_play is not None],
        "story": [c for c, card in cards if act and turn.mana_play and card.archetype == "story"],
        "combat_mana": [
            c for c, card in cards if act and turn.mana_play and card.archetype == "equipment"
        ],
        "summon": [
            c
            for c, card in cards
            if act and card.archetype == "familiar" and summonable(g, seat, card.tier)
        ],
        "feed": [
            f.card
            for f in seat.familiars
            if len(f.digits) < f.tier
            and any(card.is_number for _, card in cards)
            and (act or turn.free_feed == f.card)
        ],
        "attack": [f.card for f in seat.familiars if f.attack_mode and act and can_attack],
        "devote": [
            c
            for c, card in cards
            if card.archetype == "lord"
            and seat.lord is None
            and act
            and (g.can_pay(seat, 1) or seat.familiars)
        ],
        "refill": [c for c, card in cards if card.archetype == "lord" and lord and act],
        "sacrifice": [f.card for f in seat.familiars] if lord else [],
        "shop": shop,
        "overcharge": not turn.overcharged and g.can_pay(seat, 5) and bool(seat.hand),
        "powers": [p.id for p in lord.powers if p.cost <= seat.lord_mana] if lord else [],
        "end_turn": turn.acted,
    }
