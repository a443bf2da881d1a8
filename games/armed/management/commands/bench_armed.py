"""Time a move at a six-seat armed table whose five bots answer (A12), on this database.

A move is one transaction: lock the table and its seats, replay the stored actions with
the new one through the engine (the five sharp bots play every decision up to the
human's next), save. This plays `--games` tables of one human and five bots through the
services, answering every decision the simple way, and prints p50/p95 of a move and its
queries, against a floor measured in the same run (the same transaction with no engine:
lock the row, save it). Then the replay alone: the engine on the longest game's input.
Targets: p95 under 50 ms; a 60-turn game replays in under 5 ms. It removes what it built.
"""

from __future__ import annotations

import statistics
import time

from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.armed.engine import run
from games.armed.models import ArmedTable
from games.armed.tables import lobby, moves
from games.armed.tables.adapter import TABLES
from goonsite import clock
from goonsite.enginekit.bench import best_of

P95_TARGET_MS = 50.0
REPLAY_TARGET_MS = 5.0


def awaited(table_id: int):
    return TABLES.output_of(ArmedTable.objects.get(pk=table_id)).awaiting


def answer(table_id: int, user, now, a) -> None:
    """The awaited human decision `a` answered as the simple default would."""
    raw = a.raw
    if a.decision == "respond":
        moves.answer(user=user, game_id=table_id, grit=False, now=now)
    elif a.decision in ("turn", "free_shot"):
        hand = raw["hand"]
        if a.decision == "free_shot" and not hand:
            moves.hold(user=user, game_id=table_id, now=now)
        elif raw.get("can_fire", True) and hand:
            target = raw["targets"][0] if raw["targets"] else None
            moves.fire(user=user, game_id=table_id, card=hand[0], target=target, now=now)
        else:
            moves.cycle(user=user, game_id=table_id, card=hand[0] if hand else None, now=now)
    elif a.decision == "discard":
        moves.discard(user=user, game_id=table_id, cards=raw["hand"][: raw["count"]], now=now)
    else:
        moves.pick(user=user, game_id=table_id, player=raw["players"][0], now=now)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "p50/p95 of a move at a 6-seat table with five bots; queries; replay time."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=20)

    def handle(self, *, games: int, **options) -> None:
        tag = f"bench-armed-{time.time_ns()}"
        user = User.objects.create(username=tag, display_name="Bench", password=make_password(None))
        try:
            self.bench(user, games)
        finally:
            ArmedTable.objects.filter(opener=user).delete()
            user.delete()

    def bench(self, user, games: int) -> None:
        times, queries, floor = [], [], []
        longest = None
        for _ in range(games):
            now = clock.now()
            table = lobby.quick_game(user=user, size=6, policy="sharp", now=now)
            while ArmedTable.objects.filter(pk=table.pk, stage="playing").exists():
                a = awaited(table.pk)
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    answer(table.pk, user, now, a)
                    times.append((time.perf_counter() - start) * 1000)
                queries.append(len(captured))
                start = time.perf_counter()
                with transaction.atomic():
                    row = ArmedTable.objects.select_for_update().get(pk=table.pk)
                    row.save()
                floor.append((time.perf_counter() - start) * 1000)
            game = ArmedTable.objects.get(pk=table.pk)
            if longest is None or len(game.moves) > len(longest.moves):
                longest = game
        p50, p95, f50 = pct(times, 50), pct(times, 95), statistics.median(floor)
        self.stdout.write(
            f"database: {connection.vendor}; {games} six-seat tables (1 human, 5 sharp bots), "
            f"{len(times)} moves (the machine may be shared: read the ratio to the floor)"
        )
        self.stdout.write(
            f"move: p50 {p50:.1f} ms, p95 {p95:.1f} ms (target p95 < {P95_TARGET_MS:.0f} ms); "
            f"floor (lock + save, no engine) p50 {f50:.1f} ms; p95/floor {p95 / f50:.1f}x"
        )
        self.stdout.write(
            f"queries a move: min {min(queries)}, max {max(queries)} (flat: early = late)"
        )
        if longest is not None:
            engine_input = longest.engine_input()
            turns = sum(1 for e in TABLES.output_of(longest).raw["log"] if e["event"] == "turn")
            best = best_of(50, lambda: run(engine_input)) * 1000
            self.stdout.write(
                f"replay: the longest game ({turns} turns, {len(longest.moves)} human actions) "
                f"in {best:.2f} ms (target < {REPLAY_TARGET_MS:.0f} ms for 60 turns)"
            )
