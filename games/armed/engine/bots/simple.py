"""A13.2 The simple bot, "unlicensed goon": the first gun of the hand at the richest
opponent, always grits, discards the first cards, picks the goon with fewest cards. It is
also every timeout's default (A12.3, S25)."""

from __future__ import annotations

from ..cards import DESIGN_OF
from ..guns import GUNS
from ..state import Decision, Game
from .common import fewest_cards


def choose(g: Game, d: Decision) -> tuple:
    owner = d.owner
    kind = d.kind
    if kind == "respond":
        return ("grit",)
    if kind == "discard":
        return ("discard", owner.hand[: d.count])
    if kind == "pick":
        return ("pick", fewest_cards(g, d, itself_first=False))
    if kind == "turn" and not d.can_fire:
        return ("cycle", owner.hand[0] if owner.hand else None)
    return fire_first(g, d)


def fire_first(g: Game, d: Decision) -> tuple:
    """The first gun of the hand; a single-target gun at `at` if set, else at the
    richest opponent of the goon who fires: most Loot, then most cards, then the first
    going left. Deciding for a controlled goon, never at itself (others are always left)."""
    owner = d.owner
    card = owner.hand[0]
    if GUNS[DESIGN_OF[card]].multi:
        return ("fire", card, None)
    if d.at is not None:
        return ("fire", card, d.at)
    me = d.seat
    candidates = [s for s in g.opponents[owner] if s is not me]
    target = max(candidates, key=lambda s: (len(s.loot), len(s.hand)))
    return ("fire", card, target)
