"""`make run`: the development web server and the django-q2 cluster, stopped together.

Each child runs in its own process group, so stopping one reaches everything it started
(the cluster's sentinel, workers and monitor; runserver's reloader). The cluster may not
exit on SIGTERM at all (django-q2 issue #346: its signal handler can deadlock), so after a
grace period every group still alive is killed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

# From the settings, not from this file's depth: the command moved once already (to
# games/ladder/) and `make run` then looked for games/manage.py.
MANAGE = str(settings.BASE_DIR / "manage.py")
GRACE_SECONDS = 10.0  # then SIGKILL: everything is gone well within 20 s of the stop


def start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, start_new_session=True)


def stop_all(procs: list[subprocess.Popen], grace: float = GRACE_SECONDS) -> None:
    """SIGTERM every child's process group, SIGKILL what is left after `grace` seconds."""
    for proc in procs:
        _signal_group(proc, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    # Also after a clean exit of the group's leader: its children may still be running.
    for proc in procs:
        _signal_group(proc, signal.SIGKILL)
    for proc in procs:
        proc.wait()


def _signal_group(proc: subprocess.Popen, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(proc.pid, sig)


class Command(BaseCommand):
    help = "Run the web server and the django-q2 cluster together; Ctrl-C stops both."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, addrport: str, **options) -> None:
        # SIGTERM (a supervisor, `timeout`, a process-group kill) stops the children too.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        procs = [
            start([sys.executable, MANAGE, "qcluster"]),
            start([sys.executable, MANAGE, "runserver", addrport]),
        ]
        try:
            while all(p.poll() is None for p in procs):
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        finally:
            # A second Ctrl-C must not cut the clean-up short and orphan the cluster.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            self.stdout.write("Stopping the web server and the cluster…")
            stop_all(procs)
