"""Names as the site shows them: `{{ user|gooner }}` marks the owners with a staff badge."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from ..discord import discord_is_configured

register = template.Library()


@register.filter
def gooner(user) -> str:
    """The display name, with a "staff" badge for the admins, so no one can pass as them."""
    if user is None:
        return ""
    if getattr(user, "is_staff", False):
        return format_html('{} <span class="badge staff" title="goonsite staff">staff</span>', user)
    return format_html("{}", user)


@register.simple_tag
def discord_enabled() -> bool:
    return discord_is_configured()


@register.filter
def minutes(duration) -> str:
    """A timedelta as "15 minutes" (the lockout's cool-down)."""
    if duration is None:
        return "a few minutes"
    count = max(1, round(duration.total_seconds() / 60))
    return f"{count} minute{'' if count == 1 else 's'}"
