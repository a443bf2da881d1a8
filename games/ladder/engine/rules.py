"""The pure rules the web app needs outside noon: vote points, targets, Golden pins, milestones."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CardId, PackId, item_name
from .day import Contestant

MAX_VOTES_PER_DAY = 4
VOTE_POINTS: dict[int, tuple[int, ...]] = {3: (5, 3, 1), 4: (5, 4, 3, 1)}  # R3.1
EXTRA_VOTE_AT = 48
MILESTONES: tuple[tuple[int, CardId | PackId | None], ...] = (  # R6.14(b); None = +1 vote
    (6, PackId.BOOSTER_PACK),
    (12, CardId.MINI_GOONER),
    (24, PackId.BOOSTER_PACK),
    (EXTRA_VOTE_AT, None),
    (64, PackId.BOOSTER_PACK),
    (100, PackId.GOD_PACK),
)
HAND_LIMIT = 7  # regular cards (R6.13)
TROPHIES_PER_LOCK = 10  # every 10th Mini Gooner trophy locks (R6.10)
DECAY_GRACE_DAYS = 14  # the first silent week is grace; decay starts at the end of the second


def vote_points(nth: int, votes_per_day: int) -> int | None:
    """Points of the nth vote (1-based) of a day, or None when no votes are left (R3.1)."""
    points = VOTE_POINTS.get(min(votes_per_day, MAX_VOTES_PER_DAY), VOTE_POINTS[3])
    return points[nth - 1] if 1 <= nth <= len(points) else None


def votes_per_day_after(season_votes: int, votes_per_day: int) -> int:
    """Tomorrow's allowance: 4 from the noon after the season total reaches 48 (R3.1)."""
    if season_votes >= EXTRA_VOTE_AT:
        return MAX_VOTES_PER_DAY
    return votes_per_day


def totals_after(season_votes: int, votes_per_day: int, votes_cast: int) -> tuple[int, int]:
    """A player's season total and tomorrow's allowance once today's votes count (R3.1,
    R6.14(b)): every vote cast counts, whatever the cards did to it, so these depend on
    the votes alone and not on anything else the noon decides."""
    season_votes += votes_cast
    return season_votes, votes_per_day_after(season_votes, votes_per_day)


def milestones_crossed(before: int, after: int) -> list[tuple[int, CardId | PackId | None]]:
    """Milestones whose threshold lies in (before, after], lowest first."""
    return [(at, reward) for at, reward in MILESTONES if before < at <= after]


def milestone_reward(reward: CardId | PackId | None) -> str:
    """What a milestone gives, in words: "a Booster Pack", "a 4th vote every day"."""
    return "a 4th vote every day" if reward is None else f"a {item_name(reward)}"


def next_milestone(season_votes: int) -> tuple[int, CardId | PackId | None] | None:
    return next(((at, r) for at, r in MILESTONES if at > season_votes), None)


def vote_refusal(c: Contestant) -> str | None:
    """Why nobody may vote on this contestant now, or None (R3.3)."""
    if not c.on_ladder:
        return "is off the ladder"
    if c.locked:
        return "is locked at the top and takes no votes"
    if c.golden:
        return "is Golden until Wednesday noon and takes no votes"
    return None


def play_refusal(card: CardId, c: Contestant | None) -> str | None:
    """Why this card may not be played on this contestant, or None (R5.5, R6.9).

    The same test wastes a waiting card at noon if its target changed during the day.
    """
    if card == CardId.CHAOS:
        return None if c is None else "Chaos picks its own contestant"
    if c is None:
        return "needs a contestant"
    if not c.on_ladder:
        return "is off the ladder"
    if c.locked and card != CardId.SAKURA_FARTS:
        return "is locked: only Sakura Farts can be played on a locked contestant"
    if c.golden and card != CardId.MINI_GOONER:
        if card == CardId.GOLDEN_GOONER:
            return "is Golden already"
        return "is Golden: only a Mini Gooner still lands on them"
    return None


def next_golden_number(contestants: Iterable[Contestant]) -> int:
    """A new Golden pin goes one spot below the week's earlier ones (R6.9)."""
    return max((c.golden for c in contestants if c.on_ladder), default=0) + 1
