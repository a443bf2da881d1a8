"""R6.11 Sakura Farts: cosmetic, so it lands after everything that scores."""

from __future__ import annotations

from ..cards import CardId
from ..state import Noon


def sakura_farts(noon: Noon) -> None:
    stunk: set[str] = set()
    for i in noon.waiting(CardId.SAKURA_FARTS):
        target = noon.plays[i].target
        assert target is not None
        stunk.add(target)
        noon.land(i)
    for c in noon.contestants.values():
        c.smelly = c.id in stunk
