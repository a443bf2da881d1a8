"""Time the noon engine alone on a large random day.

    python -m games.ladder.engine.bench [--contestants 1000] [--players 100000]
                                 [--votes 300000] [--plays 100000] [--seed 1]

Prints the time at a tenth of the size and at full size, so growth can be read off;
then the command line (`python -m games.ladder.engine day.json`) on the full-size day
against its floor: a bare `json.load` + `json.dumps` of the same file in a fresh
interpreter, which no JSON-in, JSON-out command can beat.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict

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


# The floors: read the day and write it back, with json.dumps (the C encoder, the strict
# floor) and with json.dump to the stream (the pure-Python encoder, as first measured).
FLOOR_DUMPS = "import json, sys; sys.stdout.write(json.dumps(json.load(open(sys.argv[1]))))"
FLOOR_DUMP = "import json, sys; json.dump(json.load(open(sys.argv[1])), sys.stdout)"


def day_json(day: Day) -> dict:
    """The day in the engine's JSON input form (spec: noon-engine.md)."""
    return {
        "noon": day.noon.isoformat(),
        "seed": day.seed,
        "contestants": [asdict(c) for c in day.contestants],
        "players": [{**p._asdict(), "hand": [card.value for card in p.hand]} for p in day.players],
        "votes": [
            {
                "player": v.player,
                "contestant": v.contestant,
                "direction": v.direction.value,
                "points": v.points,
            }
            for v in day.votes
        ],
        "plays": [
            {"player": p.player, "card": p.card.value, "target": p.target} for p in day.plays
        ],
    }


def time_command(command: list[str], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def time_cli(day: Day) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "day.json")
        with open(path, "w") as f:
            f.write(json.dumps(day_json(day)))
        size = os.path.getsize(path) / 1e6
        cli = time_command([sys.executable, "-m", "games.ladder.engine", path])
        dumps = time_command([sys.executable, "-c", FLOOR_DUMPS, path])
        dump = time_command([sys.executable, "-c", FLOOR_DUMP, path])
    print(f"command line on the full day ({size:.0f} MB of JSON), best of 3:")
    print(f"  python -m games.ladder.engine day.json  {cli:6.2f} s")
    print(f"  floor: json.load + json.dumps           {dumps:6.2f} s  ratio {cli / dumps:.2f}x")
    print(f"  floor: json.load + json.dump (stream)   {dump:6.2f} s  ratio {cli / dump:.2f}x")


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
    time_cli(day)


if __name__ == "__main__":
    main()
