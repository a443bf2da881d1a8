"""The production entry point, for a process manager (deploy/*.service) or a shell:

    python -m goonsite release   # migrate, createcachetable (without Redis), collectstatic
    python -m goonsite web       # gunicorn + Uvicorn workers (ASGI: pages and live
                                 # WebSockets) on WEB_BIND (default 127.0.0.1:8000)
    python -m goonsite worker    # the django-q2 cluster: the noon job and Discord posts

Settings come from the environment (README: Configuration). `web` and `worker` replace
this process with the server, so the process manager's signals reach it directly.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANAGE = str(ROOT / "manage.py")
USAGE = "usage: python -m goonsite {release|web|worker}"


def release() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "goonsite.settings")
    import django
    from django.conf import settings
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False)
    if not settings.REDIS_URL:
        call_command("createcachetable")  # the cache lives in the database without Redis
    call_command("collectstatic", interactive=False, verbosity=0)
    return 0


def web() -> None:
    config = str(ROOT / "goonsite" / "gunicorn_conf.py")
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    os.chdir(ROOT)
    # Each page runs in a context of its own, copied from the event loop's
    # (goonsite.asgi_http), where a connection kept for reuse would never be found again:
    # Django's docs say to turn persistent connections off under ASGI.
    os.environ.setdefault("CONN_MAX_AGE", "0")
    # ... and a pool instead (settings.py), so a burst cannot exhaust PostgreSQL.
    os.environ.setdefault("DB_POOL_SIZE", "8")
    os.execv(gunicorn, [gunicorn, "--config", config, "goonsite.asgi:application"])


def worker() -> None:
    os.chdir(ROOT)
    os.execv(sys.executable, [sys.executable, MANAGE, "qcluster"])


def main(argv: list[str]) -> int:
    commands = {"release": release, "web": web, "worker": worker}
    if len(argv) != 1 or argv[0] not in commands:
        print(USAGE, file=sys.stderr)
        return 2
    return commands[argv[0]]() or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
