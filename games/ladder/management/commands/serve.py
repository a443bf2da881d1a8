"""`make run`: the development ASGI server (goonsite.live runasgi: pages and WebSockets) and
the django-q2 cluster, stopped together
(goonsite.processes: each in its own process group, SIGKILL after a grace period, since
the cluster may ignore SIGTERM; django-q2 issue #346)."""

from __future__ import annotations

import os
import secrets
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
        web, cluster = child_environments(addrport, os.environ)
        procs = [
            start([sys.executable, MANAGE, "qcluster"], env=cluster),
            start([sys.executable, MANAGE, "runasgi", addrport], env=web),
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


def child_environments(addrport: str, environ) -> tuple[dict[str, str], dict[str, str]]:
    """The web server's and the cluster's environments. Without Redis the cluster posts its
    pushes to the web server (goonsite.live.relay), with a secret made for this run."""
    base = dict(environ)
    if base.get("REDIS_URL"):
        return base, base
    port = addrport.rpartition(":")[2] or "8000"
    secret = secrets.token_urlsafe(32)
    web = {**base, "LIVE_RELAY_SECRET": secret}
    cluster = {**web, "LIVE_RELAY_URL": f"http://127.0.0.1:{port}/live/relay/"}
    return web, cluster
