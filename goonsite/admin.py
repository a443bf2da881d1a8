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
