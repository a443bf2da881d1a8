"""Before step 1: cards whose target can no longer take them are wasted (spec §6 preamble)."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Waste
from ..state import Noon


def waste_untargetable(noon: Noon) -> None:
    for i, play in enumerate(noon.plays):
        if play.target is None:
            continue
        c = noon.contestants[play.target]
        if not c.on_ladder:
            noon.waste(i, Waste.OFF_LADDER)
        elif c.locked and play.card != CardId.SAKURA_FARTS:
            noon.waste(i, Waste.LOCKED)
        elif c.golden and play.card != CardId.MINI_GOONER:
            noon.waste(i, Waste.GOLDEN)
