"""The playtest of A13.4: all-bot games on fixed mixed tables, and their balance report.

    python -m games.armed.simulate [--games 30000] [--json]

Game k (k = 0, 1, ...) has seed k and 3 + (k mod 4) seats `s1`...`sN`; seat i (0-based)
plays the sharp policy when bit i of the first SplitMix64 output for seed k XOR 0x5EA7 is
1, else the simple one. Everything but `games_per_cpu_second` is the same on every run and
every machine. `--json` prints one line with the summary; without it the full report
(win rates by seat, by position in turn order and by policy, per table size; lengths;
endings; shared wins; Broken seats) is printed with the speed beside it.

A game's `rounds` is the round it ended in (a store closing mid-round counts that round);
its `turns` are every turn begun, skipped and extra turns included. `broken_seats` counts
the seats with 0 Teeth at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from .engine.cards import DESIGN_OF, DESIGNS
from .engine.game import begin
from .engine.parse import GameSpec, SeatSpec
from .engine.stream import first_output

POLICY_SALT = 0x5EA7
ENDINGS = ("final_round", "store_closed", "closing_time")
POLICIES = ("simple", "sharp")
TARGET_GAMES = 30_000
TARGET_CPU_SECONDS = 10.0


def table(k: int) -> GameSpec:
    """The fixed mixed table of game k."""
    n = 3 + k % 4
    bits = first_output(k ^ POLICY_SALT)
    seats = [SeatSpec(f"s{i + 1}", "bot", "sharp" if bits >> i & 1 else "simple") for i in range(n)]
    return GameSpec(seed=k, seats=seats, setup=None, actions=[])


@dataclass
class Size:
    """Tallies for one table size."""

    games: int = 0
    by_seat: list[float] = field(default_factory=lambda: [0.0] * 6)
    by_position: list[float] = field(default_factory=lambda: [0.0] * 6)
    wins_by_policy: Counter[str] = field(default_factory=Counter)
    seats_by_policy: Counter[str] = field(default_factory=Counter)


@dataclass
class Tally:
    games: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    shared_wins: int = 0
    broken_seats: int = 0
    rounds: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    wins_by_policy: Counter[str] = field(default_factory=Counter)
    seats_by_policy: Counter[str] = field(default_factory=Counter)
    sizes: dict[int, Size] = field(default_factory=lambda: defaultdict(Size))

    def add(self, spec: GameSpec) -> None:
        g = begin(spec, logging=False)
        assert g.result is not None, "an all-bot game is played to its end before any action"
        n = len(g.seats)
        size = self.sizes[n]
        self.games += 1
        size.games += 1
        self.endings[g.result["reason"]] += 1
        self.rounds.append(g.round)
        self.turns.append(g.turns)
        winners = set(g.result["winners"])
        if len(winners) > 1:
            self.shared_wins += 1
        share = 1 / len(winners)
        for seat in g.seats:
            self.seats_by_policy[seat.policy] += 1
            size.seats_by_policy[seat.policy] += 1
            if seat.teeth == 0:
                self.broken_seats += 1
            if seat.id in winners:
                self.wins_by_policy[seat.policy] += share
                size.wins_by_policy[seat.policy] += share
                size.by_seat[seat.pos] += share
                size.by_position[(seat.pos - g.first.pos) % n] += share

    def summary(self, cpu: float) -> dict[str, Any]:
        return {
            "games": self.games,
            "endings": {e: self.endings[e] for e in ENDINGS},
            "shared_wins": self.shared_wins,
            "broken_seats": self.broken_seats,
            "rounds": {"total": sum(self.rounds), "max": max(self.rounds, default=0)},
            "turns": {"total": sum(self.turns), "max": max(self.turns, default=0)},
            "wins_by_policy": {p: round(self.wins_by_policy[p], 6) for p in POLICIES},
            "seats_by_policy": {p: self.seats_by_policy[p] for p in POLICIES},
            "games_per_cpu_second": round(self.games / cpu, 1) if cpu > 0 else None,
        }


def playtest(games: int) -> tuple[Tally, float]:
    tally = Tally()
    start = time.process_time()
    for k in range(games):
        tally.add(table(k))
    return tally, time.process_time() - start


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def report(tally: Tally, cpu: float) -> str:
    lines = [
        f"So You've Armed Yourself: {tally.games:,} all-bot games on the mixed tables (A13.4)",
        f"speed: {cpu:.2f} s CPU, {tally.games / cpu:,.0f} games per CPU second"
        + (
            f"; {TARGET_GAMES:,} games at this rate: {TARGET_GAMES * cpu / tally.games:.2f} s "
            f"(target under {TARGET_CPU_SECONDS:.0f} s on one core)"
            if tally.games
            else ""
        ),
        "",
        "endings: "
        + ", ".join(
            f"{e} {tally.endings[e]:,} ({_pct(tally.endings[e], tally.games).strip()})"
            for e in ENDINGS
        ),
        f"shared wins: {tally.shared_wins:,} ({_pct(tally.shared_wins, tally.games).strip()})",
        f"Broken seats at the end: {tally.broken_seats:,}",
    ]
    for name, values in (("rounds", tally.rounds), ("turns", tally.turns)):
        if values:
            lines.append(
                f"{name}: mean {statistics.fmean(values):.2f}, "
                f"median {statistics.median(values):g}, max {max(values)}"
            )
    lines.append("")
    lines.append("win rate (a shared win counts 1/w for each of w winners)")
    for n in sorted(tally.sizes):
        size = tally.sizes[n]
        lines.append(f"  {n} seats, {size.games:,} games (fair share {100 / n:.1f}%)")
        lines.append(
            "    by seat:     " + " ".join(_pct(size.by_seat[i], size.games) for i in range(n))
        )
        lines.append(
            "    by position: " + " ".join(_pct(size.by_position[i], size.games) for i in range(n))
        )
        lines.append(
            "    by policy:   "
            + ", ".join(
                f"{p} {_pct(size.wins_by_policy[p], size.seats_by_policy[p]).strip()} per seat"
                for p in POLICIES
            )
        )
    lines.append(
        "  all sizes by policy: "
        + ", ".join(
            f"{p} {_pct(tally.wins_by_policy[p], tally.seats_by_policy[p]).strip()} per seat "
            f"({tally.seats_by_policy[p]:,} seats)"
            for p in POLICIES
        )
    )
    return "\n".join(lines)


def gun_report(games: int) -> str:
    """For the designer: each design's shots, how often they were gritted, and how often
    a goon who fired it won (a shared win counts 1/w), beside the average win share."""
    fired: Counter[str] = Counter()
    gritted: Counter[str] = Counter()
    firers: Counter[str] = Counter()
    firer_wins: defaultdict[str, float] = defaultdict(float)
    seats = wins = 0.0
    for k in range(games):
        g = begin(table(k), logging=True)
        assert g.result is not None and g.log is not None
        winners = g.result["winners"]
        share = 1 / len(winners)
        seats += len(g.seats)
        wins += 1
        used: set[tuple[str, str]] = set()
        latest = ""
        for event in g.log:
            if event["event"] == "fire":
                latest = DESIGN_OF[event["card"]]
                fired[latest] += 1
                used.add((event["seat"], latest))
            elif event["event"] == "grit":
                gritted[latest] += 1
        for seat, design in used:
            firers[design] += 1
            if seat in winners:
                firer_wins[design] += share
    base = wins / seats
    lines = [
        f"guns over {games:,} games: shots, share gritted, win rate of a goon who fired it "
        f"(average seat {100 * base:.1f}%)"
    ]
    ranked = sorted(DESIGNS, key=lambda d: -firer_wins[d] / firers[d] if firers[d] else 0)
    for design in ranked:
        lines.append(
            f"  {design:<14} {fired[design]:>8,} {_pct(gritted[design], fired[design])} "
            f"{_pct(firer_wins[design], firers[design])}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="how many games (30,000)")
    parser.add_argument("--json", action="store_true", help="one line of JSON: the summary")
    parser.add_argument(
        "--guns", action="store_true", help="also a table per gun design (plays with a log)"
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    tally, cpu = playtest(args.games)
    if args.json:
        print(json.dumps(tally.summary(cpu)))
    else:
        print(report(tally, cpu))
    if args.guns:
        print(gun_report(args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
