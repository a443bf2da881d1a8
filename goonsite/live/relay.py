"""`make run`'s job runner reaching the pages (no Redis there).

Under `make run` the web server and the django-q2 cluster are two processes, and without
Redis each has its own in-memory channel layer: a deadline, a bot's move or the noon done
by the cluster would reach open pages only by their 60 s backstop poll. So `serve` gives
the cluster the web server's relay address and both a fresh secret; the cluster's
`publish` posts the groups there and the web server sends them on its own layer.

Only the development server turns this on (LIVE_RELAY_SECRET set); with Redis every
process shares one layer and the relay is off (404), as it is in production.
"""

from __future__ import annotations

import hmac
import json
import logging
import urllib.request

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from .groups import is_group
from .sending import send_all
from .sync import call_sync

log = logging.getLogger(__name__)

HEADER = "X-Live-Relay"
TIMEOUT_SECONDS = 2.0  # a stuck web server must not hold the job runner's task for long


def post_to_relay(groups: tuple[str, ...]) -> None:
    """The cluster's side: hand the groups to the web server's layer."""
    request = urllib.request.Request(
        settings.LIVE_RELAY_URL,
        data=json.dumps({"groups": list(groups)}).encode(),
        headers={"Content-Type": "application/json", HEADER: settings.LIVE_RELAY_SECRET},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS):
        pass


@login_not_required  # our own job runner: it proves itself with the secret instead
@csrf_exempt
@require_POST
def relay(request: HttpRequest) -> HttpResponse:
    secret = settings.LIVE_RELAY_SECRET
    if not secret:
        raise Http404("no relay here")
    if not hmac.compare_digest(request.headers.get(HEADER, ""), secret):
        return JsonResponse({"error": "not our job runner"}, status=403)
    try:
        groups = json.loads(request.body)["groups"]
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": 'expected {"groups": [...]}'}, status=400)
    if not isinstance(groups, list) or not all(is_group(g) for g in groups):
        return JsonResponse({"error": "not live group names"}, status=400)
    call_sync(send_all, tuple(groups))
    return HttpResponse(status=204)
