"""The client's address, for limits per address (failed log-ins, sign-ups).

Behind a reverse proxy every request arrives from the proxy, so the client is the last
address the proxy appended to X-Forwarded-For. That header is only believed when
TRUSTED_PROXY is on: without a proxy anyone could send one and pick their own address.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    if settings.TRUSTED_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        # The last hop is what our proxy saw; earlier ones are the client's own claims.
        if hops and _is_ip(hops[-1]):
            return hops[-1]
    address = request.META.get("REMOTE_ADDR", "")
    return address if _is_ip(address) else None


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
