"""/healthz for uptime monitors: the database, the cache, the job broker, the channel layer
of live updates, and each game's own
checks (an app's AppConfig lists them in `health_checks`; none is named here).

200 with every check "ok", or 503 naming what failed. Small and dependency-free: each check
is a function returning its detail or raising `Unhealthy` (any other exception counts as
a failure too, with its message).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.apps import apps
from django.contrib.auth.decorators import login_not_required
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_q.brokers import get_broker

from goonsite.live.health import channel_layer


class Unhealthy(Exception):
    pass


def database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return connection.vendor


def cache_round_trip() -> str:
    cache = caches["default"]
    value = secrets.token_hex(8)
    cache.set("healthz", value, 30)
    if cache.get("healthz") != value:
        raise Unhealthy("a value written to the cache did not come back")
    return type(cache).__name__


def broker() -> str:
    queue = get_broker()
    if not queue.ping():
        raise Unhealthy("the broker does not answer")
    return queue.info()


def site_checks() -> dict[str, Callable[[], str]]:
    checks = {
        "database": database,
        "cache": cache_round_trip,
        "broker": broker,
        "channel_layer": channel_layer,  # live updates (goonsite.live)
    }
    for config in apps.get_app_configs():
        for name, check in getattr(config, "health_checks", {}).items():
            checks[f"{config.label}.{name}"] = check
    return checks


def run_checks() -> tuple[bool, dict[str, dict[str, object]]]:
    results: dict[str, dict[str, object]] = {}
    for name, check in site_checks().items():
        try:
            results[name] = {"ok": True, "detail": check()}
        except Exception as exc:  # reported, never raised: a monitor reads the answer
            results[name] = {"ok": False, "detail": str(exc) or type(exc).__name__}
    return all(r["ok"] for r in results.values()), results


@login_not_required
@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    healthy, checks = run_checks()
    return JsonResponse(
        {"status": "ok" if healthy else "failing", "checks": checks},
        status=200 if healthy else 503,
    )
