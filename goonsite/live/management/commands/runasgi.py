"""`manage.py runasgi [addr:port]`: the development server for the ASGI application (pages
and the live-update WebSockets), Uvicorn reloaded by Django's own autoreloader, so a
changed module or template restarts it as `runserver` would. `make run` uses it."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import autoreload


class Command(BaseCommand):
    help = "Serve goonsite.asgi with Uvicorn (HTTP and WebSockets), reloading on changes."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--noreload", action="store_false", dest="reload")

    def handle(self, addrport: str, reload: bool, **options) -> None:
        host, _, port = addrport.rpartition(":")
        if not port.isdigit():
            raise CommandError(f"{addrport!r} is not addr:port")
        host = host.strip("[]") or "127.0.0.1"

        def serve() -> None:
            import uvicorn

            self.stdout.write(f"Serving http://{addrport}/ (ASGI: pages and live updates)")
            uvicorn.run("goonsite.asgi:application", host=host, port=int(port), log_level="info")

        if reload:
            autoreload.run_with_reloader(serve)
        else:
            serve()
