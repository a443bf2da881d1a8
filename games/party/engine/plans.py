"""What a Spell, a chain or a power will do, worked out when it is played (S27): the
effects in order with their targets and picks. Gates check a plan; actions apply it."""

from __future__ import annotations

from typing import Any

from .cards import TARGETED, Card
from .state import Effect, Game, Seat


def play_effects(g: Game, seat: Seat, cards: list[str], picks: dict[str, Any]) -> list[Effect]:
    """P11.1, P11.2, P11.9 Effects of a Play Into Discard: the k-th Skip at the k-th other
    seat, every other targeted effect at the next player, Attacks merged into the first."""
    others = [s.id for s in g.others(seat.id)]
    effects: list[Effect] = []
    skips = 0
    strikes = sum(g.card(c).effect == "strike" for c in cards)
    merged: Effect | None = None
    for c in cards:
        card = g.card(c)
        if not card.has_effect:
            continue
        pick = picks.get(c) or {}
        target: str | None = None
        if card.effect == "skip":
            target = others[skips % len(others)] if others else None
            skips += 1
        elif card.effect in TARGETED:
            target = others[0] if others else None
        elif card.effect == "reverse" and len(others) == 1:
            target = others[0]
        if card.effect == "attack" and merged is not None:
            merged.n += card.n
            continue
        effect = Effect(
            code=card.effect,
            seat=seat.id,
            n=card.n,
            target=target,
            familiar=pick.get("familiar"),
            give=pick.get("give"),
            in_strike_chain=strikes >= 2,
        )
        if card.effect == "attack":
            merged = effect
        effects.append(effect)
    return effects


def cast_effect(g: Game, seat: Seat, card: Card, action: dict[str, Any]) -> Effect:
    """P11.1 A cast Spell hits the target its player picks (untargeted ones take none)."""
    target = action.get("target") if card.effect in TARGETED else None
    if card.effect == "reverse":
        others = g.others(seat.id)
        target = others[0].id if len(others) == 1 else None
    return Effect(
        code=card.effect or "counter",
        seat=seat.id,
        n=card.n,
        target=target,
        familiar=action.get("familiar"),
        give=action.get("give"),
    )


def pick_problem(g: Game, seat: Seat, effect: Effect, keeps: list[str]) -> bool:
    """`bad_target` for one effect: a missing, own or departed target; a Strike without
    one of the target's familiars while it has any; a Gift without a kept card while the
    giver keeps two or more (party-engine.md)."""
    if effect.code in TARGETED:
        target = g.by_id.get(effect.target or "")
        if target is None or target.id == seat.id or not target.in_game:
            return True
        if (
            effect.code == "strike"
            and target.familiars
            and target.familiar(effect.familiar) is None
        ):
            return True
    return bool(effect.code == "gift" and len(keeps) >= 2 and effect.give not in keeps)
