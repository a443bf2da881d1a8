"""What each accepted action does (party-engine.md, "What accepted actions do"). The
gates have already passed: nothing here refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import flow
from .effects import EFFECTS
from .feeding import digits_for
from .plans import cast_effect, play_effects
from .shop import BUY_PRICES, SHOP_ENTRY_GOLD, random_pick, refill_offer, sale_value
from .state import Effect, Familiar, Game, Seat

Action = dict[str, Any]


def use_action(g: Game, *, draw: bool = False) -> None:
    """P9.2 One Discard Action; anything but a Draw counts against the +1 of P9.5."""
    turn = g.turn
    turn.actions_left -= 1
    turn.acted = True
    if draw:
        turn.drew = True
    else:
        turn.other = True


def play(g: Game, seat: Seat, a: Action) -> None:
    """P9.2a Play Into Discard: one card, a chain (P6) or five Exodia (P6.6)."""
    turn = g.turn
    cards: list[str] = a["cards"]
    effects = play_effects(g, seat, cards, a.get("with") or {})
    if turn.drawn is not None and turn.drawn in cards:
        turn.drawn = None
        turn.other = True
    else:
        use_action(g)
    g.take_from_hand(seat, cards)
    last = g.card(cards[-1])
    g.land(cards, a.get("color"))
    event = g.event("play", seat=seat.id, cards=list(cards))
    if last.names_a_color:
        event["color"] = a["color"]
    if len(cards) >= 5 and all(g.card(c).exodia for c in cards):  # P6.6
        flow.win(g, seat, "exodia")
        return
    if len(cards) >= 2:  # P6.5
        g.gain(seat, "spell", len(cards) // 2, "chain")
    for c in cards:  # P16.3 each Mega Curse's price, in chain order
        card = g.card(c)
        if card.is_mega_curse:
            g.event("penalty", seat=seat.id, card=c, code=card.penalty)
            if card.penalty == "self_draw":
                g.draw_cards(seat, card.penalty_n, "penalty")
            else:
                seat.misses += 1
                g.event("must_miss", seat=seat.id, count=seat.misses)
    flow.after_change(g)
    if g.over or not effects:
        return
    flow.open_countdown(
        g, "spells", seat.id, [c for c in cards if g.card(c).has_effect], None, effects
    )


def draw(g: Game, seat: Seat, a: Action) -> None:
    """P9.5 The Draw action."""
    use_action(g, draw=True)
    flow.draw_action(g, seat)


def cast(g: Game, seat: Seat, a: Action) -> None:
    """P11.1 Cast a Spell for ⚡1, slipped under the top card."""
    card = g.card(a["card"])
    effect = cast_effect(g, seat, card, a)
    use_action(g)
    paid = g.pay(seat, 1)
    g.take_from_hand(seat, [a["card"]])
    g.slip_under(a["card"])
    event = g.event("cast", seat=seat.id, card=a["card"], paid=paid)
    if card.effect in ("skip", "draw", "strike", "swap", "attack", "gift"):
        event["target"] = effect.target
    flow.after_change(g)
    if g.over or not card.has_effect:
        return
    flow.open_countdown(g, "spells", seat.id, [a["card"]], None, [effect])


def summon(g: Game, seat: Seat, a: Action) -> None:
    """P10.2 A familiar joins the table in Defense Mode; it may be fed once, free."""
    card = g.card(a["card"])
    use_action(g)
    sacrifice = a.get("sacrifice") if card.tier > 1 else None
    g.take_from_hand(seat, [a["card"]])
    seat.familiars.append(Familiar(card=a["card"], tier=card.tier))
    if sacrifice is not None:
        g.sacrifice(seat, seat.familiar(sacrifice), "summon")
        g.event("summon", seat=seat.id, card=a["card"], tier=card.tier, sacrifice=sacrifice)
    else:
        paid = g.pay(seat, card.tier)
        g.event("summon", seat=seat.id, card=a["card"], tier=card.tier, paid=paid)
    g.turn.free_feed = a["card"]


def feed(g: Game, seat: Seat, a: Action) -> None:
    """P10.3 A Number goes under a familiar; its digits fill slots (Attack Mode)."""
    familiar = seat.familiar(a["familiar"])
    if g.turn.free_feed == a["familiar"]:
        g.turn.free_feed = None
    else:
        use_action(g)
    digits = digits_for(g.card(a["card"]), a.get("digits"))
    g.take_from_hand(seat, [a["card"]])
    familiar.fed.append(a["card"])
    familiar.digits += digits
    g.event(
        "feed",
        seat=seat.id,
        familiar=familiar.card,
        card=a["card"],
        digits=digits,
        attack=familiar.attack,
    )
    if familiar.attack <= 0:  # P10.4 feeding a lone 0 destroys it
        g.destroy(seat, familiar, "health")


def attack(g: Game, seat: Seat, a: Action) -> None:
    """P10.5 Pay with Equipment, 1 Combat Mana or 2 Spell Mana; the countdown runs."""
    familiar = seat.familiar(a["familiar"])
    use_action(g)
    fields: dict[str, Any] = {}
    if a.get("equipment") is not None:
        g.take_from_hand(seat, [a["equipment"]])
        g.slip_under(a["equipment"])
        fields = {"paid": "equipment", "card": a["equipment"]}
    elif seat.combat >= 1:
        seat.combat -= 1
        fields = {"paid": "combat"}
    else:
        seat.spell -= 2
        fields = {"paid": "spell"}
    g.event(
        "attack",
        seat=seat.id,
        familiar=familiar.card,
        target=a["target"],
        attack=familiar.attack,
        **fields,
    )
    flow.after_change(g)
    if g.over:
        return
    effect = Effect(
        code="familiar_attack", seat=seat.id, target=a["target"], familiar=familiar.card
    )
    flow.open_countdown(g, "attack", seat.id, [familiar.card], None, [effect])


def story_card(g: Game, seat: Seat, card: str, via: str) -> None:
    """P15.1 A Story card joins the story line for +1 Spell Mana; an Answer is open to
    Funny until the next turn starts (P15.3)."""
    g.take_from_hand(seat, [card])
    g.story.append(card)
    g.event("story", seat=seat.id, card=card, via=via)
    g.gain(seat, "spell", 1, "story")
    if g.card(card).story == "answer":
        g.answer = {"card": card, "seat": seat.id, "votes": [], "paid": False}


def story(g: Game, seat: Seat, a: Action) -> None:
    use_action(g)
    story_card(g, seat, a["card"], "action")


def combat_mana(g: Game, seat: Seat, a: Action) -> None:
    """P9.2h Discard Equipment for +1 Combat Mana."""
    use_action(g)
    g.take_from_hand(seat, [a["card"]])
    g.slip_under(a["card"])
    g.event("combat_mana", seat=seat.id, card=a["card"])
    g.gain(seat, "combat", 1, "equipment")


def mana(g: Game, seat: Seat, a: Action) -> None:
    """P9.8 The Mana play: Mana or Story +1 Spell Mana, Equipment +1 Combat Mana."""
    g.turn.mana_play = True
    card = g.card(a["card"])
    if card.archetype == "story":
        story_card(g, seat, a["card"], "mana_play")
        return
    g.take_from_hand(seat, [a["card"]])
    g.slip_under(a["card"])
    g.event("mana_play", seat=seat.id, card=a["card"])
    mana = card.arch.mana_play
    g.gain(seat, mana, 1, "equipment" if mana == "combat" else "mana")


def devote(g: Game, seat: Seat, a: Action) -> None:
    """P13.1 A Lord for ⚡1 or a familiar; its Lord Mana starts full (S36)."""
    use_action(g)
    fields: dict[str, Any]
    if a.get("sacrifice") is not None:
        g.sacrifice(seat, seat.familiar(a["sacrifice"]), "devote")
        fields = {"sacrifice": a["sacrifice"]}
    else:
        fields = {"paid": g.pay(seat, 1)}
    g.take_from_hand(seat, [a["card"]])
    seat.lord = a["card"]
    seat.lord_mana = g.cap("lord")
    g.event("devote", seat=seat.id, card=a["card"], **fields)


def refill(g: Game, seat: Seat, a: Action) -> None:
    """P13.4 A spare Lord goes out of play and fills Lord Mana to the cap."""
    use_action(g)
    g.take_from_hand(seat, [a["card"]])
    g.put_out([a["card"]])
    g.event("refill", seat=seat.id, card=a["card"])
    g.gain(seat, "lord", g.cap("lord"), "refill")


def sacrifice(g: Game, seat: Seat, a: Action) -> None:
    """P13.4 A familiar sacrificed to the Lord: +1, +2 or +3 Lord Mana by tier."""
    familiar = seat.familiar(a["familiar"])
    g.sacrifice(seat, familiar, "lord")
    g.gain(seat, "lord", familiar.tier, "sacrifice")


def power(g: Game, seat: Seat, a: Action) -> None:
    """P13.3 Lord Mana pays; a targeted power opens the countdown, others go off now."""
    lord = g.card(seat.lord)
    p = next(p for p in lord.powers if p.id == a["power"])
    seat.lord_mana -= p.cost
    event = g.event("power", seat=seat.id, power=p.id, cost=p.cost)
    effect = Effect(code=p.code, seat=seat.id, n=p.n)
    if not p.targeted:
        EFFECTS[p.code](g, effect)
        return
    effect.target = a["target"]
    effect.familiar = a.get("familiar")
    effect.give = a.get("give")
    event["target"] = a["target"]
    flow.open_countdown(g, "power", seat.id, [], p.id, [effect])


def overcharge(g: Game, seat: Seat, a: Action) -> None:
    """P9.9 ⚡5: any card on top, open if a named wild; one that would lock the pile goes
    out of play instead (S21)."""
    g.turn.overcharged = True
    card = g.card(a["card"])
    paid = g.pay(seat, 5)
    g.take_from_hand(seat, [a["card"]])
    if card.locks_pile:
        g.put_out([a["card"]])
    else:
        g.discard.append(a["card"])
        g.top_color = None
        g.open = card.names_a_color
    g.event("overcharge", seat=seat.id, card=a["card"], destroyed=card.locks_pile, paid=paid)


def end_turn(g: Game, seat: Seat, a: Action) -> None:
    flow.end_turn(g, seat)


# -- the shop (P14) -------------------------------------------------------------------


def shop(g: Game, seat: Seat, a: Action) -> None:
    use_action(g)
    g.turn.in_shop = True
    pay = a["pay"]
    fields: dict[str, Any] = {}
    if pay == "mana":
        fields["paid"] = g.pay(seat, 1)
    elif pay == "gold":
        seat.gold -= SHOP_ENTRY_GOLD
    g.event("shop", seat=seat.id, pay=pay, **fields)
    if pay == "familiar":
        g.sacrifice(seat, seat.familiar(a["familiar"]), "shop")


def sell(g: Game, seat: Seat, a: Action) -> None:
    cards = a["cards"]
    gold = sale_value([g.card(c) for c in cards])
    g.turn.sold = True
    g.take_from_hand(seat, cards)
    g.put_out(cards)
    seat.gold += gold
    g.event("sell", seat=seat.id, cards=list(cards), gold=gold)


def buy(g: Game, seat: Seat, a: Action) -> None:
    item = a["item"]
    treasure = a.get("treasure")
    fields: dict[str, Any] = {}
    if treasure is not None:
        g.take_from_hand(seat, [treasure])
        g.put_out([treasure])
        fields["treasure"] = treasure
    else:
        seat.gold -= BUY_PRICES[item]
        fields["gold"] = BUY_PRICES[item]
    event = g.event("buy", seat=seat.id, item=item, **fields)
    if item == "offer":
        slot = a["slot"]
        card = g.offers[slot]
        g.give_to_hand(seat, [card])
        event.update(card=card, slot=slot, refill=refill_offer(g, slot))
    elif item == "random":
        card = random_pick(g, a["sort"])
        g.draw.remove(card)
        g.give_to_hand(seat, [card])
        event.update(sort=a["sort"], card=card, secret=[seat.id])
    elif item == "mana":
        g.gain(seat, "spell", 1, "shop")
    elif item == "remove_card":
        g.take_from_hand(seat, [a["card"]])
        g.put_out([a["card"]])
        event["card"] = a["card"]
    else:
        g.turn.familiar_removed = True
        event["familiar"] = a["familiar"]
        g.sacrifice(seat, seat.familiar(a["familiar"]), "shop")


def leave_shop(g: Game, seat: Seat, a: Action) -> None:
    """P14.6 Leaving the shop ends the turn (S53)."""
    g.event("leave_shop", seat=seat.id)
    flow.end_turn(g, seat)


# -- at any time ----------------------------------------------------------------------


def block(g: Game, seat: Seat, a: Action) -> None:
    flow.answer_block(g, list(a["familiars"]))


def counter(g: Game, seat: Seat, a: Action) -> None:
    """P12.3 A Counter slips under the top card and restarts the countdown (S34)."""
    cd = g.countdown
    g.take_from_hand(seat, [a["card"]])
    g.slip_under(a["card"])
    cd.counters.append({"seat": seat.id, "card": a["card"]})
    cd.deadline = g.clock + g.settings["countdown_ms"]
    g.event("counter", seat=seat.id, card=a["card"], deadline=cd.deadline)


def uno(g: Game, seat: Seat, a: Action) -> None:
    seat.uno = "called"
    g.event("uno", seat=seat.id)


def catch(g: Game, seat: Seat, a: Action) -> None:
    """P18.2 The caught seat draws the Uno penalty."""
    target = g.by_id[a["target"]]
    g.event("caught", seat=target.id, by=seat.id)
    g.draw_cards(target, g.settings["uno_penalty"], "uno")


def hurry(g: Game, seat: Seat, a: Action) -> None:
    """P19 More than half of the other players pressing sets the deadline."""
    holder = g.block if g.block is not None else g.turn
    holder.hurry.append(seat.id)
    g.event("hurry", seat=seat.id, awaited=holder.seat)
    voters = [s for s in g.players_in_game() if s.id != holder.seat]
    if len(holder.hurry) * 2 > len(voters):
        holder.hurry_deadline = g.clock + g.settings["hurry_left_ms"]
        g.event("hurry_deadline", seat=holder.seat, deadline=holder.hurry_deadline)


def redeal(g: Game, seat: Seat, a: Action) -> None:
    """P3.5 More than half of the players in the game: deal again."""
    g.redeal_votes.append(seat.id)
    g.event("redeal_vote", seat=seat.id)
    if len(g.redeal_votes) * 2 > len(g.players_in_game()):
        flow.redeal(g)


def funny(g: Game, seat: Seat, a: Action) -> None:
    """P15.3 More than half of the other players: +1 Spell Mana, once."""
    answer = g.answer
    answer["votes"].append(seat.id)
    g.event("funny", seat=seat.id, card=answer["card"])
    voters = [s for s in g.players_in_game() if s.id != answer["seat"]]
    if not answer["paid"] and len(answer["votes"]) * 2 > len(voters):
        answer["paid"] = True
        g.gain(g.by_id[answer["seat"]], "spell", 1, "funny")


def leave(g: Game, seat: Seat, a: Action) -> None:
    flow.leave(g, seat)


def end_game(g: Game, seat: Seat, a: Action) -> None:
    """P1.4 The VIP ends the game: no winner, no Play of the Game."""
    g.event("end_game", seat=seat.id)
    flow.finish(g, "ended", None, None)


def tick(g: Game, seat: Seat | None, a: Action) -> None:
    """Time has passed; nothing else."""


APPLY: dict[str, Callable[[Game, Any, Action], None]] = {
    "play": play,
    "draw": draw,
    "cast": cast,
    "summon": summon,
    "feed": feed,
    "attack": attack,
    "story": story,
    "combat_mana": combat_mana,
    "devote": devote,
    "refill": refill,
    "sacrifice": sacrifice,
    "shop": shop,
    "sell": sell,
    "buy": buy,
    "leave_shop": leave_shop,
    "mana": mana,
    "overcharge": overcharge,
    "power": power,
    "end_turn": end_turn,
    "block": block,
    "counter": counter,
    "uno": uno,
    "catch": catch,
    "hurry": hurry,
    "redeal": redeal,
    "funny": funny,
    "leave": leave,
    "end_game": end_game,
    "tick": tick,
}
