"""The twenty guns of armed.md §9, each as data plus one small function.

A gun's `effect(g, card, hit, other, demand)` is its DEMAND when `demand` is true (`hit`
the target who complied, `other` the shooter) and its MALFUNCTION otherwise (`hit` the
shooter, `other` the target who gritted): every malfunction is the demand turned on the
shooter, or as close as the demand allows. Effects that ask someone a question are
generators (`asks`).
"""

from __future__ import annotations

from collections.abc import Callable
from inspect import isgeneratorfunction
from typing import Any, NamedTuple

from ..cards import DESIGNS
from . import card_guns, loot_guns, teeth_guns, turn_guns


class Gun(NamedTuple):
    code: str
    rule: str
    name: str
    multi: bool
    line: str  # the pitchman line the site shows when it is fired (A3.3, S6)
    effect: Callable[..., Any]
    asks: bool


def _gun(
    code: str, rule: str, name: str, line: str, effect: Callable[..., Any], *, multi: bool = False
) -> Gun:
    return Gun(code, rule, name, multi, line, effect, isgeneratorfunction(effect))


GUNS: dict[str, Gun] = {
    g.code: g
    for g in (
        _gun(
            "MAGNO-MITT", "A9.1", "MAGNO-MITT", "Hand it over — magnetically!", loot_guns.magno_mitt
        ),
        _gun(
            "DISCO",
            "A9.2",
            "DISCO",
            "Shake what the store gave you — right back onto the shelf!",
            loot_guns.disco,
        ),
        _gun(
            "ROBIN-HOOD",
            "A9.3",
            "ROBIN-HOOD RAY",
            "Rob the rich, tip the poor, keep the tights!",
            loot_guns.robin_hood,
        ),
        _gun(
            "PIGGY-POPPER",
            "A9.4",
            "PIGGY-POPPER",
            "Fat piggy banks go POP!",
            loot_guns.piggy_popper,
            multi=True,
        ),
        _gun(
            "PICK-POCKET",
            "A9.5",
            "PICK-POCKET PISTOL",
            "Your pockets, my pockets — what's the difference?",
            card_guns.pick_pocket,
        ),
        _gun("FETCH-RAY", "A9.6", "FETCH-RAY", "Go on, boy! Fetch!", card_guns.fetch_ray),
        _gun(
            "WORM-HOLE",
            "A9.7",
            "WORM-HOLE",
            "Your hand, my hand, through the cosmic plumbing!",
            card_guns.worm_hole,
        ),
        _gun("BLEND-R-RAY", "A9.8", "BLEND-R-RAY", "Frappé your fortunes!", card_guns.blend_r_ray),
        _gun(
            "SHRINK-RAY", "A9.9", "SHRINK-RAY", "Honey, I shrunk the arsenal!", card_guns.shrink_ray
        ),
        _gun(
            "SNEEZE-CANNON",
            "A9.10",
            "SNEEZE-CANNON",
            "Gesundheit, suckers!",
            card_guns.sneeze_cannon,
            multi=True,
        ),
        _gun(
            "BOOMERANG",
            "A9.11",
            "BOOMERANG BAZOOKA",
            "It always comes back. Usually.",
            card_guns.boomerang,
        ),
        _gun(
            "FREEZE-BREEZE",
            "A9.12",
            "FREEZE-BREEZE",
            "Chill out. For a whole turn.",
            turn_guns.freeze_breeze,
        ),
        _gun(
            "STINK-BOMB",
            "A9.13",
            "STINK-BOMB",
            "Nobody's going near that deck now!",
            turn_guns.stink_bomb,
            multi=True,
        ),
        _gun(
            "ENCORE", "A9.14", "ENCORE CANNON", "Standing ovation! Do it again!", turn_guns.encore
        ),
        _gun(
            "MIND-WORM", "A9.15", "MIND WORM", "Relax. I'll take it from here.", turn_guns.mind_worm
        ),
        _gun(
            "HYPNO-COIN",
            "A9.16",
            "HYPNO-COIN",
            "Look into the coin… you WANT me to shoot again.",
            turn_guns.hypno_coin,
        ),
        _gun(
            "EGG-O-MATIC",
            "A9.17",
            "EGG-O-MATIC",
            "Congratulations, it's an egg. Keep it warm.",
            teeth_guns.egg_o_matic,
        ),
        _gun(
            "TOOTH-FAIRY",
            "A9.18",
            "TOOTH-FAIRY",
            "Smile! The fairy pays cash for ivory.",
            teeth_guns.tooth_fairy,
        ),
        _gun(
            "MEGA-PHONER",
            "A9.19",
            "MEGA-PHONER",
            "SAY IT LOUD, SAY IT PROUD!",
            teeth_guns.mega_phoner,
        ),
        _gun(
            "VOGUE-INATOR",
            "A9.20",
            "VOGUE-INATOR",
            "Hold it… hold it… FIERCE.",
            teeth_guns.vogue_inator,
        ),
    )
}
assert tuple(GUNS) == DESIGNS, "§9's order is the canonical order (A1.2)"

__all__ = ["GUNS", "Gun"]
