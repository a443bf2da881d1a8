"""What every game's admin shares."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib import admin, messages
from django.http import HttpRequest

from .refusal import Refusal


class RefusalsShown(admin.ModelAdmin):
    @contextmanager
    def refusals_shown(self, request: HttpRequest) -> Iterator[None]:
        """A power's refusal becomes an error message on the page, in the owner's words."""
        try:
            yield
        except Refusal as refusal:
            self.message_user(request, refusal.message, messages.ERROR)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records the site writes itself (logs, ledgers, audits): seen, never edited."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class AuditRecordAdmin(ReadOnlyAdmin):
    """Every game's audit record (goonsite.audit.AuditRecord), read-only."""

    list_display = ("at", "actor", "kind", "target")
    list_filter = ("kind",)
    search_fields = ("target", "actor__username", "actor__display_name")
    list_select_related = ("actor",)
