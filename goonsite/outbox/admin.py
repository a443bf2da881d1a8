"""The outbox in the admin: read-only, filtered by game; failed or stuck posts re-sent."""

from __future__ import annotations

from django.contrib import admin

from goonsite.admin import ReadOnlyAdmin

from .models import DiscordPost
from .services import resend


@admin.register(DiscordPost)
class DiscordPostAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "game", "summary", "status", "attempts", "last_error", "sent_at")
    list_filter = ("game", "status")
    search_fields = ("summary",)
    actions = ["resend_posts"]

    @admin.action(description="Re-send to Discord")
    def resend_posts(self, request, queryset):
        reopened = 0
        for post in queryset.exclude(status=DiscordPost.Status.SENT):
            if resend(post):
                reopened += 1
                self.log_change(request, post, "Re-sent to Discord")
        self.message_user(
            request,
            f"Re-sending {reopened} post(s); refresh in a moment to see how it went."
            if reopened
            else "Nothing to re-send: the posts chosen were already sent.",
        )
