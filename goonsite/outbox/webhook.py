"""Posting one message to a Discord webhook: the HTTP half of the outbox.

Network errors and 5xx are retried with exponential backoff, 429 after Discord's
`retry_after`; any other 4xx (a bad or deleted webhook) fails at once with the reason.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx

TRIES = 5
MAX_WAIT = 60.0


class DeliveryError(Exception):
    pass


def post_message(http: httpx.Client, url: str, body: dict, sleep: Callable[[float], None]) -> str:
    """One message, retried on network errors, 5xx and 429. Returns Discord's message id."""
    error = ""
    for attempt in range(TRIES):
        try:
            response = http.post(url, params={"wait": "true"}, json=body)
        except httpx.TransportError as exc:
            response, error = None, f"network error: {exc!r}"
        if response is not None and response.status_code < 400:
            return str(response.json().get("id", ""))
        if response is not None and response.status_code == 429:
            error = "rate limited by Discord (429)"
            wait = retry_after(response)
        elif response is not None and response.status_code < 500:
            raise DeliveryError(
                f"Discord refused the post: {response.status_code} {response.text[:300]}"
            )
        else:
            error = error if response is None else f"Discord answered {response.status_code}"
            wait = 2.0**attempt
        if attempt + 1 < TRIES:
            sleep(min(wait, MAX_WAIT))
    raise DeliveryError(f"gave up after {TRIES} tries: {error}")


def retry_after(response: httpx.Response) -> float:
    try:
        return float(response.json()["retry_after"])
    except (ValueError, KeyError, TypeError):
        return float(response.headers.get("Retry-After", 1))
