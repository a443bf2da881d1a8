"""`make run`: the development ASGI server (goonsite.live runasgi: pages and WebSockets) and
the django-q2 cluster, stopped together
(goonsite.processes: each in its own process group, SIGKILL after a grace period, since
the cluster may ignore SIGTERM; django-q2 issue #346)."""

from __future__ import annotations

import signal
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from goonsite.processes import start, stop_all

# From the settings, not from this file's depth: the command moved once already (to
# games/ladder/) and `make run` then looked for games/manage.py.
MANAGE = str(settings.BASE_DIR / "manage.py")


class Command(BaseCommand):
    help = "Run the web server and the django-q2 cluster together; Ctrl-C stops both."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, addrport: str, **options) -> None:
        # SIGTERM (a supervisor, `timeout`, a process-group kill) stops the children too.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        procs = [
            start([sys.executable, MANAGE, "qcluster"]),
            start([sys.executable, MANAGE, "runasgi", addrport]),
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
