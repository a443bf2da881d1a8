"""Admin forms that pick a user or a player never list them all (issue 28: the Reputable
add page was a select of every user, 11.5 MB and 146 s with 150,000 users).

Every ModelAdmin is found from the registry, so a new game's admin is covered."""

import pytest
from django import forms
from django.contrib.admin import widgets
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import models
from django.test import Client, RequestFactory
from django.urls import reverse

from games.hall.models import Reputable
from games.ladder.services.codes import create_drop
from games.ladder.services.players import join_season

from .admin_registry import add_url, model_admins

pytestmark = pytest.mark.django_db

USERS = 100_000
PAGE_LIMIT = 200_000  # bytes
PICKERS = (widgets.AutocompleteSelect, widgets.AutocompleteSelectMultiple)
RAW_IDS = (widgets.ForeignKeyRawIdWidget, widgets.ManyToManyRawIdWidget)


def grows_with_people(model: type[models.Model]) -> bool:
    """The user model and every model with a row per user (players, holders, accounts)."""
    user = get_user_model()
    if model is user:
        return True
    return any(
        isinstance(field, models.ForeignKey | models.OneToOneField) and field.related_model is user
        for field in model._meta.get_fields()
    )


def superuser_request(admin_user):
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    return request


def test_every_admin_field_picking_a_person_is_an_autocomplete_or_a_raw_id(admin_user):
    request = superuser_request(admin_user)
    offenders = []
    for model_admin in model_admins():
        if model_admin.has_add_permission(request):
            form = model_admin.get_form(request, None, change=False)
        elif model_admin.has_change_permission(request):
            form = model_admin.get_form(request, model_admin.model(), change=True)
        else:
            continue  # view-only pages show related objects as links
        for inline in model_admin.get_inline_instances(request):
            form_fields = inline.get_formset(request).form.base_fields
            offenders += _plain_selects(f"{model_admin.opts.label} inline", form_fields)
        offenders += _plain_selects(model_admin.opts.label, form.base_fields)
    assert offenders == []


def _plain_selects(where: str, fields: dict[str, forms.Field]) -> list[str]:
    found = []
    for name, field in fields.items():
        if not isinstance(field, forms.ModelChoiceField):
            continue
        widget = getattr(field.widget, "widget", field.widget)  # inside the "+" wrapper
        if grows_with_people(field.queryset.model) and not isinstance(widget, PICKERS + RAW_IDS):
            found.append(f"{where}.{name} ({field.queryset.model._meta.label})")
    return found


@pytest.fixture
def crowd(db):
    User = get_user_model()
    password = make_password(None)
    User.objects.bulk_create(
        (
            User(username=f"crowd{i}", display_name=f"Crowd {i}", password=password)
            for i in range(USERS)
        ),
        batch_size=5000,
    )


def test_no_admin_page_lists_a_hundred_thousand_users(
    crowd, admin_user, alice, season, ann, bo, cycle
):
    Reputable.objects.create(user=alice)
    join_season(alice, season)
    create_drop(name="D", reward="god_pack", count=2, created_by=admin_user)
    client = Client()
    client.force_login(admin_user)
    request = superuser_request(admin_user)
    sizes = {}
    for model_admin in model_admins():
        opts = model_admin.opts
        urls = [add_url(model_admin)] if model_admin.has_add_permission(request) else []
        if (obj := model_admin.model._default_manager.order_by("pk").first()) is not None:
            urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            sizes[url] = len(response.content)
    assert any(url.endswith("/hall/reputable/add/") for url in sizes)
    too_big = {url: size for url, size in sizes.items() if size >= PAGE_LIMIT}
    assert too_big == {}
