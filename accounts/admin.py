import contextlib

from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialApp, SocialToken
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class GoonerAdmin(UserAdmin):
    list_display = ("username", "display_name", "is_staff", "date_joined", "last_login")
    readonly_fields = ("left_at",)
    search_fields = ("username", "display_name")
    fieldsets = (
        *UserAdmin.fieldsets,
        (
            "Gooner",
            {
                "fields": (
                    "display_name",
                    "avatar_url",
                    "time_zone",
                    "email_verified",
                    "remind_before_noon",
                    "left_at",
                )
            },
        ),
    )
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Gooner", {"fields": ("display_name",)}))


# allauth's admin pages that don't fit how the site uses it: Discord's client id and
# secret come from the environment (a SocialApp row as well would make two Discord apps,
# which allauth refuses), tokens are not stored, and emails live on the User.
for _model in (EmailAddress, SocialApp, SocialToken):
    with contextlib.suppress(admin.sites.NotRegistered):
        admin.site.unregister(_model)
