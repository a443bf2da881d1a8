"""Publishing "this group changed", after the commit that changed it."""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.db import transaction

from .groups import group as check_name
from .relay import post_to_relay
from .sending import send_all
from .sync import call_sync

log = logging.getLogger(__name__)


def publish_on_commit(*groups: str, using: str | None = None) -> None:
    """After the current transaction commits (at once outside one), tell each group's pages
    it changed. Nothing is sent if the transaction rolls back."""
    names = tuple(dict.fromkeys(check_name(g) for g in groups))
    names = tuple(n for n in names if n not in _pending(using))
    if names:
        transaction.on_commit(partial(publish, *names), using=using, robust=True)


def _pending(using: str | None) -> set[str]:
    """Groups this transaction already publishes at its commit: one push per group per
    commit however many saves touched it. (A pending callback's savepoints are either
    released or still enclose this call, so leaning on it never loses a push.)"""
    connection = transaction.get_connection(using)
    if not connection.in_atomic_block:
        return set()
    return {
        name
        for _, callback, *_ in connection.run_on_commit
        if getattr(callback, "func", None) is publish
        for name in callback.args
    }


def publish(*groups: str) -> None:
    """Send now. Never raises: a lost push is covered by the pages' polling backstop."""
    try:
        if settings.LIVE_RELAY_URL:  # the job runner under `make run` (see .relay)
            post_to_relay(groups)
        else:
            call_sync(send_all, groups)
    except Exception:
        log.exception("live: could not publish %s", ", ".join(groups))
