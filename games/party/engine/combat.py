"""P10.5-P10.6, P11.6, P11.9 Attacks, blocks and Strikes: what happens when an attack or
a Strike goes off, and when the defender answers its block decision."""

from __future__ import annotations

from .state import Block, Effect, Familiar, Game, Seat


def incoming(g: Game, effect: Effect, amount: int, familiar: str | None) -> None:
    """P10.6 An attack of `amount` reaches the target: a block decision if it has a
    familiar, else straight through."""
    defender = g.by_id[effect.target]
    g.event("incoming", seat=defender.id, by=effect.seat, familiar=familiar, amount=amount)
    if defender.familiars:
        g.block = Block(
            seat=defender.id,
            kind="attack",
            by=effect.seat,
            familiar=familiar,
            amount=amount,
            since=g.clock,
            effect=effect,
        )
        g.event("block_wait", seat=defender.id, kind="attack")
    else:
        through(g, defender, amount)


def through(g: Game, defender: Seat, amount: int) -> None:
    """P10.6 Whatever gets through is drawn; nothing is logged for 0 (S52)."""
    if amount > 0:
        g.event("through", seat=defender.id, amount=amount)
        g.draw_cards(defender, amount, "attack")


def answer_attack(g: Game, block: Block, blockers: list[str]) -> None:
    """P10.6 Each blocker in order: an Attack Mode one clashes, a Defense Mode one stops
    the attack and halves the attacker (S26); S62: a departed attacker's familiar is gone,
    so its attack counts as 0."""
    defender = g.by_id[block.seat]
    attacker_seat = g.by_id[block.by]
    attacker: Familiar | None = None
    if block.familiar is not None:
        attacker = attacker_seat.familiar(block.familiar)
        amount = attacker.attack if attacker and attacker_seat.in_game else 0
    else:
        amount = block.amount or 0
    for card in blockers:
        if amount <= 0:
            break
        blocker = defender.familiar(card)
        if blocker is None:
            continue
        if blocker.attack_mode:
            soaked = min(amount, blocker.attack)
            blocker.damage += soaked
            amount -= soaked
            g.event("clash", seat=defender.id, familiar=blocker.card, soaked=soaked)
            if attacker is not None:
                attacker.damage += soaked
            if blocker.attack <= 0:
                g.destroy(defender, blocker, "health")
            if attacker is not None and attacker.attack <= 0:
                g.destroy(attacker_seat, attacker, "health")
                attacker = None
        else:
            g.destroy(defender, blocker, "block")
            amount = 0
            if attacker is not None:
                halved = attacker.attack // 2
                attacker.damage += attacker.attack - halved
                g.event("halved", seat=attacker_seat.id, familiar=attacker.card, attack=halved)
                if attacker.attack <= 0:
                    g.destroy(attacker_seat, attacker, "health")
    through(g, defender, amount)


def strike(g: Game, effect: Effect) -> None:
    """P11.6 A Strike hits the picked familiar; no familiar at all: draw 2; the picked one
    gone: nothing. Blockable by a Defense Mode familiar unless chained with another
    Strike, and only when it can help (S31)."""
    target = g.by_id[effect.target]
    if not target.familiars:
        g.event("strike", seat=target.id, familiar=None, result="no_familiar")
        g.draw_cards(target, 2, "effect")
        return
    struck = target.familiar(effect.familiar)
    if struck is None:
        g.event("strike", seat=target.id, familiar=effect.familiar, result="gone")
        return
    guards = [f for f in target.familiars if not f.attack_mode]
    if struck.attack_mode and guards and not effect.in_strike_chain:
        g.block = Block(
            seat=target.id,
            kind="strike",
            by=effect.seat,
            familiar=struck.card,
            amount=None,
            since=g.clock,
            effect=effect,
        )
        g.event("block_wait", seat=target.id, kind="strike")
        return
    hit(g, target, struck)


def hit(g: Game, target: Seat, struck: Familiar) -> None:
    """P11.6 Defense Mode: destroyed; Attack Mode: its largest digit is gone."""
    if not struck.attack_mode:
        g.event("strike", seat=target.id, familiar=struck.card, result="destroyed")
        g.destroy(target, struck, "strike")
        return
    digit = max(struck.digits)
    struck.digits.remove(digit)
    g.event(
        "strike",
        seat=target.id,
        familiar=struck.card,
        result="digit",
        digit=digit,
        attack=struck.attack,
    )
    if struck.attack <= 0 or not struck.digits:
        g.destroy(target, struck, "health")


def answer_strike(g: Game, block: Block, blockers: list[str]) -> None:
    """P11.6 A Defense Mode blocker is destroyed in the struck familiar's place."""
    target = g.by_id[block.seat]
    if blockers:
        guard = target.familiar(blockers[0])
        if guard is not None:
            g.destroy(target, guard, "block")
        return
    struck = target.familiar(block.familiar)
    if struck is not None:
        hit(g, target, struck)
