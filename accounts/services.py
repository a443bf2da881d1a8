"""The only code that changes a gooner's account: each function one transaction."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from . import throttle
from .client_ip import client_ip
from .identity import ANONYMOUS_NAME
from .models import PushSubscription, User


class NameTaken(Exception):
    """Someone took the name between the form's check and the save."""

    def __init__(self, field: str = "display_name") -> None:
        super().__init__(field)
        self.field = field


def signup_allowed(request: HttpRequest) -> bool:
    """Count a sign-up from this address; False once the address is over its limit."""
    return throttle.spend(
        f"signup:{client_ip(request)}",
        limit=settings.SIGNUP_LIMIT,
        window=settings.SIGNUP_WINDOW,
    )


def reset_email_allowed(request: HttpRequest) -> bool:
    """Count a password reset request from this address: a few an hour."""
    return throttle.spend(
        f"password-reset:{client_ip(request)}", limit=5, window=dt.timedelta(hours=1)
    )


def create_user(
    *, username: str, display_name: str, password: str, email: str = "", time_zone: str = ""
) -> User:
    """A new gooner with a password (the sign-up form has checked every value)."""
    try:
        with transaction.atomic():
            user = User(username=username, display_name=display_name, email=email)
            if time_zone:
                user.time_zone = time_zone
            user.set_password(password)
            user.save()
            return user
    except IntegrityError as error:
        raise NameTaken("display_name" if "name_key" in str(error) else "username") from None


def update_profile(
    *,
    user: User,
    display_name: str,
    time_zone: str,
    email: str,
    remove_avatar: bool = False,
) -> list[str]:
    """Save the profile; the names of the fields that changed. A new email is unverified."""
    changed = []
    for field, value in (
        ("display_name", display_name),
        ("time_zone", time_zone),
        ("email", email),
        ("avatar_url", "" if remove_avatar else user.avatar_url),
    ):
        if getattr(user, field) != value:
            setattr(user, field, value)
            changed.append(field)
    if "email" in changed:
        user.email_verified = False
        changed.append("email_verified")
    if changed:
        try:
            with transaction.atomic():
                user.save(update_fields=changed)
        except IntegrityError:
            user.refresh_from_db()
            raise NameTaken from None
    return changed


@transaction.atomic
def mark_email_verified(*, user: User, email: str) -> bool:
    """Verify `email` if it is still the user's address (a link for an old one does nothing)."""
    updated = User.objects.filter(pk=user.pk, email__iexact=email).update(email_verified=True)
    return bool(updated)


@transaction.atomic
def delete_account(*, user: User) -> User:
    """The player leaves: their game history stays, under an anonymous name.

    Their votes, plays and reports are the season's history, so the user row stays and
    everything that says who they were goes: name, email, password, Discord link, push
    subscriptions and sessions. The Chaos Reports already written keep the names they
    were written with, so published reports read the same as before.
    """
    from allauth.socialaccount.models import SocialAccount

    user = User.objects.select_for_update().get(pk=user.pk)
    SocialAccount.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    user.username = f"left-{user.pk}"
    user.display_name = f"{ANONYMOUS_NAME} {user.pk}"
    user.email = ""
    user.email_verified = False
    user.first_name = user.last_name = ""
    user.avatar_url = ""
    user.password = make_password(None)
    user.is_active = False
    user.is_staff = user.is_superuser = False
    user.remind_before_noon = False
    user.left_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    return user


@transaction.atomic
def save_push_subscription(*, user: User, endpoint: str, p256dh: str, auth: str) -> None:
    """Remember a browser's subscription; the same endpoint again moves it to this user."""
    PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    if not user.remind_before_noon:
        User.objects.filter(pk=user.pk).update(remind_before_noon=True)
        user.remind_before_noon = True


@transaction.atomic
def stop_reminders(*, user: User) -> None:
    PushSubscription.objects.filter(user=user).delete()
    User.objects.filter(pk=user.pk).update(remind_before_noon=False)
    user.remind_before_noon = False
