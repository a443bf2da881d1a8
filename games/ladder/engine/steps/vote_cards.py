"""R6.3-R6.5: the cards that act on votes, Skip before Reverse before Boost."""

from __future__ import annotations

from ..cards import CardId
from ..outcome import Effect, Waste
from ..state import Noon


def skip(noon: Noon) -> None:
    """R6.3 Any standing Skip erases every vote on its contestant, from everyone."""
    skips = noon.waiting(CardId.SKIP)
    votes = noon.votes_on({noon.plays[i].target for i in skips if noon.plays[i].target})
    # Every Skip on a contestant erased the same votes: one Effect each, not one sum per Skip
    # (a busy contestant draws dozens of Skips, on hundreds of votes).
    effects = {
        target: Effect(votes=len(erased), points=sum(abs(p) for _, p in erased))
        for target, erased in votes.items()
    }
    for i in skips:
        target = noon.plays[i].target
        assert target is not None
        noon.land(i)
        noon.skipped.add(target)
        noon.effects[i] = effects[target]


def reverse(noon: Noon) -> None:
    """R6.4 An odd number of standing Reverses flips every vote; an even number cancels out."""
    flips: dict[str, list[int]] = {}
    for i in noon.waiting(CardId.REVERSE):
        target = noon.plays[i].target
        assert target is not None
        if target in noon.skipped:
            noon.waste(i, Waste.SKIPPED)
            continue
        noon.land(i)
        flips.setdefault(target, []).append(i)
    noon.flipped.update(target for target, plays in flips.items() if len(plays) % 2)
    votes = noon.votes_on(set(flips))
    for target, plays in flips.items():
        effect = Effect(
            votes=len(votes[target]),
            points=sum(p for _, p in votes[target]),
            reverses=len(plays),
            cancelled=not len(plays) % 2,
        )
        for i in plays:
            noon.effects[i] = effect


def boost(noon: Noon) -> None:
    """R6.5 A standing Boost doubles its own player's vote there, whichever way it now points.

    What it added is known once the votes are counted (R6.7), which fills in its effect.
    """
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
            noon.boosted[own_vote] = i
            noon.land(i)
