"""R6.1 Sabotage: the earliest one destroys every other card on its contestant but Mini Gooners."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Outcome
from ..state import Noon


def sabotage(noon: Noon) -> None:
    for target, indices in noon.on_target.items():
        saboteurs = noon.waiting_on(target, CardId.SABOTAGE)
        if not saboteurs:
            continue
        first = saboteurs[0]
        noon.land(first)
        for i in indices:
            if i != first and noon.standing(i) and noon.plays[i].card != CardId.MINI_GOONER:
                noon.settle(i, Outcome.DESTROYED, by=first)
