import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

# From the settings, not from this file's depth: the command moved once already (to
# games/ladder/) and `make run` then looked for games/manage.py.
MANAGE = str(settings.BASE_DIR / "manage.py")


class Command(BaseCommand):
    help = "Run the web server and the django-q2 cluster together; Ctrl-C stops both."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")

    def handle(self, addrport: str, **options) -> None:
        # SIGTERM (a supervisor, `timeout`) must stop the children too, not orphan them.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        procs = [
            subprocess.Popen([sys.executable, MANAGE, "qcluster"]),
            subprocess.Popen([sys.executable, MANAGE, "runserver", addrport]),
        ]
        try:
            while all(p.poll() is None for p in procs):
                time.sleep(0.5)
        except KeyboardInterrupt:
            self.stdout.write("Stopping the web server and the cluster…")
        finally:
            for p in procs:
                if p.poll() is None:
                    p.terminate()
            for p in procs:
                p.wait(timeout=15)
