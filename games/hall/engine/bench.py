"""Time the Exoptosis engine alone.

    python -m games.hall.engine.bench [--games 1000] [--seed 1] [--repeat 50]

1. Plays `--games` random legal games of 2-8 players, each move picked from what the
   engine says is awaited (autoplay.py), and prints games per second; then replays the
   finished games with `run()` from their move lists.
2. Builds a 300-action game and times `run()` on its whole move list, best of
   `--repeat`. The site replays the whole list for every new move (H7.7), so this is
   the time one move costs; it must stay under 10 ms.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from goonsite.enginekit.bench import best_of

from .autoplay import play_out, random_setup
from .resolve import run

REPLAY_ACTIONS = 300
REPLAY_FLOOR_MS = 10.0


def long_game(actions: int, seed: int) -> dict[str, Any]:
    """A game still going after `actions` moves: 8 players with deep inventories."""
    for attempt in range(1000):
        rng = random.Random(seed * 1000 + attempt)
        setup = random_setup(rng, 8, hand=(6, 10), inventory=(12, 20))
        moves, _ = play_out(setup, rng, max_actions=actions, timeouts=0.02, changes=0.02)
        if len(moves) == actions:
            return {**setup, "actions": moves}
    raise RuntimeError(f"no game reached {actions} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    setups = [random_setup(rng, rng.randint(2, 8)) for _ in range(args.games)]
    start = time.perf_counter()
    games = [{**s, "actions": play_out(s, rng)[0]} for s in setups]
    played = time.perf_counter() - start
    actions = sum(len(g["actions"]) for g in games)
    start = time.perf_counter()
    outcomes = [run(g)["result"] for g in games]
    replayed = time.perf_counter() - start
    print(
        f"{args.games} random games of 2-8 players, {actions} actions"
        f" ({outcomes.count('won')} won, {outcomes.count('cancelled')} cancelled,"
        f" {outcomes.count(None)} still going at 400 actions)"
    )
    print(f"  played move by move: {args.games / played:8.0f} games/s")
    print(f"  replayed with run(): {args.games / replayed:8.0f} games/s")

    game = long_game(REPLAY_ACTIONS, args.seed)
    ms = best_of(args.repeat, lambda: run(game)) * 1000
    verdict = "ok" if ms < REPLAY_FLOOR_MS else "TOO SLOW"
    print(
        f"replay of a {REPLAY_ACTIONS}-action game with run(): {ms:.2f} ms"
        f" (best of {args.repeat}; must stay under {REPLAY_FLOOR_MS:.0f} ms: {verdict})"
    )


if __name__ == "__main__":
    main()
