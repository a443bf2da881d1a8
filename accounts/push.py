"""Web Push delivery (pywebpush): one notification to each of a user's browsers.

A push service answers 404 or 410 for a subscription that has expired or been revoked;
that subscription is deleted, so it is never tried again.
"""

from __future__ import annotations

import json
import logging

import requests
from django.conf import settings
from pywebpush import WebPushException, webpush

from .models import PushSubscription, User

log = logging.getLogger(__name__)
GONE = {404, 410}


def push_is_configured() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def send_to_user(user: User, payload: dict, *, ttl: int = 3600) -> int:
    """Push `payload` to every browser the user subscribed; how many accepted it."""
    return sum(send(sub, payload, ttl=ttl) for sub in user.push_subscriptions.all())


def send(subscription: PushSubscription, payload: dict, *, ttl: int = 3600) -> bool:
    if not push_is_configured():
        log.warning("Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)")
        return False
    try:
        webpush(
            subscription_info=subscription.as_webpush(),
            data=json.dumps(payload),
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_CONTACT},  # a new dict: webpush adds to it
            ttl=ttl,
            timeout=10,
        )
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
    return True
