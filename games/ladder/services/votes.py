"""Cast a vote (R3): points by the order cast, every refusal of R3.3 with its reason."""

from __future__ import annotations

import datetime as dt

from goonsite import rows
from goonsite.refusal import Refusal

from ..engine import Direction
from ..engine.rules import vote_points, vote_refusal
from ..models import Vote
from ..selectors import as_engine_contestant, entry_and_votes
from .action import counted_by_next_noon

DIRECTIONS = frozenset(d.value for d in Direction)


def cast_vote(*, user, entry_id: int, direction: str, now: dt.datetime | None = None) -> Vote:
    """The vote as stored; `vote.day` is the day it counts for (R1.4)."""
    if direction not in DIRECTIONS:
        raise Refusal("A vote goes up or down.")
    with counted_by_next_noon(user=user, now=now) as action:
        day, player = action.day, action.player
        entry, voted_on = entry_and_votes(action.season.pk, entry_id, day.pk, player.pk)
        if entry is None:
            raise Refusal("That contestant isn't on this season's ladder.")
        if reason := vote_refusal(as_engine_contestant(entry)):
            raise Refusal(f"{entry} {reason}.")
        if entry.pk in voted_on:
            raise Refusal(f"You already voted on {entry} today. Votes are final.")
        points = vote_points(len(voted_on) + 1, player.votes_per_day)
        if points is None:
            raise Refusal(
                f"You have used all {player.votes_per_day} of today's votes. "
                "New votes arrive at noon Central."
            )
        # No signal: the action bumps the player's board (counted_by_next_noon).
        (vote,) = rows.insert(
            Vote(
                day=day,
                player=player,
                entry=entry,
                direction=direction,
                points=points,
                position=len(voted_on) + 1,
            )
        )
        return vote
