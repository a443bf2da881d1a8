"""The armed tables' admin: tables by state, a table's actions and replay, abandoning a
stuck table (recorded)."""

from __future__ import annotations

import json

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from goonsite.admin import AuditRecordAdmin, ReadOnlyAdmin, RefusalsShown

from .models import ArmedAdminRecord, ArmedAfterChat, ArmedSeat, ArmedTable
from .tables.abandon import abandon_table


class SeatInline(admin.TabularInline):
    model = ArmedSeat
    extra = 0
    can_delete = False
    fields = ("position", "user", "bot", "left_at", "timeouts_in_row", "won", "loot", "teeth")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class AfterChatInline(admin.TabularInline):
    """What the goons said after the game (S54), beside the game's own chat (its actions)."""

    model = ArmedAfterChat
    extra = 0
    fields = ("posted_at", "seat", "text")
    readonly_fields = fields
    verbose_name = "message after the game"
    verbose_name_plural = "chat after the game"
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(ArmedTable)
class ArmedTableAdmin(ReadOnlyAdmin, RefusalsShown):
    list_display = ("pk", "stage", "size", "policy", "opener", "created_at", "deadline", "reason")
    list_filter = ("stage", "policy", "size")
    list_select_related = ("opener",)
    inlines = [SeatInline, AfterChatInline]
    readonly_fields = ("replay_link", "actions_list")
    fields = (
        "stage",
        "size",
        "policy",
        "turn_seconds",
        "opener",
        "seed_hash",
        "created_at",
        "started_at",
        "ended_at",
        "deadline",
        "reason",
        "version",
        "replay_link",
        "actions_list",
    )
    actions = ["abandon_tables"]

    @admin.display(description="Replay")
    def replay_link(self, obj: ArmedTable) -> str:
        if not obj.setup:
            return "not started"
        return format_html(
            '<a href="{}">step through every action</a>', reverse("armed:replay", args=[obj.pk])
        )

    @admin.display(description="Accepted actions")
    def actions_list(self, obj: ArmedTable) -> str:
        return format_html("<pre>{}</pre>", "\n".join(json.dumps(m) for m in obj.moves) or "none")

    @admin.action(description="Abandon the selected tables (stuck)")
    def abandon_tables(self, request, queryset):
        done = 0
        for table in queryset.exclude(
            stage__in=[ArmedTable.Stage.OVER, ArmedTable.Stage.ABANDONED]
        ):
            with self.refusals_shown(request):
                abandon_table(actor=request.user, game_id=table.pk, reason="stuck: admin decision")
                done += 1
        self.message_user(request, f"Abandoned {done} table(s).")


@admin.register(ArmedAdminRecord)
class ArmedAdminRecordAdmin(AuditRecordAdmin):
    pass
