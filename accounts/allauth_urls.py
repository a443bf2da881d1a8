"""The part of django-allauth the site uses: signing in with Discord, and nothing else.

allauth's own log-in, sign-up, email and password pages are left out: ours apply the
display-name rules, the sign-up limit and our email check. allauth still reverses some of
its account pages' names, so each of those names leads to our page for the same thing.
"""

from collections.abc import Callable
from functools import wraps

from allauth.socialaccount.providers.discord.views import oauth2_callback, oauth2_login
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import include, path
from django.views.generic import RedirectView

from .discord import discord_is_configured


def when_configured(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Without DISCORD_CLIENT_ID and _SECRET, a message instead of allauth's 500."""

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not discord_is_configured():
            messages.error(request, "Signing in with Discord is not set up on this site.")
            return redirect("accounts:login")
        return view(request, *args, **kwargs)

    return login_not_required(guarded)


OURS_FOR_ALLAUTHS = {
    "account_login": "accounts:login",
    "account_signup": "accounts:signup",
    "account_logout": "accounts:login",
    "account_inactive": "accounts:login",
    "account_reauthenticate": "accounts:login",
    "account_change_password": "accounts:password_change",
    "account_set_password": "accounts:password_reset",
    "account_reset_password": "accounts:password_reset",
    "account_email": "accounts:profile",
    "account_email_verification_sent": "accounts:profile",
}

urlpatterns = [
    path("discord/login/", when_configured(oauth2_login), name="discord_login"),
    path("discord/login/callback/", when_configured(oauth2_callback), name="discord_callback"),
    path("3rdparty/", include("allauth.socialaccount.urls")),
    *(
        path(f"to/{name}/", RedirectView.as_view(pattern_name=ours), name=name)
        for name, ours in OURS_FOR_ALLAUTHS.items()
    ),
]
