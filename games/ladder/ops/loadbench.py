"""Load benchmark of the real stack (a command, not a test):

    python -m games.ladder.ops.loadbench [--players 500] [--duration 60] [--noon-at 30]

Starts the stack of the system test (DEBUG=0, PostgreSQL, Redis, two gunicorn web nodes,
two django-q2 clusters) on a database it drops and recreates (LOADBENCH_DATABASE_URL,
default postgres://postgres@127.0.0.1:5432/goonsite_loadbench) and a Redis database it
flushes (LOADBENCH_REDIS_URL, default redis://127.0.0.1:6379/3). N logged-in players play
a day across both nodes for `duration` seconds, the site's noon comes `noon-at` seconds in
and the scheduled job resolves it; then prints requests/s, latency percentiles, errors
and the reconciliation of every acknowledged vote with the database.

Then the ratio: `concurrency` clients, each as fast as it can, ask for a bare view (the
same middleware, no game: /ping/) and then for the board, for `ratio-seconds` each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import tempfile
import time
from pathlib import Path

from games.ladder.ops.players import Player, Recorder, percentile
from games.ladder.ops.reconcile import reconcile
from games.ladder.ops.stack import Stack, free_ports

BOARD_AND_ACTIONS = ("board", "action")
P95_TARGET = 0.300  # seconds
STARTING_SECONDS = 60

CREATE_PLAYERS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import User
password = make_password("load-bench-password-not-secret")
users = User.objects.bulk_create(
    User(username=f"load{{n}}", display_name=f"Load {{n}}", password=password)
    for n in range({n})
)
sessions = []
for user in User.objects.filter(username__startswith="load").order_by("pk"):
    s = SessionStore()
    s[SESSION_KEY] = str(user.pk)
    s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash()
    s.create()
    sessions.append([user.username, s.session_key])
print(json.dumps(sessions))
"""


