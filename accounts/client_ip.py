"""The client's address, for limits per address (failed log-ins, sign-ups).

Behind a reverse proxy every request arrives from the proxy, so the client is the last
address the proxy appended to X-Forwarded-For. That header is only believed when
TRUSTED_PROXY is on: without a proxy anyone could send one and pick their own address.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    if settings.TRUSTED_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]  # what our proxy saw; earlier hops are the client's own claims
    return request.META.get("REMOTE_ADDR") or "unknown"
