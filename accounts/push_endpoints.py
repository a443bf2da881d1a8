"""Where the site will send a Web Push: to the browsers' push services, and nowhere else.

A subscription's endpoint is a URL the browser hands us and the reminder job POSTs to. Taken
as it comes, anyone could make the server connect where they like (SSRF): to Redis or
PostgreSQL on localhost, a cloud's metadata address, the site's own admin, and read the
port's state from the failure. Browsers only ever hand out endpoints on their vendor's push
service, so those are the only ones accepted: an allow-list (PUSH_SERVICES), checked when a
browser subscribes and again before every send. The other way, "any public name that
resolves to public addresses", must resolve twice and can still be rebound between the check
and the connection; no attacker decides where Google's, Mozilla's, Apple's or Microsoft's
names point.

Whatever the list says, an endpoint is refused when it carries a user name or password, names
its host by an IP address, is localhost, or is this site itself.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from urllib3.util import parse_url

NOT_A_PUSH_SERVICE = (
    "That address isn't one of the browsers' push services, so reminders can't be sent to it."
)


def refusal(endpoint: str) -> str | None:
    """Why the site will not send to `endpoint`, or None when it will."""
    if not endpoint.isprintable() or any(c in endpoint for c in " \\"):
        return "That subscription's address isn't a valid URL."
    try:
        url = urlsplit(endpoint)
        port = url.port
        # The host urllib3 will connect to must be the one checked here: two URL parsers
        # that disagree are the classic way round a check like this one.
        connects_to = (parse_url(endpoint).host or "").lower().rstrip(".")
    except ValueError:
        return "That subscription's address isn't a valid URL."
    if url.scheme not in settings.PUSH_ENDPOINT_SCHEMES:
        return "Push services are reached over HTTPS only."
    host = (url.hostname or "").rstrip(".")
    if url.username is not None or url.password is not None or not host or host != connects_to:
        return NOT_A_PUSH_SERVICE
    if _is_ip_literal(host) or host == "localhost" or host.endswith(".localhost"):
        return NOT_A_PUSH_SERVICE
    if host in _own_hosts():
        return NOT_A_PUSH_SERVICE
    if not any(_matches(url, host, port, entry) for entry in settings.PUSH_SERVICES):
        return NOT_A_PUSH_SERVICE
    return None


def _matches(url: SplitResult, host: str, port: int | None, entry: str) -> bool:
    name, _, entry_port = entry.lower().partition(":")
    if name.startswith("."):
        host_ok = host.endswith(name) and len(host) > len(name)
    else:
        host_ok = host == name
    wanted = int(entry_port) if entry_port else 443
    return host_ok and (port or _default_port(url.scheme)) == wanted


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _own_hosts() -> set[str]:
    hosts = {urlsplit(settings.SITE_URL).hostname or ""}
    hosts.update(h.lstrip(".").lower() for h in settings.ALLOWED_HOSTS if h != "*")
    return {h.rstrip(".") for h in hosts if h}
