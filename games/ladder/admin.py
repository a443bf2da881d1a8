"""The owners' Django admin (R9): every power goes through a service and is recorded."""

from __future__ import annotations

import csv
from collections.abc import Iterable

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import ActionLocation
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from goonsite import clock
from goonsite.admin import AuditRecordAdmin, ReadOnlyAdmin, RefusalsShown
from goonsite.refusal import Refusal

from .engine import CardId
from .models import (
    LADDER_STATE,
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
from .services import admin as powers
from .services.codes import create_drop
from .services.days import hold_off_noons, open_day

Kind = AdminAction.Kind


def _names(things: Iterable[object]) -> str:
    return ", ".join(map(str, things)) or "nobody"


class AuditedAdmin(RefusalsShown):
    """Records every add, change and delete made through this admin (R9.1)."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        powers.record(
            request.user,
            Kind.CHANGE if change else Kind.ADD,
            obj,
            model=obj._meta.verbose_name,
            fields=list(form.changed_data),
        )

    # A delete cascades into what noon reads and writes: it waits for a running noon and
    # holds off the next until it commits, so the two never deadlock (an admin never undoes
    # a noon). One transaction each, the "delete selected" action's too.
    def delete_model(self, request, obj):
        with transaction.atomic():
            hold_off_noons()
            powers.record(request.user, Kind.DELETE, obj, model=obj._meta.verbose_name)
            super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            hold_off_noons()
            for obj in queryset:
                powers.record(request.user, Kind.DELETE, obj, model=obj._meta.verbose_name)
            super().delete_queryset(request, queryset)


# ---- seasons and the roster -------------------------------------------------------------


class LadderEntryInline(admin.TabularInline):
    model = LadderEntry
    extra = 0
    fields = ("contestant", "joined", "on_ladder", "score", "trophies", "wins", "locked", "golden")
    readonly_fields = fields
    ordering = ("joined",)
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # contestants join through "Add contestants", which keeps roster order


class EndSeasonForm(forms.Form):
    last_noon = forms.DateField(
        label="Last noon",
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text="The season's last noon resolves as usual; then the season freezes. "
        "Empty: the next noon.",
    )


class SeasonForm(forms.ModelForm):
    add_contestants = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="One name per line; they join the ladder in this order, after everyone there.",
    )

    class Meta:
        model = Season
        fields = ("name", "starts_on")

    def clean_add_contestants(self) -> str:
        """Refuse the whole list before anything is saved when a name can't be stored."""
        text = self.cleaned_data.get("add_contestants", "")
        longest = Contestant._meta.get_field("name").max_length
        too_long = [
            n for n in (" ".join(line.split()) for line in text.splitlines()) if len(n) > longest
        ]
        if too_long:
            raise forms.ValidationError(
                [
                    f"“{name[:30]}…” is {len(name)} characters; a name has at most {longest}."
                    for name in too_long
                ]
            )
        return text


@admin.register(Season)
class SeasonAdmin(AuditedAdmin):
    form = SeasonForm
    list_display = ("name", "starts_on", "ends_on", "is_active", "contestants")
    readonly_fields = ("is_active", "ends_on")
    inlines = [LadderEntryInline]
    actions = ["start", "end"]

    @admin.display(description="contestants")
    def contestants(self, season: Season) -> int:
        return season.entries.count()

    def get_actions(self, request, action_location=ActionLocation.CHANGE_LIST):
        # Deleting a season deletes its archive (R2.1: the archive stays readable), so
        # there is no bulk delete, and a season with reports can't be deleted at all.
        actions = super().get_actions(request, action_location=action_location)
        actions.pop("delete_selected", None)
        return actions

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and NoonReport.objects.filter(day__season=obj).exists():
            return False
        return super().has_delete_permission(request, obj)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        names = form.cleaned_data.get("add_contestants", "").splitlines()
        if any(n.strip() for n in names):
            with self.refusals_shown(request):
                added = powers.add_to_roster(actor=request.user, season=form.instance, names=names)
                self.message_user(request, f"Added {_names(added)} to the ladder.")

    @admin.action(description="Start the selected season")
    def start(self, request, queryset: QuerySet[Season]):
        if queryset.count() != 1:
            self.message_user(request, "Pick exactly one season to start.", messages.ERROR)
            return
        with self.refusals_shown(request):
            season = powers.start_season(actor=request.user, season=queryset.get())
            self.message_user(request, f"{season} is the active season.")

    @admin.action(description="End the selected season at a noon (then it freezes)")
    def end(self, request, queryset: QuerySet[Season]):
        """Asks which noon is the last (default the next), then schedules the end (R2.1)."""
        if queryset.count() != 1:
            self.message_user(request, "Pick exactly one season to end.", messages.ERROR)
            return None
        season = queryset.get()
        if not season.is_active:
            self.message_user(request, f"{season} is not the active season.", messages.ERROR)
            return None
        upcoming = open_day(season, clock.now()).noon_on
        form = EndSeasonForm(
            request.POST if "apply" in request.POST else None, initial={"last_noon": upcoming}
        )
        if form.is_valid():
            with self.refusals_shown(request):
                ended = powers.end_season(
                    actor=request.user, season=season, last_noon=form.cleaned_data["last_noon"]
                )
                when = ended.last_noon
                self.message_user(
                    request,
                    f"{ended} ends at the noon of {when:%A, %B} {when.day}: play goes on until "
                    "then, that noon resolves as usual, and then the season freezes.",
                )
            return None
        return TemplateResponse(
            request,
            "admin/ladder/end_season.html",
            {
                **self.admin_site.each_context(request),
                "title": f"End {season}",
                "season": season,
                "form": form,
                "upcoming": upcoming,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )


class LockedFilter(admin.SimpleListFilter):
    title = "locked"
    parameter_name = "locked"

    def lookups(self, request, model_admin):
        return [("yes", "Locked"), ("no", "Not locked")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(locked__gt=0)
        if self.value() == "no":
            return queryset.filter(locked=0)
        return queryset


@admin.register(LadderEntry)
class LadderEntryAdmin(AuditedAdmin):
    list_display = (
        "contestant",
        "season",
        "joined",
        "score",
        "trophies",
        "wins",
        "locked",
        "golden",
        "on_ladder",
    )
    list_filter = ("season", "on_ladder", LockedFilter)
    search_fields = ("contestant__name",)
    list_select_related = ("contestant", "season")
    list_per_page = 100
    readonly_fields = ("season", "contestant", "joined", *LADDER_STATE, "on_ladder")
    actions = ["unlock", "take_off", "put_back"]

    def has_add_permission(self, request):
        return False  # through the season's "Add contestants"

    @admin.action(description="Unlock (trophies stay; they lock again at the next 10)")
    def unlock(self, request, queryset):
        with self.refusals_shown(request):
            names = powers.unlock(actor=request.user, entries=queryset)
            self.message_user(request, f"Unlocked {_names(names)}.")

    @admin.action(description="Take off the ladder")
    def take_off(self, request, queryset):
        names = powers.set_on_ladder(actor=request.user, entries=queryset, on=False)
        self.message_user(request, f"Taken off the ladder: {_names(names)}.")

    @admin.action(description="Put back on the ladder")
    def put_back(self, request, queryset):
        names = powers.set_on_ladder(actor=request.user, entries=queryset, on=True)
        self.message_user(request, f"Put back on the ladder: {_names(names)}.")


@admin.register(Contestant)
class ContestantAdmin(AuditedAdmin):
    search_fields = ("name",)


# ---- players and Golden Gooners --------------------------------------------------------


@admin.register(PlayerSeason)
class PlayerSeasonAdmin(AuditedAdmin):
    list_display = ("user", "season", "season_votes", "votes_per_day", "golden_holder")
    list_filter = ("season", "golden_holder")
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user", "season")
    readonly_fields = ("season", "user", "season_votes", "votes_per_day", "golden_holder")
    actions = ["mark_holder", "unmark_holder", "deal_golden"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Mark as Golden Gooner holders")
    def mark_holder(self, request, queryset):
        names = powers.set_golden_holder(actor=request.user, players=queryset, holder=True)
        self.message_user(request, f"Golden Gooner holders now: {_names(names)}.")

    @admin.action(description="No longer Golden Gooner holders")
    def unmark_holder(self, request, queryset):
        names = powers.set_golden_holder(actor=request.user, players=queryset, holder=False)
        self.message_user(request, f"No longer Golden Gooner holders: {_names(names)}.")

    @admin.action(description="Deal a Golden Gooner now")
    def deal_golden(self, request, queryset):
        for player in queryset.select_related("user"):
            with self.refusals_shown(request):
                powers.deal_golden_gooner(actor=request.user, player=player)
                self.message_user(request, f"Dealt a Golden Gooner to {player.user}.")


# ---- code drops ----------------------------------------------------------------------------


class CodeDropForm(forms.ModelForm):
    count = forms.IntegerField(
        min_value=1, max_value=10_000, initial=10, help_text="How many codes."
    )

    class Meta:
        model = CodeDrop
        fields = ("name", "reward", "card", "one_per_person", "expires_at")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Golden Gooners come only from being a holder (R9.1): no drop names one.
        self.fields["card"].choices = [
            (value, label)
            for value, label in self.fields["card"].choices
            if value != CardId.GOLDEN_GOONER.value
        ]

    def clean(self):
        data = super().clean()
        if data.get("reward") == CodeDrop.Reward.CARD and not data.get("card"):
            self.add_error("card", "A named-card drop needs its card.")
        return data

    def clean_expires_at(self):
        expires_at = self.cleaned_data.get("expires_at")
        if expires_at is not None and expires_at <= clock.now():
            raise forms.ValidationError(
                "That time has passed: a drop would expire before anyone could redeem it."
            )
        return expires_at


@admin.register(CodeDrop)
class CodeDropAdmin(AuditedAdmin):
    list_display = (
        "name",
        "season",
        "reward",
        "card",
        "one_per_person",
        "expires_at",
        "codes",
        "redeemed",
    )
    list_filter = ("season", "reward")
    search_fields = ("name",)
    actions = ["export_csv"]

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = CodeDropForm
        return super().get_form(request, obj, **kwargs)

    class Media:
        js = ("ladder/admin-copy.js",)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return ("season", "reward", "card", "created_by", "created_at", "code_list")

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        data = form.cleaned_data
        drop = create_drop(
            name=data["name"],
            reward=data["reward"],
            card=data.get("card") or "",
            count=data["count"],
            one_per_person=data["one_per_person"],
            expires_at=data.get("expires_at"),
            created_by=request.user,
        )
        obj.pk, obj.season_id = drop.pk, drop.season_id
        powers.record(request.user, Kind.CREATE_DROP, drop, count=data["count"])

    @admin.display(description="codes")
    def codes(self, drop: CodeDrop) -> int:
        return drop.codes.count()

    @admin.display(description="redeemed")
    def redeemed(self, drop: CodeDrop) -> int:
        return drop.redemptions.count()

    def has_export_codes_permission(self, request) -> bool:
        return request.user.has_perm("ladder.export_codes")

    @admin.action(description="Export the codes as CSV", permissions=["export_codes"])
    def export_csv(self, request, queryset):
        return codes_csv(request, queryset)

    def get_urls(self):
        csv_url = path(
            "<int:drop_id>/codes.csv",
            self.admin_site.admin_view(self.drop_csv),
            name="ladder_codedrop_csv",
        )
        return [csv_url, *super().get_urls()]

    def drop_csv(self, request: HttpRequest, drop_id: int) -> HttpResponse:
        """One drop's codes as CSV, linked from its page; the same permission as the action."""
        if not self.has_export_codes_permission(request):
            self.message_user(request, "Exporting codes needs its own permission.", messages.ERROR)
            return redirect("admin:index")
        return codes_csv(request, CodeDrop.objects.filter(pk=drop_id))

    @admin.display(description="the codes")
    def code_list(self, drop: CodeDrop) -> str:
        """Every code of the drop, ready to copy into Discord, and the CSV link."""
        codes = "\n".join(drop.codes.order_by("pk").values_list("code", flat=True))
        csv_link = reverse("admin:ladder_codedrop_csv", args=[drop.pk])
        return format_html(
            '<textarea id="drop-codes" class="drop-codes" rows="8" cols="20" readonly'
            ' aria-label="The codes of this drop">{}</textarea>'
            '<p><button type="button" class="button" data-copy="drop-codes">Copy the codes</button>'
            ' <a class="button" href="{}">Download CSV</a></p>',
            codes,
            csv_link,
        )

    def response_add(self, request, obj, post_url_continue=None):
        """After a drop is made, its page: the codes to copy and the CSV, at once."""
        self.message_user(
            request,
            f"Made {obj.codes.count()} codes for {obj}. Copy them below or download the CSV.",
        )
        return redirect("admin:ladder_codedrop_change", obj.pk)

    def add_view(self, request, form_url="", extra_context=None):
        try:
            return super().add_view(request, form_url, extra_context)
        except Refusal as refusal:
            messages.error(request, refusal.message)
            return redirect(request.path)


def codes_csv(request: HttpRequest, drops: QuerySet[CodeDrop]) -> HttpResponse:
    """The drops' codes, who redeemed each and when; the export is recorded."""
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="goon-codes.csv"'
    writer = csv.writer(response)
    writer.writerow(["drop", "code", "redeemed by", "redeemed at", "gave"])
    codes = Code.objects.filter(drop__in=drops).select_related("drop", "redemption__player__user")
    for code in codes.order_by("drop", "pk"):
        r = getattr(code, "redemption", None)
        writer.writerow(
            [
                code.drop.name,
                code.code,
                str(r.player.user) if r else "",
                r.redeemed_at.isoformat() if r else "",
                r.get_gave_display() if r else "",
            ]
        )
    powers.record(request.user, Kind.EXPORT_CODES, ", ".join(d.name for d in drops))
    return response


class RedeemedFilter(admin.SimpleListFilter):
    title = "redeemed"
    parameter_name = "redeemed"

    def lookups(self, request, model_admin):
        return [("yes", "Redeemed"), ("no", "Not yet")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(redemption__isnull=self.value() == "no")
        return queryset


@admin.register(Code)
class CodeAdmin(admin.ModelAdmin):
    list_display = ("code", "drop", "redeemed_by", "redeemed_at", "gave")
    list_filter = ("drop", RedeemedFilter)
    search_fields = ("code", "redemption__player__user__display_name")
    list_select_related = ("drop", "redemption__player__user")
    list_per_page = 200

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="redeemed by")
    def redeemed_by(self, code: Code) -> str:
        r = getattr(code, "redemption", None)
        return str(r.player.user) if r else "—"

    @admin.display(description="redeemed at")
    def redeemed_at(self, code: Code):
        r = getattr(code, "redemption", None)
        return r.redeemed_at if r else None

    @admin.display(description="gave")
    def gave(self, code: Code) -> str:
        r = getattr(code, "redemption", None)
        return r.get_gave_display() if r else ""


# ---- noons, reports, Discord and the audit trail ---------------------------------------------


@admin.register(GameDay)
class GameDayAdmin(ReadOnlyAdmin):
    list_display = ("noon_on", "season", "status", "resolved_at")
    list_filter = ("season", "status")


@admin.register(NoonReport)
class NoonReportAdmin(ReadOnlyAdmin):
    list_display = ("day", "created_at")
    list_select_related = ("day__season",)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ("player", "item", "change", "reason", "day", "at")
    list_filter = ("reason",)
    search_fields = ("player__user__display_name",)
    list_select_related = ("player__user", "player__season", "day__season")


@admin.register(AdminAction)
class AdminActionAdmin(AuditRecordAdmin):
    pass
