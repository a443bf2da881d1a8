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
        if target not in noon.skipped:
            noon.skipped.add(target)
            for vote in noon.votes_on.get(target, ()):
                vote.erased = True


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
    for target, count in flips.items():
        if count % 2:
            for vote in noon.votes_on.get(target, ()):
                vote.sign = -vote.sign


def boost(noon: Noon) -> None:
    """R6.5 A standing Boost doubles its own player's vote there, whichever way it now points."""
    for i in noon.waiting(CardId.BOOST):
        play = noon.plays[i]
        assert play.target is not None
        if play.target in noon.skipped:
            noon.waste(i, Waste.SKIPPED)
            continue
        own = next((v for v in noon.votes_on.get(play.target, ()) if v.player == play.player), None)
        if own is None:
            noon.waste(i, Waste.NO_VOTE)
        elif own.boosted:
            noon.waste(i, Waste.SECOND_BOOST)
        else:
            own.boosted = True
            noon.land(i)
