"""`make run`'s commands: `serve` leaves no process behind; `demo_season` and its admin."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command

from accounts.models import User
from games.ladder.management.commands.demo_season import ADMIN_USERNAME
from games.ladder.models import Season
from goonsite.processes import start, stop_all

ROOT = Path(__file__).resolve().parents[2]
# A child that ignores SIGTERM, like a deadlocked django-q2 cluster, with a grandchild
# that ignores it too.
STUBBORN = (
    "import signal, subprocess, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "subprocess.Popen([sys.executable, '-c', "
    "'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])\n"
    "time.sleep(600)\n"
)


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def test_stop_all_kills_children_that_ignore_sigterm_and_their_children():
    procs = [start([sys.executable, "-c", STUBBORN]) for _ in range(2)]
    assert wait_for(lambda: all(descendants(p.pid) for p in procs), 20)
    everyone = {p.pid for p in procs} | set().union(*(descendants(p.pid) for p in procs))
    stop_all(procs, grace=0.5)
    assert wait_for(lambda: not any(alive(pid) for pid in everyone), 5), everyone


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_the_web_server_and_the_cluster_leaving_no_process(tmp_path, stop):
    """`make run` stopped by SIGTERM or Ctrl-C: within 20 s nothing it started is left."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "REDIS_URL", "Q_SYNC"}
    }
    env |= {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "-v0"], ["createcachetable"]):
        subprocess.run([*manage, *command], env=env, check=True, cwd=ROOT, timeout=120)
    port = free_port()
    serve = subprocess.Popen(
        [*manage, "serve", f"127.0.0.1:{port}"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Up: the web server answers and the cluster has started its worker processes.
        assert wait_for(lambda: answers(port) and len(descendants(serve.pid)) >= 5, 60)
        time.sleep(1)
        everyone = descendants(serve.pid)
        serve.send_signal(stop)
        started = time.monotonic()
        serve.wait(timeout=25)
        assert wait_for(
            lambda: not any(alive(pid) for pid in everyone), 25 - (time.monotonic() - started)
        )
        assert time.monotonic() - started < 20
        assert not answers(port)
    finally:
        if serve.poll() is None:
            serve.kill()


def test_demo_season_has_no_demo_admin_when_debug_is_off(db, settings):
    settings.DEBUG = False
    call_command("demo_season", stdout=io.StringIO())
    assert Season.objects.filter(is_active=True).exists()
    assert not User.objects.filter(username=ADMIN_USERNAME).exists()


def test_demo_season_makes_its_admin_in_development(db, settings):
    settings.DEBUG = True
    call_command("demo_season", stdout=io.StringIO())
    assert User.objects.get(username=ADMIN_USERNAME).is_superuser
