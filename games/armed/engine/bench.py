"""Time the engine's replay: the site stores a game as its actions and replays them all
for every new action (as Exoptosis does), so one replay is what one move costs.

    python -m games.armed.engine.bench [--actions 300] [--repeat 50]

Builds a six-goon game of all humans that is still running after `--actions` actions
(each answer the choice of a bot in the seat's place, followed by two chat messages that
keep every bit: no game of bot answers lasts more than about 100 decisions), then prints
the best time of `run()` on the whole list against the floor of 5 ms. The playtest's own
speed is printed by `python -m games.armed.simulate`.
"""

from __future__ import annotations

import argparse
from typing import Any

from goonsite.enginekit.bench import best_of

from .actions import apply
from .bots import POLICIES
from .game import begin, run
from .parse import parse_action, parse_game
from .state import Decision

REPLAY_ACTIONS = 300
REPLAY_FLOOR_MS = 5.0
KEEPS_EVERY_BIT = "*BAWK"  # a pose, a shout and a cluck at once (A8.1)


def as_action(d: Decision, answer: tuple) -> dict[str, Any]:
    """A bot's answer written as the site would send it for the awaited seat."""
    move: dict[str, Any] = {"type": answer[0], "seat": d.seat.id}
    if answer[0] == "fire":
        move["card"] = answer[1]
        if answer[2] is not None:
            move["target"] = answer[2].id
    elif answer[0] == "cycle":
        move["card"] = answer[1]
    elif answer[0] == "discard":
        move["cards"] = list(answer[1])
    elif answer[0] == "pick":
        move["player"] = answer[1].id
    return move


def long_game(actions: int = REPLAY_ACTIONS, first_seed: int = 0) -> dict[str, Any]:
    """The first seeded game from `first_seed` on that is still running after `actions`."""
    for seed in range(first_seed, first_seed + 10_000):
        game: dict[str, Any] = {"seed": seed, "seats": [{"id": f"goon{i}"} for i in range(1, 7)]}
        spec = parse_game(game)
        ids = {s.id for s in spec.seats}
        g = begin(spec)
        moves: list[dict[str, Any]] = []
        while g.result is None and len(moves) < actions:
            d = g.awaiting
            assert d is not None
            if len(moves) % 3:
                move = {"type": "say", "seat": d.seat.id, "text": KEEPS_EVERY_BIT}
            else:
                policy = POLICIES["sharp" if d.seat.pos % 2 else "simple"]
                move = as_action(d, policy(g, d))
            g.index = len(moves)
            apply(g, parse_action(g.index, move, ids))
            moves.append(move)
        if g.result is None:
            return {**game, "actions": moves}
    raise RuntimeError(f"no game from seed {first_seed} on lasts {actions} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=REPLAY_ACTIONS)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    game = long_game(args.actions)
    out = run(game)
    assert not out["refusals"], "the benchmark game must replay without refusals"
    ms = best_of(args.repeat, lambda: run(game)) * 1000
    verdict = "under" if ms < REPLAY_FLOOR_MS else "OVER"
    print(
        f"armed replay: {len(game['actions'])} actions (seed {game['seed']}, 6 goons, "
        f"{len(out['log'])} events) in {ms:.2f} ms, best of {args.repeat}; "
        f"{verdict} the {REPLAY_FLOOR_MS:.0f} ms floor"
    )


if __name__ == "__main__":
    main()
