"""Web Push delivery (pywebpush): one notification to each of a user's browsers.

A push service answers 404 or 410 for a subscription that has expired or been revoked;
that subscription is deleted, so it is never tried again. Each send fails alone: whatever
goes wrong with one browser's subscription is logged, and the next one is still sent.
Before each send the endpoint is checked again against the push services the site sends to
(accounts.push_endpoints), and a push service's redirect is never followed.
"""

from __future__ import annotations

import contextlib
import json
import logging

import requests
from django.conf import settings
from pywebpush import WebPushException, webpush

from . import push_endpoints
from .models import PushSubscription, User

log = logging.getLogger(__name__)
GONE = {404, 410}


class NoRedirects(requests.Session):
    """A session that never follows a redirect: a push service answers where it is asked,
    and a 3xx (a failed push to pywebpush) must not lead the server somewhere else."""

    def request(self, *args, **kwargs) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def push_is_configured() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def send_to_user(user: User, payload: dict, *, ttl: int = 3600) -> int:
    """Push `payload` to every browser the user subscribed; how many accepted it."""
    with NoRedirects() as session:
        return sum(
            send(sub, payload, ttl=ttl, session=session)
            for sub in user.push_subscriptions.order_by("pk")
        )


def send(
    subscription: PushSubscription,
    payload: dict,
    *,
    ttl: int = 3600,
    session: requests.Session | None = None,
) -> bool:
    if not push_is_configured():
        log.warning("Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)")
        return False
    if reason := push_endpoints.refusal(subscription.endpoint):
        # Saved before the check existed, or PUSH_SERVICES changed since: never connected to.
        log.warning("Push subscription %s not sent to: %s", subscription.pk, reason)
        return False
    try:
        with contextlib.nullcontext(session) if session else NoRedirects() as http:
            _webpush(subscription, payload, ttl, http)
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            log.info("Push subscription %s expired (%s); removed", subscription.pk, status)
            subscription.delete()
        else:
            log.warning("Push to subscription %s failed: %s", subscription.pk, error)
        return False
    except requests.RequestException as error:
        log.warning("Push to subscription %s failed: %s", subscription.pk, error)
        return False
    except Exception:
        # A subscription pywebpush cannot even encrypt or sign for (a malformed key, an
        # endpoint its VAPID claims reject) is that browser's failure, not everyone's.
        log.exception("Push to subscription %s failed", subscription.pk)
        return False
    return True


def _webpush(
    subscription: PushSubscription, payload: dict, ttl: int, session: requests.Session
) -> None:
    webpush(
        subscription_info=subscription.as_webpush(),
        data=json.dumps(payload),
        vapid_private_key=settings.VAPID_PRIVATE_KEY,
        vapid_claims={"sub": settings.VAPID_CONTACT},  # a new dict: webpush adds to it
        ttl=ttl,
        timeout=10,
        requests_session=session,
    )
