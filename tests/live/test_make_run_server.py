"""`make run`'s web server (manage.py runasgi, DEBUG, SQLite, no Redis) speaks WebSocket and
carries live updates on Channels' in-memory layer (issue 22)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import websockets
from django.core import signing

from games.ladder.management.commands.serve import child_environments
from goonsite.live.sync import call_sync
from goonsite.live.tokens import SALT

ROOT = Path(__file__).resolve().parents[2]
KEY = "make-run-live-test-" + "k" * 40


def make_run_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    return {
        **env,
        "DEBUG": "1",
        "SECRET_KEY": KEY,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "goonsite.settings",
        **extra,
    }


def test_make_run_settings_choose_the_in_memory_layer(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", "from goonsite import settings; print(settings.CHANNEL_LAYERS)"],
        cwd=ROOT,
        env=make_run_env(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "channels.layers.InMemoryChannelLayer" in out and "redis" not in out.lower()


async def subscribe(url: str, token: str) -> dict:
    origin = url.replace("ws://", "http://")
    async with websockets.connect(f"{url}/live/?t={token}", origin=origin) as ws:
        return json.loads(await asyncio.wait_for(ws.recv(), 5))


async def hear_the_job_runner(url: str, token: str, cluster_env: dict[str, str]) -> list[dict]:
    """Subscribed, while another process (as `serve` starts the cluster) publishes."""
    origin = url.replace("ws://", "http://")
    async with websockets.connect(f"{url}/live/?t={token}", origin=origin) as ws:
        heard = [json.loads(await asyncio.wait_for(ws.recv(), 5))]
        code = "from goonsite.live import publish; publish('tests.board')"
        await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT,
            env=cluster_env,
            check=True,
        )
        heard.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        return heard


def test_the_development_server_serves_pages_and_live_sockets(tmp_path):
    port = free_port()
    env, cluster_env = child_environments(f"127.0.0.1:{port}", make_run_env(tmp_path))
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "manage.py", "createcachetable"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runasgi", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        health = wait_for_json(f"http://127.0.0.1:{port}/healthz", server)
        # A message round trip through the server's own layer: the in-memory one.
        assert health["checks"]["channel_layer"] == {"ok": True, "detail": "InMemoryChannelLayer"}
        token = signing.dumps({"g": ["tests.board"], "u": None}, key=KEY, salt=SALT)
        answer = call_sync(subscribe, f"ws://127.0.0.1:{port}", token)
        assert answer == {"type": "subscribed", "groups": ["tests.board"]}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/live.js") as response:
            assert b"/live/?" in response.read()  # the page's side is served too
        # The job runner is another process with its own layer: its push comes by the relay.
        heard = call_sync(hear_the_job_runner, f"ws://127.0.0.1:{port}", token, cluster_env)
        assert heard[1] == {"type": "changed", "group": "tests.board"}
    finally:
        server.terminate()
        server.wait(timeout=20)


def wait_for_json(url: str, server: subprocess.Popen) -> dict:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.loads(response.read())
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(server.stderr.read().decode()) from None
            time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
