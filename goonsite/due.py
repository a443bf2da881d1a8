"""The one policy for a game's due work (a ladder noon, a Hall boundary): the job does it.

A player's action that finds such work due never does it itself: it waits for the job a
moment (`settings.NOON_WAIT_SECONDS`), polling a cheap check, and is then refused with the
game's message to try again. So no page waits for a whole noon, and the work always runs
in the job's process, with the job's retries and exactly-once claims.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings

from .refusal import Refusal

POLL_SECONDS = 0.2


def wait_for_the_job(is_due: Callable[[], bool], refusal: Callable[[], Refusal]) -> None:
    """Return once `is_due()` is false; raise `refusal()` after `NOON_WAIT_SECONDS`.

    `is_due` reads without waiting for locks: work under way holds its rows locked, but
    the check sees it due until the job commits."""
    deadline = time.monotonic() + settings.NOON_WAIT_SECONDS
    while is_due():
        if time.monotonic() >= deadline:
            raise refusal()
        time.sleep(POLL_SECONDS)
