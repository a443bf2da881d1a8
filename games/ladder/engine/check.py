"""Is the day well formed? Checked in full before a noon builds anything from it."""

from __future__ import annotations

from .cards import CardId
from .day import Day
from .errors import DayError


def check_day(day: Day) -> None:
    """Raise DayError naming the first thing wrong with the day, or return.

    A day is wrong when it lists a contestant or player twice, names an unknown one, has
    two votes by one player on one contestant (R3.2), or a play noon can't take: a Golden
    Gooner (it acts at once, R6.9), Chaos with a target or another card without one (R5.5).
    """
    contestants = _unique("contestant", (c.id for c in day.contestants))
    players = _unique("player", (p.id for p in day.players))
    voted: set[tuple[str, str]] = set()
    for n, v in enumerate(day.votes):
        if v.player not in players:
            raise DayError(f"vote {n}: unknown player {v.player!r}")
        if v.contestant not in contestants:
            raise DayError(f"vote {n}: unknown contestant {v.contestant!r}")
        key = (v.player, v.contestant)
        if key in voted:
            raise DayError(f"vote {n}: {v.player!r} already voted on {v.contestant!r} today")
        voted.add(key)
    for n, p in enumerate(day.plays):
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


def _unique(kind: str, ids) -> set[str]:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise DayError(f"{kind} {i!r} is listed twice")
        seen.add(i)
    return seen
