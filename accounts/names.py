"""Which display names a player may take (accounts.identity says when two are the same)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError

from .identity import DISPLAY_NAME_LENGTH as MAX_LENGTH
from .identity import is_reserved, name_key, tidy_name

# The user model is read when a name is checked: the model's own clean() calls this module.


def clean_display_name(raw: str, *, user: AbstractUser | None = None) -> str:
    """The name tidied, or a ValidationError saying why the player can't have it."""
    name = tidy_name(raw)
    if not name or not name_key(name):
        raise ValidationError("Pick a display name with at least one letter or digit.")
    if len(name) > MAX_LENGTH:
        raise ValidationError(f"Keep it to {MAX_LENGTH} characters.")
    if is_reserved(name) and not (user is not None and user.is_staff):
        raise ValidationError(f"“{name}” is reserved. Pick another display name.")
    taken = get_user_model().objects.filter(name_key=name_key(name))
    if user is not None and user.pk:
        taken = taken.exclude(pk=user.pk)
    if taken.exists():
        raise ValidationError(
            f"“{name}” is taken, or looks too much like a gooner's name. Pick another."
        )
    return name


def free_display_name(wanted: str) -> str:
    """`wanted` if a new player may have it, else the first free "wanted 2", "wanted 3"…"""
    base = tidy_name(wanted)[: MAX_LENGTH - 4] or "Gooner"
    for n in range(1, 1000):
        candidate = base if n == 1 else f"{base} {n}"
        try:
            return clean_display_name(candidate)
        except ValidationError:
            continue
    return clean_display_name(f"Gooner {get_user_model().objects.count() + 1}")
