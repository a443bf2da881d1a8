"""What every game's admin shares, and the admin site that gives it to every ModelAdmin."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.db.models import IntegerField
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from .fields import integer_range
from .refusal import Refusal

UNKNOWN_ROWS = (
    "Those rows could not be found, so nothing was changed. Reload the list and choose again."
)


class RefusalsShown(admin.ModelAdmin):
    @contextmanager
    def refusals_shown(self, request: HttpRequest) -> Iterator[None]:
        """A power's refusal becomes an error message on the page, in the owner's words."""
        try:
            yield
        except Refusal as refusal:
            self.message_user(request, refusal.message, messages.ERROR)


class SelectionChecked(admin.ModelAdmin):
    """An action on rows whose ids cannot exist ("abc", a NUL byte: a tampered
    `_selected_action`) is refused with a message on the change list. Django would look
    them up as they came and fail with a 500 before the action ran."""

    def response_action(self, request: HttpRequest, queryset, **kwargs) -> HttpResponse | None:
        if not self.selection_is_valid(request):
            self.message_user(request, UNKNOWN_ROWS, messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())
        return super().response_action(request, queryset, **kwargs)

    def selection_is_valid(self, request: HttpRequest) -> bool:
        pk = self.model._meta.pk
        low, high = integer_range(pk) if isinstance(pk, IntegerField) else (None, None)
        try:
            for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME):
                if "\x00" in value:  # no database stores one in a key; PostgreSQL refuses it
                    return False
                key = pk.to_python(value)
                # Past the column's range: no row, and SQLite cannot be asked (OverflowError).
                if (low is not None and key < low) or (high is not None and key > high):
                    return False
        except ValidationError:
            return False
        return True


class _KeysInRange:
    """A model choice whose key is a number past its column's range is no choice: refused
    like any unknown key, before the lookup (SQLite cannot even be asked: OverflowError)."""

    def _keys_in_range(self, values) -> None:
        model = self.queryset.model
        key = model._meta.get_field(self.to_field_name) if self.to_field_name else model._meta.pk
        if not isinstance(key, IntegerField):
            return
        low, high = integer_range(key)
        for value in values:
            try:
                number = int(value)
            except (TypeError, ValueError):
                continue  # Django refuses it as it is
            if (low is not None and number < low) or (high is not None and number > high):
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": value},
                )


class KeyInRangeChoiceField(_KeysInRange, forms.ModelChoiceField):
    def to_python(self, value):
        if value not in self.empty_values:
            self._keys_in_range([value])
        return super().to_python(value)


class KeysInRangeMultipleChoiceField(_KeysInRange, forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        self._keys_in_range(value)
        return super()._check_values(value)


class KeysChecked(admin.ModelAdmin):
    """Related-object pickers on every admin form refuse keys past their column's range."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        kwargs.setdefault("form_class", KeyInRangeChoiceField)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        kwargs.setdefault("form_class", KeysInRangeMultipleChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class GoonsiteAdminSite(admin.AdminSite):
    """Django's admin site, each registered ModelAdmin (the games', the accounts', the
    libraries') given `SelectionChecked` and `KeysChecked`, so no admin action or form
    answers a tampered id with a 500, and a new game's admin is covered without
    remembering to."""

    def register(self, model_or_iterable, admin_class=None, **options) -> None:
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, SelectionChecked):
            admin_class = type(
                admin_class.__name__,
                (SelectionChecked, KeysChecked, admin_class),
                {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
            )
        super().register(model_or_iterable, admin_class, **options)


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
