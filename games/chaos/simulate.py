"""python -m games.chaos.simulate [--games N] [--json]: the seed's playtest grid (§17, K16)
played by the K15 bots.

Game i has seed i, (3, 5, 8)[i mod 3] seats p1…pN, the dealer's starting hand size
(3, 6, 9)[(i div 3) mod 3], and seats alternately sharp and simple (seat 1 sharp). The
report is the same on every run and machine except for the speed; --json prints it as
one line. The target: 10,000 games in under 10 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass

from .engine.game import new_table
from .engine.session import Session
from .engine.turns import game as flow

PLAYER_COUNTS = (3, 5, 8)
HAND_SIZES = (3, 6, 9)
TARGET_CPU_SECONDS_PER_10K = 10.0


@dataclass(frozen=True, slots=True)
class Outcome:
    players: int
    hand_size: int
    turns: int
    reason: str
    winners: int
    level: int


def grid_game(i: int) -> dict:
    players = PLAYER_COUNTS[i % 3]
    return {
        "seed": i,
        "seats": [
            {"id": f"p{n}", "kind": "bot", "policy": "sharp" if n % 2 else "simple"}
            for n in range(1, players + 1)
        ],
        "hand_size": HAND_SIZES[(i // 3) % 3],
    }


def play(i: int) -> Outcome:
    """One all-bot game, without the log nobody reads here."""
    spec = {**grid_game(i), "setup": None, "actions": []}
    t = new_table(spec, logging=False)
    Session(t, flow(t, spec))
    assert t.result is not None, f"game {i} did not end"
    return Outcome(
        players=len(t.seats),
        hand_size=spec["hand_size"],
        turns=t.turn,
        reason=t.result["reason"],
        winners=len(t.result["winners"]),
        level=t.level,
    )


def summary(outcomes: list[Outcome], cpu_seconds: float) -> dict:
    turns = [o.turns for o in outcomes]
    levels = Counter(o.level for o in outcomes)
    return {
        "games": len(outcomes),
        "turns": {"total": sum(turns), "max": max(turns), "median": statistics.median(turns)},
        "fallback": sum(o.reason == "fallback" for o in outcomes),
        "won_at_turn_15": sum(o.reason == "condition" and o.turns == 15 for o in outcomes),
        "shared": sum(o.winners > 1 for o in outcomes),
        "final_levels": {str(level): levels[level] for level in range(1, 6)},
        "games_per_cpu_second": round(len(outcomes) / cpu_seconds, 1) if cpu_seconds else None,
    }


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def report(outcomes: list[Outcome], s: dict, cpu_seconds: float) -> str:
    n = s["games"]
    lines = [
        f"CHAOS playtest grid: {n:,} games (seed i, 3/5/8 seats, hands 3/6/9, sharp/simple bots)",
        f"  total turns     median {s['turns']['median']}, mean {s['turns']['total'] / n:.2f}, "
        f"max {s['turns']['max']}",
        f"  fallback wins   {s['fallback']:,} ({_share(s['fallback'], n).strip()})",
        f"  won at turn 15  {s['won_at_turn_15']:,} ({_share(s['won_at_turn_15'], n).strip()})",
        f"  shared wins     {s['shared']:,} ({_share(s['shared'], n).strip()})",
        "  final level     "
        + ", ".join(f"{lv}: {count:,}" for lv, count in s["final_levels"].items()),
        "",
        "  players  hand   games  median turns  fallback  won at 15",
    ]
    cells: dict[tuple[int, int], list[Outcome]] = {}
    for o in outcomes:
        cells.setdefault((o.players, o.hand_size), []).append(o)
    for players in PLAYER_COUNTS:
        for hand in HAND_SIZES:
            cell = cells.get((players, hand), [])
            if not cell:
                continue
            fallback = sum(o.reason == "fallback" for o in cell)
            first = sum(o.reason == "condition" and o.turns == 15 for o in cell)
            median = statistics.median(o.turns for o in cell)
            lines.append(
                f"  {players:7}  {hand:4}  {len(cell):6}  {median:12}"
                f"  {_share(fallback, len(cell))}  {_share(first, len(cell))}"
            )
    for players in PLAYER_COUNTS:
        group = [o for o in outcomes if o.players == players]
        if group:
            fallback = sum(o.reason == "fallback" for o in group)
            lines.append(
                f"  {players} players: median {statistics.median(o.turns for o in group)} turns, "
                f"fallback {_share(fallback, len(group)).strip()}"
            )
    speed = s["games_per_cpu_second"]
    lines += [
        "",
        f"  speed           {cpu_seconds:.2f} s of CPU, {speed:,.0f} games per CPU second "
        f"(target: 10,000 games in under {TARGET_CPU_SECONDS_PER_10K:.0f} s, "
        f"{10_000 / TARGET_CPU_SECONDS_PER_10K:,.0f} games per CPU second)",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.chaos.simulate", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="games to play (10,000)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON line")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    start = time.process_time()
    outcomes = [play(i) for i in range(args.games)]
    cpu_seconds = time.process_time() - start
    s = summary(outcomes, cpu_seconds)
    print(json.dumps(s) if args.json else report(outcomes, s, cpu_seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
