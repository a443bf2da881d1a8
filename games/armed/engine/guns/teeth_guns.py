"""Teeth and bit guns: EGG-O-MATIC (A9.17, S21), TOOTH-FAIRY (A9.18), MEGA-PHONER
(A9.19) and VOGUE-INATOR (A9.20)."""

from __future__ import annotations

from ..drawing import draw
from ..state import Game, Seat
from ..waiting import give_duration, stop_fire


def egg_o_matic(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.17 Hold the egg for 1 turn (no grit, yet not Broken, A11.6) and cluck."""
    give_duration(g, hit, "egg", 1)
    give_duration(g, hit, "cluck", 1)


def tooth_fairy(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.18 The shooter takes 1 Tooth (never above 3); malfunction: pays 1 (if any)."""
    if demand:
        shooter = other
        if shooter.teeth < 3:
            shooter.teeth += 1
            g.ev("tooth", seat=shooter.id, teeth=shooter.teeth)
    elif hit.teeth > 0:
        hit.teeth -= 1
        g.ev("tooth", seat=hit.id, teeth=hit.teeth)
        if hit.teeth == 0:
            g.ev("broken", seat=hit.id)


def mega_phoner(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.19 SHOUT for 2 turns, and the other goon draws 1 card."""
    give_duration(g, hit, "shout", 2)
    draw(g, other, "megaphone")


def vogue_inator(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.20 Strike a pose for 2 turns, and no fire on your next turn."""
    give_duration(g, hit, "pose", 2)
    stop_fire(g, hit)
