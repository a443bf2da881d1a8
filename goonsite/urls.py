from django.contrib import admin
from django.urls import include, path

from games.ladder.views.preview import noon_preview

from .health import healthz
from .views import home, ping

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("ping/", ping, name="ping"),
    path("admin/noon-preview/", noon_preview, name="noon_preview"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    # Sign in with Discord (django-allauth): its Discord and connection pages only.
    path("accounts/", include("accounts.allauth_urls")),
    path("games/", home, name="home"),
    path("hall/", include("games.hall.urls")),
    # The ladder keeps the addresses it had before there were other games (its board at
    # the root): players' bookmarks and the report links posted to Discord still work.
    path("", include("games.ladder.urls")),
]
