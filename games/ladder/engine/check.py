"""Is the day well formed? Checked in full before a noon builds anything from it."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CardId
from .cast import VotesCast, votes_cast
from .day import Day, Play, Vote
from .errors import DayError


def check_day(day: Day, cast: VotesCast | None = None) -> None:
    """Raise DayError naming the first thing wrong with the day, or return.

    `cast` is `votes_cast(day.votes)` when the caller has it already.

    A day is wrong when it lists a contestant or player twice, names an unknown one, has
    two votes by one player on one contestant (R3.2), or a play noon can't take: a Golden
    Gooner (it acts at once, R6.9), Chaos with a target or another card without one (R5.5).
    """
    contestants = _unique("contestant", [c.id for c in day.contestants])
    players = _unique("player", [p.id for p in day.players])
    # A large day has hundreds of thousands of votes and plays: whole-list set operations
    # tell whether all is well; only when it is not does a row-by-row pass find the first
    # row at fault, to name it.
    if cast is None:
        cast = votes_cast(day.votes)
    if not _votes_are_fine(cast, len(day.votes), players, contestants):
        _name_bad_vote(day.votes, players, contestants)
    if not _plays_are_fine(day.plays, players, contestants):
        _name_bad_play(day.plays, players, contestants)


def _votes_are_fine(
    cast: VotesCast, vote_count: int, players: set[str], contestants: set[str]
) -> bool:
    return (
        cast.by_player.keys() <= players
        and cast.contestants <= contestants
        and len(cast.pairs) == vote_count
    )


def _name_bad_vote(votes: Sequence[Vote], players: set[str], contestants: set[str]) -> None:
    voted: set[tuple[str, str]] = set()
    for n, v in enumerate(votes):
        if v.player not in players:
            raise DayError(f"vote {n}: unknown player {v.player!r}")
        if v.contestant not in contestants:
            raise DayError(f"vote {n}: unknown contestant {v.contestant!r}")
        key = (v.player, v.contestant)
        if key in voted:
            raise DayError(f"vote {n}: {v.player!r} already voted on {v.contestant!r} today")
        voted.add(key)


def _plays_are_fine(plays: Sequence[Play], players: set[str], contestants: set[str]) -> bool:
    targets = {p.target for p in plays}
    targets.discard(None)
    return (
        {p.player for p in plays} <= players
        and targets <= contestants
        and CardId.GOLDEN_GOONER not in {p.card for p in plays}
        and all((p.card is CardId.CHAOS) is (p.target is None) for p in plays)
    )


def _name_bad_play(plays: Sequence[Play], players: set[str], contestants: set[str]) -> None:
    for n, p in enumerate(plays):
        if p.player not in players:
            raise DayError(f"play {n}: unknown player {p.player!r}")
        if p.target is not None and p.target not in contestants:
            raise DayError(f"play {n}: unknown contestant {p.target!r}")
        if p.card is CardId.GOLDEN_GOONER:
            raise DayError(f"play {n}: a Golden Gooner acts at once and never waits for noon")
        if p.card is CardId.CHAOS and p.target is not None:
            raise DayError(f"play {n}: Chaos takes no target")
        if p.card is not CardId.CHAOS and p.target is None:
            raise DayError(f"play {n}: {p.card} needs a target")


def _unique(kind: str, ids: list[str]) -> set[str]:
    seen = set(ids)
    if len(seen) < len(ids):
        seen = set()
        for i in ids:
            if i in seen:
                raise DayError(f"{kind} {i!r} is listed twice")
            seen.add(i)
    return seen
