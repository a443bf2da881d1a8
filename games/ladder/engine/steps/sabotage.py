"""R6.1 Sabotage: the earliest one destroys every other card on its contestant but Mini Gooners."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Effect, Outcome
from ..state import Noon


def sabotage(noon: Noon) -> None:
    sabotaged: set[str] = set()
    for first in noon.waiting(CardId.SABOTAGE):
        target = noon.plays[first].target
        if target is None or target in sabotaged:
            continue  # a later Sabotage there was destroyed by the earliest already
        sabotaged.add(target)
        noon.land(first)
        destroyed = []
        for i in noon.on_target[target]:
            if i != first and noon.standing(i) and noon.plays[i].card != CardId.MINI_GOONER:
                noon.settle(i, Outcome.DESTROYED, by=first)
                destroyed.append(i)
        noon.effects[first] = Effect(plays=tuple(destroyed))
