"""Shots (§4): the fired gun is discarded at once (A3.3, S6); the target complies or
grits (A4.2), unless they cannot grit and comply unasked (A4.3); Broken goons draw a pity
card after each comply (A5.2, S12, S43); multi-target guns ask the group going left and
the first to grit pays for all (A6.1, A6.2, S13); free shots (A9.16, S20, S35)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import DESIGN_OF
from .drawing import draw
from .guns import GUNS
from .state import Decision, Flow, FreeShot, Game, Seat

if TYPE_CHECKING:
    from .guns import Gun


def shoot(g: Game, shooter: Seat, card: str, target: Seat | None, free: bool) -> Flow:
    """A3.5 One shot, resolved completely before the turn goes on."""
    shooter.hand.remove(card)
    g.discard.append(card)
    gun = GUNS[DESIGN_OF[card]]
    if gun.multi:
        targets = g.opponents[shooter]
        if g.log is not None:  # the playtest keeps no log: hot events are built only for one
            g.ev("fire", seat=shooter.id, card=card, targets=[t.id for t in targets], free=free)
        yield from group_shot(g, gun, card, shooter, targets)
        return
    assert target is not None
    if g.log is not None:
        g.ev("fire", seat=shooter.id, card=card, target=target.id, free=free)
    if target.can_grit:
        answer = yield Decision("respond", target, target, shooter=shooter, card=card)
        if answer[0] == "grit":
            yield from grit(g, gun, card, shooter, target, group=False)
            return
    yield from comply(g, gun, card, shooter, target)


def group_shot(g: Game, gun: Gun, card: str, shooter: Seat, targets: list[Seat]) -> Flow:
    """A6.2 Those who can grit are asked going left; the first to grit pays for all.
    A goon whose last Tooth went while asked is passed over (A8.4, S32)."""
    for target in targets:
        if not target.can_grit:
            continue
        answer = yield Decision("respond", target, target, shooter=shooter, card=card, group=True)
        if answer[0] == "grit":
            yield from grit(g, gun, card, shooter, target, group=True)
            return
        if answer[0] == "forced":
            g.ev("no_grit", seat=target.id, forced="broken")
        else:
            g.ev("no_grit", seat=target.id)
    for target in targets:
        yield from comply(g, gun, card, shooter, target)


def comply(g: Game, gun: Gun, card: str, shooter: Seat, target: Seat) -> Flow:
    """A4.2 The demand is carried out on the target, then the pity draw if they were
    Broken when they complied (A5.2, S43). A goon who cannot grit now complies forced:
    `broken` at 0 Teeth, else `egg` (A4.3, S41, S42)."""
    broken = target.teeth == 0
    if g.log is not None:
        if broken:
            g.ev("comply", seat=target.id, forced="broken")
        elif "egg" in target.durations:
            g.ev("comply", seat=target.id, forced="egg")
        else:
            g.ev("comply", seat=target.id)
    yield from effect(g, gun, card, target, shooter, True)
    if broken:
        draw(g, target, "pity")


def grit(g: Game, gun: Gun, card: str, shooter: Seat, target: Seat, group: bool) -> Flow:
    """A4.2 Pay 1 Tooth; the demand fizzles and the malfunction hits the shooter. A
    malfunction is no comply: a Broken shooter draws nothing (A5.3)."""
    target.teeth -= 1
    if g.log is not None:
        g.ev("grit", seat=target.id, teeth=target.teeth, group=group)
        if target.teeth == 0:
            g.ev("broken", seat=target.id)
        g.ev("malfunction", seat=shooter.id, card=card)
    yield from effect(g, gun, card, shooter, target, False)


def effect(g: Game, gun: Gun, card: str, hit: Seat, other: Seat, demand: bool) -> Flow:
    """The gun's demand (or malfunction) on `hit`; a free shot it calls for is fired here,
    at once (HYPNO-COIN, A9.16)."""
    if not gun.asks:
        gun.effect(g, card, hit, other, demand)
        return
    follow = yield from gun.effect(g, card, hit, other, demand)
    if isinstance(follow, FreeShot):
        yield from free_shot(g, follow.firer, follow.at)


def free_shot(g: Game, firer: Seat, at: Seat | None) -> Flow:
    """A9.16, S20 A free shot from the firer's hand, which they may decline; aimed at
    `at` when it is HYPNO-COIN's malfunction. No gun in hand: no shot (S35). A controlled
    goon's free shots are the controller's (S45)."""
    if not firer.hand:
        g.ev("no_shot", seat=firer.id)
        return
    g.ev("free_shot", seat=firer.id, at=at.id if at is not None else None)
    answer = yield Decision("free_shot", g.shooter_decider(firer), firer, at=at)
    if answer[0] == "hold":
        g.ev("hold", seat=firer.id)
        return
    yield from shoot(g, firer, answer[1], answer[2], True)