async def player_loop(player: Player, stack: Stack, deadline: float, think: float) -> None:
    voted = {"before": 0, "after": 0}
    played = {"before": False, "after": False}
    await asyncio.sleep(random.uniform(0, think))  # players arrive over time, not at once
    try:
        await player.open_packs()
    except Exception as exc:
        player.recorder.errors.append(f"{type(exc).__name__}: {exc}")
    while time.monotonic() < deadline:
        half = "before" if time.time() < stack.noon_real.timestamp() else "after"
        roll = random.random()
        try:
            if roll < 0.3 and voted[half] < 3 and player.entries:
                voted[half] += 1
                await player.vote(random.choice(player.entries), random.choice(["up", "down"]))
            elif roll < 0.4 and not played[half] and player.entries:
                played[half] = True
                await player.play("boost", random.choice(player.entries))
            elif roll < 0.45:
                await player.request("status", "GET", "/noon/status/")
            else:
                await player.board()
        except Exception as exc:  # counted as an error, the player carries on
            player.recorder.errors.append(f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(random.uniform(0.5, 1.5) * think)


async def play_the_day(stack, sessions, duration: float, think: float):
    recorder = Recorder()
    players = []
    for name, session in sessions:
        player = Player(name, stack.urls, recorder)
        player.use_session(session)
        players.append(player)
    deadline = time.monotonic() + duration
    recorder.began = time.time()
    start = time.perf_counter()
    await asyncio.gather(*(player_loop(p, stack, deadline, think) for p in players))
    elapsed = time.perf_counter() - start
    await asyncio.gather(*(p.close() for p in players))
    return players, recorder, elapsed


async def hammer(stack, sessions, path: str, seconds: float) -> tuple[float, list[float], int]:
    """Closed loop: each client asks again as soon as it has its answer."""
    recorder = Recorder()
    players = []
    for name, session in sessions:
        player = Player(name, stack.urls, recorder)
        player.use_session(session)
        players.append(player)
    deadline = time.monotonic() + seconds

    async def loop(player: Player) -> None:
        while time.monotonic() < deadline:
            await player.request(path, "GET", path)

    start = time.perf_counter()
    await asyncio.gather(*(loop(p) for p in players))
    elapsed = time.perf_counter() - start
    await asyncio.gather(*(p.close() for p in players))
    return recorder.count / elapsed, recorder.latencies.get(path, []), len(recorder.errors)


def settled(recorder: Recorder, title: str, keep) -> None:
    """Latencies after the warm-up of requests sent when `keep(sent)`, and the target."""
    print(f"  {title}:")
    slowest = 0.0
    for kind, timed in sorted(recorder.settled.items()):
        values = [seconds for sent, seconds in timed if keep(sent)]
        if not values:
            continue
        print(f"  {kind:<8} {len(values):>7} {ms(values, 50)} {ms(values, 95)} {ms(values, 99)}")
        if kind in BOARD_AND_ACTIONS:
            slowest = max(slowest, percentile(values, 95))
    met = slowest < P95_TARGET and not recorder.errors
    print(
        f"  target: board and action p95 under {P95_TARGET * 1000:.0f} ms, no error: "
        f"{'met' if met else 'NOT met'} (slowest p95 {slowest * 1000:.0f} ms)"
    )


def timeline(recorder: Recorder, step: float = 5.0) -> None:
    """Board and action latencies by when they were sent: a queue built by the arrivals'
    rush shows as seconds-long waits that drain, where a steady overload keeps growing."""
    print(f"  by when sent ({step:.0f} s windows; board and actions):")
    print(f"  {'from':>6} {'sent':>6} {'per s':>6} {'p50':>10} {'p95':>10} {'max':>10}")
    windows: dict[int, list[float]] = {}
    for sent, kind, seconds in recorder.timeline:
        if kind in BOARD_AND_ACTIONS:
            windows.setdefault(int((sent - recorder.began) // step), []).append(seconds)
    for n, values in sorted(windows.items()):
        print(
            f"  {n * step:5.0f}s {len(values):6} {len(values) / step:6.0f} "
            f"{ms(values, 50)} {ms(values, 95)} {ms(values, 100)}"
        )


def process_groups() -> dict[str, float]:
    """CPU seconds so far of this machine's processes, by what they are (from /proc):
    the web nodes, the job clusters, PostgreSQL, Redis and everything else."""
    tick = os.sysconf("SC_CLK_TCK")
    groups: dict[str, float] = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        name = next(
            (
                group
                for group, marker in (
                    ("web (gunicorn)", "gunicorn"),
                    ("job clusters", "qcluster"),
                    ("PostgreSQL", "postgres:"),
                    ("Redis", "redis-server"),
                )
                if marker in command
            ),
            "everything else",
        )
        groups[name] = groups.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return groups


def cpu_report(before: dict[str, float], after: dict[str, float], client: float, wall: float):
    """Where the machine's CPU went during the day (PostgreSQL and Redis include any other
    database's clients on this machine; 'everything else' is other sessions' work; a
    process that ended meanwhile, such as a closed database connection, is missed)."""
    print(f"  CPU during the day ({wall:.0f} s, {os.cpu_count()} cores), in cores busy:")
    print(f"    load generator (this process) {client / wall:5.2f}")
    for name in sorted(after, key=lambda n: before.get(n, 0) - after[n]):
        print(f"    {name:<29} {(after[name] - before.get(name, 0.0)) / wall:5.2f}")


def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:7.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--noon-at", type=float, default=30)
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds between requests")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--ratio-seconds", type=float, default=15)
    args = parser.parse_args()
    stack = Stack(
        database_url=os.environ.get(
            "LOADBENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/goonsite_loadbench"
        ),
        redis_url=os.environ.get("LOADBENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
        ports=free_ports(2),
        log_dir=Path(tempfile.mkdtemp(prefix="loadbench-")),
    )
    print(f"preparing the stack (logs in {stack.log_dir})…", flush=True)
    stack.prepare()
    sessions = stack.python(CREATE_PLAYERS.format(n=args.players))
    # The stack takes a few seconds to start, up to a minute on a busy machine; the day
    # starts `noon-at` seconds before the noon whenever it is up.
    stack.set_clock(lead=args.noon_at + STARTING_SECONDS)
    stack.start()
    try:
        wait = stack.noon_real.timestamp() - time.time() - args.noon_at
        if wait < 0:
            raise SystemExit(f"the stack took over {STARTING_SECONDS} s to start: try again")
        time.sleep(wait)
        print(f"{args.players} players for {args.duration:.0f} s, noon {args.noon_at:.0f} s in…")
        groups, mine = process_groups(), resource.getrusage(resource.RUSAGE_SELF)
        players, recorder, elapsed = asyncio.run(
            play_the_day(stack, sessions, args.duration, args.think)
        )
        used = resource.getrusage(resource.RUSAGE_SELF)
        client = used.ru_utime + used.ru_stime - mine.ru_utime - mine.ru_stime
        cpu = (groups, process_groups(), client, elapsed)
        stack.wait_for_noon()
        facts, problems = reconcile(stack, players)
        every = [x for values in recorder.latencies.values() for x in values]
        rate = recorder.count / elapsed
        print(f"\nday: {recorder.count} requests in {elapsed:.1f} s = {rate:.0f}/s")
        print(f"  {'kind':<8} {'count':>7} {'p50':>10} {'p95':>10} {'p99':>10}")
        for kind, values in [*sorted(recorder.latencies.items()), ("all", every)]:
            print(
                f"  {kind:<8} {len(values):>7} {ms(values, 50)} {ms(values, 95)} {ms(values, 99)}"
            )
        print(f"  errors: {len(recorder.errors)}  {recorder.errors[:3]}")
        cpu_report(*cpu)
        timeline(recorder)
        noon = stack.noon_real.timestamp()
        counted = noon + facts["resolved_late_seconds"] + facts["noon_seconds"]
        settled(recorder, f"after the first {recorder.warm_up:.0f} s", lambda t: True)
        # An action sent while noon is being counted waits for the job (NOON_WAIT_SECONDS)
        # by design, then is refused: that window is the noon job's, not the web's.
        settled(
            recorder,
            f"and outside the noon's counting ({counted - noon:.1f} s)",
            lambda t: not noon <= t <= counted,
        )
        print(f"  actions refused while noon was counted: {recorder.refused_at_noon}")
        acked = sum(len(p.votes) for p in players)
        print(
            f"noon: resolved {facts['resolved_late_seconds']:.1f} s after its time by the job, "
            f"took {facts['noon_seconds']:.2f} s; {facts['reports']} report; "
            f"{facts['noon_jobs_that_resolved']} job run resolved it; {facts['clusters']} clusters"
        )
        print(
            f"reconciliation: {acked} acknowledged votes, {len(facts['votes'])} stored: "
            + ("clean" if not problems else json.dumps(problems[:5]))
        )
        few = sessions[: args.concurrency]
        bare, bare_lat, bare_err = asyncio.run(hammer(stack, few, "/ping/", args.ratio_seconds))
        board, board_lat, board_err = asyncio.run(hammer(stack, few, "/", args.ratio_seconds))
        print(f"\nratio: {args.concurrency} clients, no pause, {args.ratio_seconds:.0f} s each")
        for name, rps, lat, err in (
            ("bare view /ping/", bare, bare_lat, bare_err),
            ("board /", board, board_lat, board_err),
        ):
            print(f"  {name:<17} {rps:6.0f}/s  p50 {ms(lat, 50)}  p95 {ms(lat, 95)}  errors {err}")
        print(f"  board / bare = {board / bare:.0%} (target: 50% or more)")
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
