"""The Hall's admins (H13): every power goes through a service and is recorded (H13.3)."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from goonsite import clock
from goonsite.admin import AuditRecordAdmin, ReadOnlyAdmin, RefusalsShown
from goonsite.fields import integer_range

from .cards import is_face
from .models import (
    Activity,
    AdminRecord,
    Card,
    Cycle,
    Election,
    Gift,
    JusticeRequest,
    Ledger,
    Phase,
    Player,
    Proposal,
    Purchase,
    Reputable,
    Ruling,
    Trade,
)
from .rules.timing import valid_phase_days
from .services import admin as powers
from .services.proposals import mark_enacted
from .tables.abandon import abandon_game
from .tables.models import DuelRequest, Game

# ---- cycles ------------------------------------------------------------------------------


class CycleForm(forms.ModelForm):
    end_reason_now = forms.CharField(
        required=False,
        label="End this cycle now, because…",
        help_text="Ends the cycle at once (H1.9): open business closes without effect.",
    )

    class Meta:
        model = Cycle
        fields = ("name", "starts_at", "phase_days", "kit_cards", "kit_vertebrae", "kit_chips")
        help_texts = {"starts_at": "A noon, Central time; defaults to the next noon (H1.3)."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.instance.pk:
            self.fields["starts_at"].initial = powers.next_noon()
            self.fields["end_reason_now"].widget = forms.HiddenInput()

    def clean_phase_days(self):
        days = self.cleaned_data["phase_days"]
        if not valid_phase_days(days):
            raise forms.ValidationError("A phase lasts a whole number of days from 1 to 7 (H1.4).")
        return days

    def clean(self):
        data = super().clean()
        if not self.instance.pk:
            starts = data.get("starts_at")
            if starts and starts <= clock.now():
                self.add_error("starts_at", "A cycle's start noon must be in the future (H1.3).")
            if Cycle.objects.filter(is_current=True).exists():
                raise forms.ValidationError("A cycle is running: end it before creating another.")
        elif self.instance.starts_at <= clock.now() and any(
            f in self.changed_data for f in ("kit_cards", "kit_vertebrae", "kit_chips")
        ):
            raise forms.ValidationError("The starting kit can only be set before the start (H2.2).")
        return data


@admin.register(Cycle)
class CycleAdmin(RefusalsShown):
    form = CycleForm
    list_display = ("name", "number", "starts_at", "phase_days", "is_current", "winner", "judge")
    readonly_fields = ("number", "is_current", "ended_at", "end_reason", "winner", "judge")

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return (*self.readonly_fields, "starts_at", "name")

    def save_model(self, request, obj, form, change):
        with self.refusals_shown(request):
            data = form.cleaned_data
            if not change:
                cycle = powers.create_cycle(
                    actor=request.user,
                    name=data["name"],
                    starts_at=data["starts_at"],
                    phase_days=data["phase_days"],
                    kit_cards=data["kit_cards"],
                    kit_vertebrae=data["kit_vertebrae"],
                    kit_chips=data["kit_chips"],
                )
                obj.pk = cycle.pk
                return
            current = Cycle.objects.get(pk=obj.pk)
            if "phase_days" in form.changed_data:
                powers.set_phase_length(actor=request.user, cycle=current, days=obj.phase_days)
            if {"kit_cards", "kit_vertebrae", "kit_chips"} & set(form.changed_data):
                powers.set_kit(
                    actor=request.user,
                    cycle=current,
                    cards=obj.kit_cards,
                    vertebrae=obj.kit_vertebrae,
                    chips=obj.kit_chips,
                )
            if data.get("end_reason_now"):
                powers.end_cycle(actor=request.user, cycle=current, reason=data["end_reason_now"])

    def has_delete_permission(self, request, obj=None):
        return False  # an ended cycle stays readable (H1.2)


# ---- players, grants and corrections -------------------------------------------------------


class PlayerForm(forms.ModelForm):
    add_vertebrae = forms.IntegerField(required=False, initial=0, help_text="Negative takes.")
    add_chips = forms.IntegerField(required=False, initial=0, help_text="Negative takes.")
    add_cards = forms.CharField(
        required=False, help_text='Card ids separated by spaces, e.g. "7H QD* RJ".'
    )
    remove_cards = forms.ModelMultipleChoiceField(
        queryset=Card.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    reason = forms.CharField(required=False, help_text="Required with any grant or correction.")

    class Meta:
        model = Player
        fields = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["remove_cards"].queryset = Card.objects.filter(
                owner=self.instance, locked=False
            )

    def clean_add_cards(self):
        ids = self.cleaned_data["add_cards"].split()
        bad = [c for c in ids if not is_face(c.removesuffix("*"))]
        if bad:
            raise forms.ValidationError(f"Not card ids: {', '.join(bad)}")
        return ids

    def clean(self):
        data = super().clean()
        changes = (
            data.get("add_vertebrae")
            or data.get("add_chips")
            or data.get("add_cards")
            or data.get("remove_cards")
        )
        if changes and not (data.get("reason") or "").strip():
            self.add_error("reason", "Grants and corrections need a reason (H13.1).")
        for field, asset in (("add_vertebrae", "vertebrae"), ("add_chips", "chips")):
            # Taking more than there is is the service's refusal (H3.1); too much is here.
            _, most = integer_range(Player._meta.get_field(asset))
            total = getattr(self.instance, asset) + (data.get(field) or 0)
            if most is not None and total > most:
                self.add_error(
                    field, f"That would make {total:,} {asset}: a player can hold {most:,} at most."
                )
        return data


@admin.register(Player)
class PlayerAdmin(RefusalsShown):
    form = PlayerForm
    list_display = ("__str__", "cycle", "chips", "vertebrae", "inactive", "barred")
    list_filter = ("cycle", "barred", "inactive")
    search_fields = ("user__username", "user__display_name")
    readonly_fields = ("cycle", "user", "vertebrae", "chips", "inactive", "barred", "joined_at")
    actions = ["bar", "unbar", "grant_reputable", "revoke_reputable"]

    def has_add_permission(self, request):
        return False  # players join from the Hall (H2.1)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if not (
            data.get("add_vertebrae")
            or data.get("add_chips")
            or data.get("add_cards")
            or data.get("remove_cards")
        ):
            return
        with self.refusals_shown(request):
            powers.adjust_items(
                actor=request.user,
                player=Player.objects.select_related("cycle", "user").get(pk=obj.pk),
                reason=data["reason"],
                vertebrae=data.get("add_vertebrae") or 0,
                chips=data.get("add_chips") or 0,
                add_cards_ids=data.get("add_cards") or [],
                remove_card_ids=[c.pk for c in data.get("remove_cards") or []],
            )

    @admin.action(description="Bar from the Hall (H2.1)")
    def bar(self, request, queryset):
        for player in queryset:
            powers.set_barred(actor=request.user, player=player, barred=True)
        self.message_user(request, f"Barred {queryset.count()} player(s).")

    @admin.action(description="Unbar")
    def unbar(self, request, queryset):
        for player in queryset:
            powers.set_barred(actor=request.user, player=player, barred=False)
        self.message_user(request, f"Unbarred {queryset.count()} player(s).")

    @admin.action(description="Grant the reputable flag (site-wide, H2.3)")
    def grant_reputable(self, request, queryset):
        for player in queryset.select_related("user"):
            powers.set_reputable(actor=request.user, user=player.user, reputable=True)
        self.message_user(request, "Reputable flag granted.")

    @admin.action(description="Revoke the reputable flag")
    def revoke_reputable(self, request, queryset):
        for player in queryset.select_related("user"):
            powers.set_reputable(actor=request.user, user=player.user, reputable=False)
        self.message_user(request, "Reputable flag revoked.")


@admin.register(Reputable)
class ReputableAdmin(admin.ModelAdmin):
    list_display = ("user", "granted_at")
    autocomplete_fields = ("user",)  # a select of every user would be megabytes

    def save_model(self, request, obj, form, change):
        powers.set_reputable(actor=request.user, user=obj.user, reputable=True)
        obj.pk = Reputable.objects.get(user=obj.user).pk

    def delete_model(self, request, obj):
        powers.set_reputable(actor=request.user, user=obj.user, reputable=False)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_model(request, obj)


# ---- proposals: enacting adopted ones -------------------------------------------------------


class ProposalForm(forms.ModelForm):
    enact_note = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Mark this adopted proposal enacted, saying what was done (H10.7).",
    )

    class Meta:
        model = Proposal
        fields = ()


@admin.register(Proposal)
class ProposalAdmin(RefusalsShown):
    form = ProposalForm
    list_display = ("number", "title", "klass", "status", "amendment", "enacted_at", "cycle")
    list_filter = ("cycle", "status", "klass")
    readonly_fields = (
        "cycle",
        "number",
        "author",
        "title",
        "text",
        "klass",
        "status",
        "votes_for",
        "votes_against",
        "amendment",
        "enacted_at",
        "enacted_note",
    )

    def has_add_permission(self, request):
        return False  # proposals are made by players (H13.2)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        note = form.cleaned_data.get("enact_note", "").strip()
        if note:
            with self.refusals_shown(request):
                mark_enacted(actor=request.user, proposal=obj, note_text=note)


# ---- records ---------------------------------------------------------------------------------


@admin.register(AdminRecord)
class AdminRecordAdmin(AuditRecordAdmin):
    list_display = (*AuditRecordAdmin.list_display, "reason", "cycle")
    list_filter = (*AuditRecordAdmin.list_filter, "cycle")


@admin.register(Ledger)
class LedgerAdmin(ReadOnlyAdmin):
    list_display = ("at", "player", "asset", "card", "change", "reason", "ref", "phase")
    list_filter = ("asset", "reason")
    search_fields = ("player__user__username", "player__user__display_name", "ref")


@admin.register(Activity)
class ActivityAdmin(ReadOnlyAdmin):
    list_display = ("at", "cycle", "phase", "kind", "text")
    list_filter = ("cycle", "kind")


@admin.register(Phase)
class PhaseAdmin(ReadOnlyAdmin):
    """Phases and their reports (H14.4); boundaries run only from the job (H12.1)."""

    list_display = ("cycle", "number", "starts_at", "ends_at", "status", "closed_at")
    list_filter = ("cycle", "status")


@admin.register(Gift)
class GiftAdmin(ReadOnlyAdmin):
    list_display = ("at", "phase", "giver", "receiver", "cards", "bonus", "seed")
    list_filter = ("cycle", "bonus")


@admin.register(Purchase)
class PurchaseAdmin(ReadOnlyAdmin):
    list_display = ("at", "phase", "player", "item", "cost", "cards", "seed")
    list_filter = ("item",)


@admin.register(Trade)
class TradeAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "offerer", "receiver", "summary", "status")
    list_filter = ("cycle", "status")


@admin.register(JusticeRequest)
class JusticeRequestAdmin(ReadOnlyAdmin):
    list_display = ("number", "cycle", "author", "kind", "status", "submitted_at")
    list_filter = ("cycle", "status")


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ("request", "judge", "issued_at", "overturned")


@admin.register(Election)
class ElectionAdmin(ReadOnlyAdmin):
    list_display = ("cycle", "week", "decided_at", "winner")


class StalledFilter(admin.SimpleListFilter):
    """Games nobody can finish: no participant has any possible play (tables/stall.py)."""

    title = "no possible play"
    parameter_name = "stalled"

    def lookups(self, request, model_admin):
        return [("yes", "stalled: nobody can play")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(stalled_since__isnull=False, stage=Game.Stage.PLAYING)
        return queryset


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin, RefusalsShown):
    """H7 Exoptosis games; an admin may abandon one (H8.25): every card goes home."""

    list_display = (
        "pk",
        "cycle",
        "kind",
        "stage",
        "result",
        "formed_at",
        "winner",
        "deadline",
        "stalled_since",
    )
    list_filter = (StalledFilter, "cycle", "kind", "stage")
    actions = ["abandon_games"]

    @admin.action(description="Abandon the selected games (H8.25)")
    def abandon_games(self, request, queryset):
        done = 0
        for game in queryset.exclude(stage=Game.Stage.OVER):
            reason = "nobody had any possible play" if game.stalled_since else "admin decision"
            with self.refusals_shown(request):
                abandon_game(actor=request.user, game_id=game.pk, reason=reason)
                done += 1
        self.message_user(request, f"Abandoned {done} game(s); their cards are home.")


@admin.register(DuelRequest)
class DuelRequestAdmin(ReadOnlyAdmin):
    list_display = ("pk", "cycle", "requester", "status", "created_at", "expires_at", "game")
    list_filter = ("cycle", "status")
