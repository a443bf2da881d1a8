from django.contrib import admin
from django.urls import include, path

from .games import game_urls
from .health import healthz
from .live.relay import relay
from .views import home, ping

# The admin's index shows each listed game's own panel of tools (GameListing.admin_panel).
admin.site.index_template = "admin/goonsite_index.html"
admin.site.site_header = admin.site.site_title = "goonsite admin"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("ping/", ping, name="ping"),
    path("live/relay/", relay, name="live-relay"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    # Sign in with Discord (django-allauth): its Discord and connection pages only.
    path("accounts/", include("accounts.allauth_urls")),
    path("games/", home, name="home"),
    *game_urls(),
]
