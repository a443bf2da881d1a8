"""Checking an email address: a signed link that names the user and the address."""

from __future__ import annotations

from django.core import signing
from django.core.mail import send_mail
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse

from .models import User

SALT = "accounts.verify-email"
MAX_AGE = 3 * 24 * 3600  # seconds a link works


def make_token(user: User) -> str:
    return signing.dumps({"user": user.pk, "email": user.email}, salt=SALT)


def read_token(token: str) -> tuple[int, str] | None:
    """(user id, email) from a link that is genuine and not too old; None otherwise."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # includes SignatureExpired
        return None
    return data["user"], data["email"]


def send_verification(request: HttpRequest, user: User) -> None:
    link = request.build_absolute_uri(reverse("accounts:verify_email", args=[make_token(user)]))
    body = render_to_string("accounts/email/verify.txt", {"user": user, "link": link})
    send_mail("Check your email for goonsite", body, None, [user.email])
