"""The signed proof a page holds that a view let its viewer see some groups."""

from __future__ import annotations

from collections.abc import Iterable

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
    return signing.dumps({"g": names, "u": pk}, salt=SALT, compress=True)


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
