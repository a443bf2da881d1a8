"""The production stack on this machine: PostgreSQL, Redis, web nodes (`python -m goonsite
web`: gunicorn with Uvicorn workers, one node per port) and django-q2 clusters on the Redis
broker, all with DEBUG=0, as the README's Deploy section runs them; only plain HTTP on
127.0.0.1 instead of a TLS proxy. The system tests and the benchmark commands start it; a
game's ops add what they play (`prepare(*commands)`).

Time control across processes: every process gets the same `GAME_CLOCK_OFFSET_SECONDS`,
chosen so that the site's clock reads `lead` seconds before a noon when the stack starts.
The noon then comes by itself and the scheduled job resolves it (no `noon --now`).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
import redis

from goonsite.processes import start, stop_all

ROOT = Path(__file__).resolve().parents[1]  # goonsite/stack.py → the project root
SECRET = "system-test-secret-key-not-for-production-" + "s" * 40
CENTRAL_NOON_HOUR = 12


def _noon_after(moment: dt.datetime) -> dt.datetime:
    from zoneinfo import ZoneInfo

    central = moment.astimezone(ZoneInfo("America/Chicago"))
    noon = central.replace(hour=CENTRAL_NOON_HOUR, minute=0, second=0, microsecond=0)
    return noon if central < noon else noon + dt.timedelta(days=1)


class Stack:
    def __init__(
        self,
        *,
        database_url: str,
        redis_url: str,
        ports: list[int],
        clusters: int = 2,
        web_workers: int = 2,
        web_threads: int = 8,  # as `python -m goonsite web` serves by default
        log_dir: Path,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.redis_url = redis_url
        self.ports = ports
        self.clusters = clusters
        self.web_workers = web_workers
        self.web_threads = web_threads
        self.log_dir = log_dir
        self.extra_env = extra_env or {}
        self.offset = 0
        self.noon_real: dt.datetime | None = None  # when the site's noon comes, real time
        self.noon_date: dt.date | None = None
        self.procs: list[subprocess.Popen] = []

    @property
    def urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def env(self) -> dict[str, str]:
        keep = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "SECURE_", "Q_", "WEB_")) and k != "DEBUG"
        }
        return keep | {
            "DJANGO_SETTINGS_MODULE": "goonsite.settings",
            "DEBUG": "0",
            "SECRET_KEY": SECRET,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            # Plain HTTP on localhost: no TLS proxy in front of this stack.
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECURE_HSTS_SECONDS": "0",
            "GAME_CLOCK_OFFSET_SECONDS": str(self.offset),
            "Q_WORKERS": "2",
            "WEB_WORKERS": str(self.web_workers),
            "WEB_THREADS": str(self.web_threads),
            "WEB_ACCESS_LOG": "",
            "LOG_LEVEL": "WARNING",
            # Every simulated player signs up from 127.0.0.1.
            "SIGNUP_LIMIT": "100000",
            **self.extra_env,
        }

    # Setting up

    def recreate_database(self) -> None:
        parts = urlsplit(self.database_url)
        name = parts.path.lstrip("/")
        admin = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        redis.Redis.from_url(self.redis_url).flushdb()

    def manage(self, *args: str, stdin: str | None = None) -> str:
        proc = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env(),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{proc.stdout}{proc.stderr}")
        return proc.stdout

    def python(self, code: str) -> object:
        """Run `code` in Django's shell against the stack's database; it prints JSON."""
        return json.loads(self.manage("shell", "-c", code).strip().splitlines()[-1])

    def prepare(self, *commands: str) -> None:
        """The README's deploy steps on a fresh database, then each manage.py command given
        (a game's demo data, say)."""
        self.recreate_database()
        subprocess.run(
            [sys.executable, "-m", "goonsite", "release"],
            cwd=ROOT,
            env=self.env(),
            check=True,
            capture_output=True,
            timeout=300,
        )
        for command in commands:
            self.manage(command)

    def set_clock(self, lead: float) -> None:
        """The site's clock will read `lead` seconds before a noon from now on."""
        now = dt.datetime.now(dt.UTC)
        noon = _noon_after(now + dt.timedelta(hours=1))
        self.offset = int((noon - dt.timedelta(seconds=lead) - now).total_seconds())
        self.noon_real = noon - dt.timedelta(seconds=self.offset)
        self.noon_date = noon.date()

    # Running

    def start(self) -> None:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        for port in self.ports:
            self._spawn(f"web-{port}", ["web"], {"WEB_BIND": f"127.0.0.1:{port}"})
        for n in range(self.clusters):
            self._spawn(f"worker-{n}", ["worker"], {})
        deadline = time.monotonic() + 60
        for port, url in zip(self.ports, self.urls, strict=True):
            # Ours listening first: whatever answered on a port it could not bind would be
            # another stack's (several run on this machine at once).
            log = self.log_dir / f"web-{port}.log"
            while f"Listening at: {url}".encode() not in log.read_bytes():
                if time.monotonic() > deadline or b"Address already in use" in log.read_bytes():
                    raise RuntimeError(f"{url} did not come up; see {log}")
                time.sleep(0.2)
            while True:
                try:
                    if httpx.get(f"{url}/healthz", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{url} did not come up; see {self.log_dir}")
                time.sleep(0.3)

    def _spawn(self, name: str, command: list[str], env: dict[str, str]) -> None:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        self.procs.append(
            start(
                [sys.executable, "-m", "goonsite", *command],
                cwd=ROOT,
                env=self.env() | env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )

    def stop(self) -> None:
        stop_all(self.procs, grace=10)
        self.procs = []

    def pids(self) -> list[int]:
        """The web nodes' and clusters' process ids (each the leader of its process group)."""
        return [p.pid for p in self.procs]


def free_ports(n: int) -> list[int]:
    """Ports nobody listens on, as the system hands them out (its ephemeral range, each
    different): several stacks started at once on one machine never get the same ones, as
    they did from a fixed range."""
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()
