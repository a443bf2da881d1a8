from django.contrib import admin

from .models import (
    AdminAction,
    Code,
    CodeDrop,
    Contestant,
    GameDay,
    LadderEntry,
    LedgerEntry,
    NoonReport,
    PlayerSeason,
    Season,
)


class LadderEntryInline(admin.TabularInline):
    model = LadderEntry
    extra = 0
    fields = ("contestant", "joined", "on_ladder", "score", "trophies", "locked", "golden")
    readonly_fields = ("score", "trophies", "locked", "golden")
    autocomplete_fields = ("contestant",)
    ordering = ("joined",)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "starts_on", "ends_on", "is_active")
    inlines = [LadderEntryInline]


@admin.register(Contestant)
class ContestantAdmin(admin.ModelAdmin):
    search_fields = ("name",)


@admin.register(LadderEntry)
class LadderEntryAdmin(admin.ModelAdmin):
    list_display = ("contestant", "season", "score", "trophies", "locked", "golden", "on_ladder")
    list_filter = ("season", "on_ladder")
    search_fields = ("contestant__name",)
    list_select_related = ("contestant", "season")


@admin.register(PlayerSeason)
class PlayerSeasonAdmin(admin.ModelAdmin):
    list_display = ("user", "season", "season_votes", "votes_per_day", "golden_holder")
    list_filter = ("season", "golden_holder")
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user", "season")


@admin.register(GameDay)
class GameDayAdmin(admin.ModelAdmin):
    list_display = ("noon_on", "season", "status", "resolved_at")
    list_filter = ("season", "status")
    readonly_fields = ("season", "noon_on", "status", "seed", "resolved_at")


class CodeInline(admin.TabularInline):
    model = Code
    extra = 0
    readonly_fields = ("code",)
    can_delete = False


@admin.register(CodeDrop)
class CodeDropAdmin(admin.ModelAdmin):
    list_display = ("name", "reward", "one_per_person", "expires_at", "created_at")
    inlines = [CodeInline]


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(NoonReport)
class NoonReportAdmin(ReadOnlyAdmin):
    list_display = ("day", "created_at")


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ("player", "item", "change", "reason", "day", "at")
    list_filter = ("reason",)
    list_select_related = ("player__user", "day")


@admin.register(AdminAction)
class AdminActionAdmin(ReadOnlyAdmin):
    list_display = ("at", "actor", "action", "target")
