"""Who voted where today: one pass over a day's votes that check_day and Noon both read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from .day import Vote


class VotesCast(NamedTuple):
    # One pair per vote, unless a player voted twice on one contestant (check_day refuses).
    pairs: set[tuple[str, str]]  # (player, contestant)
    by_player: Counter[str]  # how many votes each player cast
    contestants: set[str]  # everyone voted on


def votes_cast(votes: Sequence[Vote]) -> VotesCast:
    return VotesCast(
        {(v.player, v.contestant) for v in votes},
        Counter([v.player for v in votes]),
        {v.contestant for v in votes},
    )
