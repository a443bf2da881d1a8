"""The signed proof a page holds that a view let its viewer see some groups."""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.core import signing

from .groups import is_group

SALT = "goonsite.live"


class BadToken(Exception):
    """Why a subscription was refused, in words for the log and the page's console."""


def token_for(user, groups: Iterable[str]) -> str:
    """Sign `groups` for `user` (None or anonymous: a page anyone may see)."""
    names = sorted(set(groups))
    if not names or not all(is_group(g) for g in names):
        raise ValueError(f"not live group names: {names!r}")
    pk = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
    minute = int(time.time() // 60)  # the clock signing reads, so a test's travel moves it
    return _signed(pk, tuple(names), minute, settings.SECRET_KEY)


@lru_cache(maxsize=4096)
def _signed(pk: int | None, names: tuple[str, ...], minute: int, key: str) -> str:
    """One token per viewer, groups and minute: every page and every answer of an action
    carries one, and signing it was a tenth of a vote's answer (`bench_actions`). A token
    signed up to a minute ago proves the same and expires with LIVE_TOKEN_MAX_AGE, hours."""
    return signing.dumps({"g": list(names), "u": pk}, key=key, salt=SALT, compress=True)


def read_token(token: str, user) -> list[str]:
    """The groups a token lets `user` join; raises BadToken."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.LIVE_TOKEN_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise BadToken("the page's live token has expired; reload the page") from exc
    except signing.BadSignature as exc:
        raise BadToken("the live token is not one this site signed") from exc
    if not isinstance(data, dict):
        raise BadToken("the live token is not one this site signed")
    names, owner = data.get("g"), data.get("u")
    if not isinstance(names, list) or not names or not all(is_group(g) for g in names):
        raise BadToken("the live token names no group")
    if owner is not None:
        me = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
        if me != owner:
            raise BadToken("the live token was made for another viewer")
    return names
