"""R6.3-R6.5: the cards that act on votes, Skip before Reverse before Boost."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Waste
from ..state import Noon


def skip(noon: Noon) -> None:
    """R6.3 Any standing Skip erases every vote on its contestant, from everyone."""
    for i in noon.waiting(CardId.SKIP):
        target = noon.plays[i].target
        assert target is not None
        noon.land(i)
        noon.skipped.add(target)


def reverse(noon: Noon) -> None:
    """R6.4 An odd number of standing Reverses flips every vote; an even number cancels out."""
    flips: dict[str, int] = {}
    for i in noon.waiting(CardId.REVERSE):
        target = noon.plays[i].target
        assert target is not None
        if target in noon.skipped:
            noon.waste(i, Waste.SKIPPED)
            continue
        noon.land(i)
        flips[target] = flips.get(target, 0) + 1
    noon.flipped.update(target for target, count in flips.items() if count % 2)


def boost(noon: Noon) -> None:
    """R6.5 A standing Boost doubles its own player's vote there, whichever way it now points."""
    for i in noon.waiting(CardId.BOOST):
        play = noon.plays[i]
        assert play.target is not None
        if play.target in noon.skipped:
            noon.waste(i, Waste.SKIPPED)
            continue
        own_vote = (play.player, play.target)
        if not noon.has_voted(play.player, play.target):
            noon.waste(i, Waste.NO_VOTE)
        elif own_vote in noon.boosted:
            noon.waste(i, Waste.SECOND_BOOST)
        else:
            noon.boosted.add(own_vote)
            noon.land(i)
