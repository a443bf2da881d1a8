"""R6.10 Mini Gooner trophies and locks; R6.12 Wednesday's top 3 and the end of Golden pins."""

from __future__ import annotations

from ..cards import CardId
from ..ladder import ladder_order
from ..outcome import Effect, Locked, Won
from ..rules import TROPHIES_PER_LOCK
from ..state import Noon

WINNERS = 3


def mini_gooner(noon: Noon) -> None:
    before = {c.id: c.trophies for c in noon.contestants.values()}
    for i in noon.waiting(CardId.MINI_GOONER):
        target = noon.plays[i].target
        assert target is not None
        noon.contestants[target].trophies += 1
        noon.land(i)
        noon.effects[i] = Effect(points=noon.contestants[target].trophies)
    locking = [
        c
        for c in noon.contestants.values()
        if c.trophies // TROPHIES_PER_LOCK > before[c.id] // TROPHIES_PER_LOCK
    ]
    if not locking:
        return
    # Several locks at one noon stack in ladder order after scoring; all go below older locks.
    number = max(c.locked for c in noon.contestants.values())
    for c in ladder_order(locking):
        number += 1
        c.locked = number
        c.golden = 0
        noon.locked_now.append(c.id)
        noon.log.append(Locked(c.id, number, c.trophies))
    _renumber_golden(noon)


def _renumber_golden(noon: Noon) -> None:
    golden = sorted((c for c in noon.contestants.values() if c.golden), key=lambda c: c.golden)
    for n, c in enumerate(golden, start=1):
        c.golden = n


def wednesday(noon: Noon) -> None:
    if not noon.day.is_wednesday:
        return
    ladder = ladder_order(c for c in noon.contestants.values() if c.on_ladder)
    for place, c in enumerate((c for c in ladder if not c.locked), start=1):
        if place > WINNERS:
            break
        c.wins += 1
        noon.winners.append(c.id)
        noon.log.append(Won(place, c.id))
    for c in noon.contestants.values():
        c.golden = 0
