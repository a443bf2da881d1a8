"""The part of django-allauth the site uses: signing in with Discord, and nothing else.

allauth's own log-in, sign-up, email and password pages are left out: ours apply the
display-name rules, the sign-up limit and our email check. allauth still reverses some of
its account pages' names, so each of those names leads to our page for the same thing.
"""

from allauth.socialaccount.providers.discord.urls import urlpatterns as discord_urls
from django.urls import include, path
from django.views.generic import RedirectView

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
    *discord_urls,  # discord/login/ and discord/login/callback/
    path("3rdparty/", include("allauth.socialaccount.urls")),
    *(
        path(f"to/{name}/", RedirectView.as_view(pattern_name=ours), name=name)
        for name, ours in OURS_FOR_ALLAUTHS.items()
    ),
]
