"""Django's CSRF token for a form, masked as Django masks it, at a seventh of the cost.

Every answer that draws a form carries a token: the browser's CSRF secret under a fresh
random mask, so that no two responses carry the same bytes (BREACH). Django draws the
mask's 32 characters with `secrets.choice` one by one, a call to the system's random
source each: 66 µs of CPU a token on this machine, against 9 here. Here the mask
comes from one call to the same source (`secrets.token_bytes`), each byte kept only below
the largest multiple of 62 (so every character is as likely as Django's), and the cipher
is read from a table. Django's middleware reads it as its own
(`django.middleware.csrf._unmask_cipher_token`; tests/test_csrf.py).
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest
from django.middleware import csrf as django_csrf
from django.utils.functional import SimpleLazyObject

CHARS = django_csrf.CSRF_ALLOWED_CHARS
LENGTH = django_csrf.CSRF_SECRET_LENGTH
_UNBIASED = 256 - 256 % len(CHARS)  # 248: the bytes that map evenly onto the characters
# The cipher of secret character s under mask character m is _SHIFTED[s][m]: the alphabet
# turned by s's place in it, as Django adds the two places modulo 62.
_SHIFTED = {c: CHARS[i:] + CHARS[:i] for i, c in enumerate(CHARS)}


def get_token(request: HttpRequest) -> str:
    """`django.middleware.csrf.get_token`: the request's secret (made and set as a cookie
    when it has none, by Django itself), masked."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None or len(secret) != LENGTH:  # the middleware's checked secret, or none
        return django_csrf.get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as Django's: the cookie's expiry renews
    return mask(secret)


def mask(secret: str) -> str:
    """The secret under a fresh random mask, as Django writes a token: the mask, then the
    cipher."""
    places = _random_places(LENGTH)
    mask_chars = "".join([CHARS[p] for p in places])
    cipher = "".join([_SHIFTED[s][p] for s, p in zip(secret, places, strict=True)])
    return mask_chars + cipher


def _random_places(n: int) -> list[int]:
    places: list[int] = []
    while len(places) < n:
        # 3% of bytes are refused: 8 spare ones leave another call a rare event.
        places += [b % len(CHARS) for b in secrets.token_bytes(n + 8) if b < _UNBIASED]
    return places[:n]


def csrf(request: HttpRequest) -> dict:
    """The `csrf_token` context processor: Django's, with this token. Listed after
    Django's own (which every template engine runs first), so this one is the one read."""
    return {"csrf_token": SimpleLazyObject(lambda: get_token(request))}
