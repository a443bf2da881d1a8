"""Sign in with Discord through django-allauth: our rules for names, limits and errors."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import redirect
from django.urls import reverse

from goonsite.games import landing_url

from .models import User
from .names import free_display_name
from .services import signup_allowed


def discord_is_configured() -> bool:
    return bool(settings.DISCORD_CLIENT_ID and settings.DISCORD_CLIENT_SECRET)


def user_display(user: User) -> str:
    return str(user)


class AccountAdapter(DefaultAccountAdapter):
    def get_login_redirect_url(self, request: HttpRequest) -> str:
        return landing_url(request)

    def get_signup_redirect_url(self, request: HttpRequest) -> str:
        return landing_url(request)


class DiscordAdapter(DefaultSocialAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest, sociallogin) -> bool:
        # Counts this sign-up against the address's limit, as the sign-up form does.
        return signup_allowed(request)

    def populate_user(self, request: HttpRequest, sociallogin, data) -> User:
        user = super().populate_user(request, sociallogin, data)
        extra = sociallogin.account.extra_data or {}
        user.display_name = free_display_name(
            extra.get("global_name") or extra.get("username") or "Gooner"
        )
        user.username = ""  # allauth picks a free one from the Discord username
        user.avatar_url = avatar_url(extra)
        return user

    def pre_social_login(self, request: HttpRequest, sociallogin) -> None:
        """A returning player's avatar follows Discord (unless they removed it)."""
        if sociallogin.is_existing and sociallogin.user.avatar_url:
            fresh = avatar_url(sociallogin.account.extra_data or {})
            if fresh and fresh != sociallogin.user.avatar_url:
                User.objects.filter(pk=sociallogin.user.pk).update(avatar_url=fresh)

    def get_connect_redirect_url(self, request: HttpRequest, socialaccount) -> str:
        return reverse("accounts:profile")

    def on_authentication_error(
        self, request, provider, error=None, exception=None, extra_context=None
    ) -> None:
        if error == "cancelled":
            text = "Discord sign-in was cancelled: nothing was shared and nothing changed."
        else:
            text = "Discord sign-in didn't work. Try again in a moment, or log in with a password."
        messages.error(request, text)
        target = "accounts:profile" if request.user.is_authenticated else "accounts:login"
        raise ImmediateHttpResponse(redirect(target))


def avatar_url(extra: dict) -> str:
    if extra.get("id") and extra.get("avatar"):
        return f"https://cdn.discordapp.com/avatars/{extra['id']}/{extra['avatar']}.png"
    return ""
