from django.contrib import admin
from django.urls import include, path

from games.views.preview import noon_preview

urlpatterns = [
    path("admin/noon-preview/", noon_preview, name="noon_preview"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("", include("games.urls")),
]
