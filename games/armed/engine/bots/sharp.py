"""A13.3 The sharp bot, "licensed professional": it scores every shot with the hurt,
gain and cost table (a Loot is worth 10 points, a card 2) and guesses who would grit."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import DESIGN_OF
from ..guns import GUNS
from ..state import Decision, Game, Seat
from .common import fewest_cards

# A13.3 keep values: what a card is worth holding on to.
KEEP: dict[str, int] = {
    "MAGNO-MITT": 9,
    "ENCORE": 7,
    "DISCO": 6,
    "ROBIN-HOOD": 6,
    "PIGGY-POPPER": 6,
    "FREEZE-BREEZE": 6,
    "STINK-BOMB": 6,
    "FETCH-RAY": 5,
    "SNEEZE-CANNON": 5,
    "BOOMERANG": 5,
    "MIND-WORM": 5,
    "PICK-POCKET": 4,
    "SHRINK-RAY": 4,
    "HYPNO-COIN": 4,
    "TOOTH-FAIRY": 4,
    "WORM-HOLE": 3,
    "EGG-O-MATIC": 3,
    "MEGA-PHONER": 3,
    "VOGUE-INATOR": 3,
    "BLEND-R-RAY": 2,
}
MULTI: dict[str, bool] = {design: gun.multi for design, gun in GUNS.items()}
# A goon grits a value at least this high, by their Teeth (0 Teeth cannot grit).
GRIT_AT = (99, 6, 4, 3)

Values = tuple[int, int, int]


def _robin_gain(g: Game, s: Seat, t: Seat) -> int:
    # S gains only when S is the poorest goon other than T (ties: first going left of T).
    poorest = min(g.opponents[t], key=lambda x: len(x.loot))
    return 10 if t.loot and poorest is s else 0


def _worm_cost(g: Game, s: Seat, hs: int) -> int:
    fewest = min(len(x.hand) for x in g.seats if x is not s)
    return 2 * max(0, hs - fewest)


# hurt (to T if T complies), gain (to S if T complies), cost (to S if T grits).
TABLE: dict[str, Callable[[Game, Seat, Seat, int], Values]] = {
    "MAGNO-MITT": lambda g, s, t, hs: (
        10 if t.loot else 0,
        10 if t.loot else 0,
        20 if s.loot else 0,
    ),
    "DISCO": lambda g, s, t, hs: (10 if t.loot else 0, 0, 10 if s.loot else 0),
    "ROBIN-HOOD": lambda g, s, t, hs: (
        10 if t.loot else 0,
        _robin_gain(g, s, t),
        10 if s.loot else 0,
    ),
    "PIGGY-POPPER": lambda g, s, t, hs: (10 if len(t.loot) >= 3 else 0, 0, 10 if s.loot else 0),
    "PICK-POCKET": lambda g, s, t, hs: (2 if t.hand else 0, 2 if t.hand else 0, 4 if hs else 0),
    "FETCH-RAY": lambda g, s, t, hs: (0, 4, 4),
    "WORM-HOLE": lambda g, s, t, hs: (
        max(0, 2 * (len(t.hand) - hs)),
        2 * (len(t.hand) - hs),
        _worm_cost(g, s, hs),
    ),
    "BLEND-R-RAY": lambda g, s, t, hs: (2 if t.hand else 0, 0, 2 if hs else 0),
    "SHRINK-RAY": lambda g, s, t, hs: (2 * max(0, len(t.hand) - 3), 0, 2 * max(0, hs - 3)),
    "SNEEZE-CANNON": lambda g, s, t, hs: (2 if t.hand else 0, 0, 2 * min(2, hs)),
    "BOOMERANG": lambda g, s, t, hs: (2 if t.hand else 0, 2, 2 if hs else 0),
    "FREEZE-BREEZE": lambda g, s, t, hs: (6, 0, 6),
    "STINK-BOMB": lambda g, s, t, hs: (3, 0, 3),
    "ENCORE": lambda g, s, t, hs: (0, 6, 6),
    "MIND-WORM": lambda g, s, t, hs: (5, 0, 5),
    "HYPNO-COIN": lambda g, s, t, hs: (0, 4 if hs else 0, 4 if t.hand else 0),
    "EGG-O-MATIC": lambda g, s, t, hs: (2, 0, 2),
    "TOOTH-FAIRY": lambda g, s, t, hs: (0, 4 if s.teeth < 3 else 0, 4 if s.teeth else 0),
    "MEGA-PHONER": lambda g, s, t, hs: (0, 2, 2),
    "VOGUE-INATOR": lambda g, s, t, hs: (2, 0, 2),
}


def would_grit(x: Seat, value: int) -> bool:
    return x.can_grit and value >= GRIT_AT[x.teeth]


def score(g: Game, design: str, shooter: Seat, target: Seat | None, hs: int) -> int:
    """A13.3 The score of firing `design` from `shooter` (whose hand holds `hs` cards
    once the gun has left it) at `target`, or at everybody for a multi-target gun."""
    values = TABLE[design]
    # would_grit() inlined: this is the playtest's innermost loop.
    if target is not None:
        hurt, gain, cost = values(g, shooter, target, hs)
        teeth = target.teeth
        if not teeth:
            return hurt + gain - 2
        if hurt + gain >= GRIT_AT[teeth] and "egg" not in target.durations:
            return 3 - cost
        return hurt + gain
    total = 0
    for t in g.opponents[shooter]:
        hurt, _gain, cost = values(g, shooter, t, hs)
        teeth = t.teeth
        if not teeth:
            total += hurt - 2
        elif hurt >= GRIT_AT[teeth] and "egg" not in t.durations:
            return 3 - cost
        else:
            total += hurt
    return total


def shots(
    g: Game, d: Decision, *, leave_out: Seat | None = None
) -> list[tuple[int, int, str, Seat | None]]:
    """Every (score, target Loot, card, target) the decider may fire, in order: hand
    order, and for each gun its targets going left (a multi-target gun once)."""
    owner = d.owner
    hs = len(owner.hand) - 1
    targets = [d.at] if d.at is not None else g.opponents[owner]
    targets = [t for t in targets if t is not leave_out]
    found = []
    # The two copies of a design score alike (A1.2): score each design once.
    scored: dict[str, list[tuple[int, int, Seat | None]]] = {}
    for card in owner.hand:
        design = DESIGN_OF[card]
        rows = scored.get(design)
        if rows is None:
            if MULTI[design]:
                rows = [(score(g, design, owner, None, hs), 0, None)]
            else:
                rows = []
                values = TABLE[design]
                for t in targets:  # score() for one target, inlined: the playtest's hot loop
                    hurt, gain, cost = values(g, owner, t, hs)
                    teeth = t.teeth
                    if not teeth:
                        points = hurt + gain - 2
                    elif hurt + gain >= GRIT_AT[teeth] and "egg" not in t.durations:
                        points = 3 - cost
                    else:
                        points = hurt + gain
                    rows.append((points, len(t.loot), t))
            scored[design] = rows
        found += [(points, loot, card, t) for points, loot, t in rows]
    return found


def best(
    found: list[tuple[int, int, str, Seat | None]],
) -> tuple[int, int, str, Seat | None] | None:
    """Highest score; ties to the target with more Loot, then the first in order."""
    if not found:
        return None
    top = found[0]
    for shot in found:
        if shot[0] > top[0] or (shot[0] == top[0] and shot[1] > top[1]):
            top = shot
    return top


def lowest_keep(hand: list[str]) -> list[str]:
    """Cards by keep value, lowest first; ties in hand order (a stable sort)."""
    return sorted(hand, key=lambda c: KEEP[DESIGN_OF[c]])


def highest_keep(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda c: -KEEP[DESIGN_OF[c]])


def choose(g: Game, d: Decision) -> tuple:
    owner = d.owner
    controlling = d.seat is not owner
    kind = d.kind
    if kind == "respond":
        shooter = d.shooter
        assert shooter is not None and d.card is not None
        design = DESIGN_OF[d.card]
        hurt, gain, _cost = TABLE[design](g, shooter, owner, len(shooter.hand))
        return ("grit",) if would_grit(owner, hurt + gain) else ("comply",)
    if kind == "discard":
        ranked = highest_keep(owner.hand) if controlling else lowest_keep(owner.hand)
        return ("discard", ranked[: d.count])
    if kind == "pick":
        return ("pick", fewest_cards(g, d, itself_first=True))
    if controlling:
        return _for_controlled(g, d)
    if kind == "free_shot":
        shot = best(shots(g, d))
        return ("fire", shot[2], shot[3]) if shot is not None and shot[0] > 0 else ("hold",)
    if d.can_fire:
        shot = best(shots(g, d))
        if shot is not None and shot[0] > 0:
            return ("fire", shot[2], shot[3])
    return ("cycle", lowest_keep(owner.hand)[0] if owner.hand else None)


def _for_controlled(g: Game, d: Decision) -> tuple:
    """Deciding in a controlled goon P's place: P's worst shot if it scores 0 or less,
    else P cycles its most valuable card; P's free shots are declined."""
    owner = d.owner
    if d.kind == "free_shot":
        return ("hold",)
    if d.can_fire:
        worst = None
        for shot in shots(g, d, leave_out=d.seat):
            if worst is None or shot[0] < worst[0]:
                worst = shot
        if worst is not None and worst[0] <= 0:
            return ("fire", worst[2], worst[3])
    return ("cycle", highest_keep(owner.hand)[0] if owner.hand else None)
