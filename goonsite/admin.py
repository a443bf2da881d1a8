"""What every game's admin shares, and the admin site that gives it to every ModelAdmin."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

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
        try:
            for value in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME):
                if "\x00" in value:  # no database stores one in a key; PostgreSQL refuses it
                    return False
                pk.to_python(value)
        except ValidationError:
            return False
        return True


class GoonsiteAdminSite(admin.AdminSite):
    """Django's admin site, each registered ModelAdmin (the games', the accounts', the
    libraries') given `SelectionChecked`, so no admin action answers a tampered id with a
    500 and a new game's admin is covered without remembering to."""

    def register(self, model_or_iterable, admin_class=None, **options) -> None:
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, SelectionChecked):
            admin_class = type(
                admin_class.__name__,
                (SelectionChecked, admin_class),
                {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__},
            )
        super().register(model_or_iterable, admin_class, **options)
