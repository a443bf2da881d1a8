"""Turn guns: FREEZE-BREEZE (A9.12), STINK-BOMB (A9.13), ENCORE CANNON (A9.14, S18),
MIND WORM (A9.15, S19, S45) and HYPNO-COIN (A9.16, S20, S35)."""

from __future__ import annotations

from collections.abc import Generator

from ..state import Decision, FreeShot, Game, Seat
from ..waiting import control, freeze, stop_draw


def freeze_breeze(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.12 Skip your next turn."""
    freeze(g, hit)


def stink_bomb(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.13 Your next turn has no draw."""
    stop_draw(g, hit)


def encore(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.14 The shooter takes an extra turn right after this one (extra turns queue in
    the order earned); malfunction: the shooter skips their next turn."""
    if demand:
        other.extra_turns += 1
        g.extra_queue.append(other)
        g.ev("extra_turn", seat=other.id)
    else:
        freeze(g, hit)


def mind_worm(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.15 `other` controls `hit`'s next turn (the newest control wins, A7.2)."""
    control(g, hit, other)


def hypno_coin(
    g: Game, card: str, hit: Seat, other: Seat, demand: bool
) -> Generator[Decision, tuple, FreeShot]:
    """A9.16 The shooter takes a free shot at any opponent; malfunction: the target takes
    a free shot at the shooter. Chains are legal (A11.4). The shot asks the firer, so this
    is a generator like every gun that asks; `shots.effect` fires it."""
    yield from ()
    return FreeShot(other, None if demand else hit)
