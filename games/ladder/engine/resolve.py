"""The one entry point: resolve a day's noon, step by step in the order of spec §6."""

from __future__ import annotations

import gc
from collections.abc import Callable

from .cast import votes_cast
from .check import check_day
from .day import Day
from .ladder import ladder_order
from .outcome import LadderRow, NoonResult, PlayerResult, PlayResult
from .rules import totals_after
from .state import Hand, Noon
from .steps.hands import deal, hand_limit
from .steps.sabotage import sabotage
from .steps.sakura import sakura_farts
from .steps.scoring import chaos, count_votes, idle_decay
from .steps.shield import shield
from .steps.targets import waste_untargetable
from .steps.trophies import mini_gooner, wednesday
from .steps.vote_cards import boost, reverse, skip

STEPS: tuple[Callable[[Noon], None], ...] = (
    waste_untargetable,  # §6 preamble
    sabotage,  # R6.1
    shield,  # R6.2
    skip,  # R6.3
    reverse,  # R6.4
    boost,  # R6.5
    chaos,  # R6.6
    count_votes,  # R6.7
    idle_decay,  # R6.8
    mini_gooner,  # R6.10 (R6.9, the Golden Gooner, acts outside noon)
    sakura_farts,  # R6.11
    wednesday,  # R6.12
    hand_limit,  # R6.13
    deal,  # R6.14
)


def resolve_noon(day: Day) -> NoonResult:
    """Everything the noon closing `day` does. Pure: the same day always gives the same result.

    Raises DayError when the day names unknown players or contestants or breaks the
    one-vote-per-contestant rule.
    """
    # A noon allocates a few objects per vote and play and frees none of them until it
    # returns; the cyclic collector would rescan the growing heap over and over.
    collecting = gc.isenabled()
    gc.disable()
    try:
        cast = votes_cast(day.votes)
        check_day(day, cast)
        noon = Noon(day, cast)
        old_rank = {
            c.id: rank
            for rank, c in enumerate(
                ladder_order(c for c in day.contestants if c.on_ladder), start=1
            )
        }
        for step in STEPS:
            step(noon)
        return _result(noon, old_rank)
    finally:
        if collecting:
            gc.enable()


def _player_result(hand: Hand) -> PlayerResult:
    player = hand.player
    return PlayerResult(
        player.id,
        *totals_after(player.season_votes, player.votes_per_day, hand.votes_cast),
        tuple(hand.cards),
        tuple(hand.trimmed),
        tuple(hand.dealt),
    )


def _result(noon: Noon, old_rank: dict[str, int]) -> NoonResult:
    before = {c.id: c for c in noon.day.contestants}
    chaos: dict[str, int] = {}
    for hit in noon.chaos:
        if hit.contestant is not None:
            chaos[hit.contestant] = chaos.get(hit.contestant, 0) + hit.delta
    up, down = noon.votes_up, noon.votes_down
    ladder = tuple(
        LadderRow(
            rank,
            c.score - before[c.id].score,
            old_rank.get(c.id, rank) - rank,
            c,
            up.get(c.id, 0),
            down.get(c.id, 0),
            chaos.get(c.id, 0),
            before[c.id],
        )
        for rank, c in enumerate(
            ladder_order(c for c in noon.contestants.values() if c.on_ladder), start=1
        )
    )
    off_ladder = tuple(c for c in noon.contestants.values() if not c.on_ladder)
    players = tuple([_player_result(hand) for hand in noon.hands.values()])
    plays: list[PlayResult] = []
    effects = noon.effects
    for r in noon.results:
        if r is None:
            raise AssertionError("a play was left without an outcome")
        effect = effects.get(r.index)
        plays.append(r if effect is None else r._replace(effect=effect))
    log = tuple(
        plays[event.index] if isinstance(event, PlayResult) else event for event in noon.log
    )
    return NoonResult(
        noon=noon.day.noon,
        ladder=ladder,
        off_ladder=off_ladder,
        plays=tuple(plays),
        chaos=tuple(noon.chaos),
        locked_now=tuple(noon.locked_now),
        winners=tuple(noon.winners),
        players=players,
        drew=noon.drew,
        log=log,
        votes=tuple(noon.vote_landed),
    )
