"""R6.6-R6.8: Chaos, the vote count and idle decay, the steps that move scores."""

from __future__ import annotations

from ..cards import CardId
from ..day import Direction
from ..outcome import ChaosHit, Effect, Waste
from ..rules import DECAY_GRACE_DAYS
from ..state import Noon

CHAOS_MAX = 10


def chaos(noon: Noon) -> None:
    """R6.6 Each Chaos, in play order, moves a random eligible contestant 1-10 points."""
    chaos_plays = noon.waiting(CardId.CHAOS)
    if not chaos_plays:
        return
    eligible = [c for c in noon.contestants.values() if c.on_ladder and not c.frozen]
    for i in chaos_plays:
        player = noon.plays[i].player
        if not eligible:
            noon.waste(i, Waste.NO_TARGET)
            hit = ChaosHit(i, player, None, 0)
        else:
            victim = noon.rng.choice(eligible)
            delta = noon.rng.randint(1, CHAOS_MAX) * noon.rng.choice((1, -1))
            victim.score += delta
            noon.land(i)
            noon.effects[i] = Effect(contestant=victim.id, points=delta)
            hit = ChaosHit(i, player, victim.id, delta)
        noon.chaos.append(hit)
        noon.log.append(hit)


def count_votes(noon: Noon) -> None:
    """R6.7 and R4.2: what is left of each vote moves the score and the season up/down counts.

    Also keeps what each vote landed as and each contestant's points up and down (R3.4),
    and what each Boost added.
    """
    contestants, flipped, boosted = noon.contestants, noon.flipped, noon.boosted
    ignored = noon.skipped | {c.id for c in contestants.values() if not c.on_ladder or c.frozen}
    up = Direction.UP
    landed = [0] * len(noon.day.votes)
    votes_up, votes_down, effects = noon.votes_up, noon.votes_down, noon.effects
    for n, (player, cid, direction, points) in enumerate(noon.day.votes):
        if cid in ignored:
            continue
        c = contestants[cid]
        boost = boosted.get((player, cid)) if boosted else None
        if boost is not None:
            points *= 2
        if (direction == up) != (cid in flipped):
            c.score += points
            c.upvotes += 1
            votes_up[cid] = votes_up.get(cid, 0) + points
            landed[n] = points
        else:
            c.score -= points
            c.downvotes += 1
            votes_down[cid] = votes_down.get(cid, 0) + points
            landed[n] = -points
        if boost is not None:
            effects[boost] = Effect(votes=1, points=landed[n] // 2)
    noon.vote_landed = landed


def idle_decay(noon: Noon) -> None:
    """R6.8 Silent weeks after the grace week pull a score toward 0: 1, 2, 4, 8... points."""
    for c in noon.contestants.values():
        if not c.on_ladder:
            continue
        if c.frozen or c.id in noon.voted_on:
            c.silent_days = 0
            continue
        c.silent_days += 1
        weeks_past_grace, rest = divmod(c.silent_days - DECAY_GRACE_DAYS, 7)
        if weeks_past_grace < 0 or rest:
            continue
        if c.score > 0:
            c.score = max(0, c.score - 2**weeks_past_grace)
        elif c.score < 0:
            c.score += 1
