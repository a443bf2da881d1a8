"""Time the noon engine alone on a large random day.

    python -m games.ladder.engine.bench [--contestants 1000] [--players 100000]
                                 [--votes 300000] [--plays 100000] [--seed 1]

Prints the time at a tenth of the size and at full size, so growth can be read off.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import time

from .cards import REGULAR_CARDS, CardId
from .day import Contestant, Day, Direction, Play, Player, Vote
from .resolve import resolve_noon
from .rules import vote_points

PLAYABLE = [*REGULAR_CARDS, CardId.MINI_GOONER]


def build_day(contestants: int, players: int, votes: int, plays: int, seed: int) -> Day:
    rng = random.Random(seed)
    cids = [f"c{i}" for i in range(contestants)]
    cs = tuple(
        Contestant(
            cid,
            score=rng.randint(-50, 500),
            upvotes=rng.randint(0, 300),
            downvotes=rng.randint(0, 300),
            joined=i + 1,
            trophies=rng.randint(0, 9),
            silent_days=rng.randint(0, 30),
            locked=i + 1 if i < 3 else 0,
            golden=i - 2 if 3 <= i < 5 else 0,
        )
        for i, cid in enumerate(cids)
    )
    per_player = max(1, min(4, round(votes / players)))
    ps = tuple(
        Player(
            f"p{i}",
            season_votes=rng.randint(0, 120),
            votes_per_day=per_player if per_player >= 3 else 3,
            hand=tuple(rng.choices(PLAYABLE, k=rng.randint(0, 10))),
            golden_holder=i < 2,
        )
        for i in range(players)
    )
    vs: list[Vote] = []
    for p in ps:
        if len(vs) >= votes:
            break
        for nth, cid in enumerate(rng.sample(cids, per_player), start=1):
            direction = Direction.UP if rng.random() < 0.7 else Direction.DOWN
            vs.append(Vote(p.id, cid, direction, vote_points(nth, p.votes_per_day) or 1))
    rng.shuffle(vs)
    ys = tuple(
        Play(
            f"p{rng.randrange(players)}",
            card,
            None if card == CardId.CHAOS else rng.choice(cids),
        )
        for card in rng.choices(PLAYABLE, k=plays)
    )
    return Day(dt.date(2026, 12, 9), seed, cs, ps, tuple(vs[:votes]), ys)


def time_engine(day: Day, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        resolve_noon(day)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contestants", type=int, default=1_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--votes", type=int, default=300_000)
    parser.add_argument("--plays", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{'size':>6} {'contestants':>11} {'players':>8} {'votes':>8} {'plays':>8} {'seconds':>8}"
    )
    times = []
    for fraction in (10, 1):
        day = build_day(
            max(5, args.contestants // fraction),
            args.players // fraction,
            args.votes // fraction,
            args.plays // fraction,
            args.seed,
        )
        seconds = time_engine(day)
        times.append(seconds)
        print(
            f"{'1/' + str(fraction):>6} {len(day.contestants):>11} {len(day.players):>8}"
            f" {len(day.votes):>8} {len(day.plays):>8} {seconds:>8.3f}"
        )
    print(f"full / tenth: {times[1] / times[0]:.1f}x (10x = linear)")


if __name__ == "__main__":
    main()
