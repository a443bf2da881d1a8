"""Every ModelAdmin on the site and its actions, found from the admin registry rather than
listed by hand, so a new game's admin is covered the day it is registered."""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib import admin
from django.contrib.admin.options import ModelAdmin
from django.test import RequestFactory
from django.urls import reverse


def model_admins() -> list[ModelAdmin]:
    return sorted(admin.site._registry.values(), key=lambda a: a.opts.label)


def changelist_url(model_admin: ModelAdmin) -> str:
    opts = model_admin.opts
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")


def add_url(model_admin: ModelAdmin) -> str:
    opts = model_admin.opts
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_add")


def actions(superuser) -> Iterator[tuple[ModelAdmin, str]]:
    """(admin, action name) for every action a superuser sees on a change list."""
    for model_admin in model_admins():
        request = RequestFactory().get(changelist_url(model_admin))
        request.user = superuser
        for name in model_admin.get_actions(request):
            yield model_admin, name
