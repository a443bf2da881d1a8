"""R6.2 Shield: each blocks one random card another player left on its contestant."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Effect, Outcome, Waste
from ..state import Noon

BLOCKABLE = (CardId.SKIP, CardId.REVERSE, CardId.BOOST, CardId.SAKURA_FARTS)


def shield(noon: Noon) -> None:
    for i in noon.waiting(CardId.SHIELD):
        shielder = noon.plays[i].player
        target = noon.plays[i].target
        assert target is not None
        others = [
            j for j in noon.waiting_on(target, *BLOCKABLE) if noon.plays[j].player != shielder
        ]
        if not others:
            noon.waste(i, Waste.NOTHING_TO_BLOCK)
            continue
        noon.land(i)
        blocked = noon.rng.choice(others)
        noon.settle(blocked, Outcome.BLOCKED, by=i)
        noon.effects[i] = Effect(plays=(blocked,))
