"""Pick your table (A12.1): open one, see friends' open tables, one tap against bots."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from goonsite.refusal import Refusal

from ..models import (
    DEFAULT_TURN_SECONDS,
    MAX_SEATS,
    MIN_SEATS,
    ArmedTable,
    Policy,
    turn_label,
)
from ..records import stats_of
from ..tables.lobby import TURN_CHOICES, open_table, quick_game, stand_up, start_table, take_seat
from .common import act


class OpenForm(forms.Form):
    size = forms.TypedChoiceField(
        choices=[(n, f"{n} seats") for n in range(MIN_SEATS, MAX_SEATS + 1)],
        coerce=int,
        initial=4,
        label="Seats",
    )
    policy = forms.ChoiceField(choices=Policy.choices, initial=Policy.SIMPLE, label="Bots")
    turn_seconds = forms.TypedChoiceField(
        choices=[(s, turn_label(s)) for s in TURN_CHOICES],
        coerce=int,
        initial=DEFAULT_TURN_SECONDS,
        label="Turn time",
    )


def first_error(form: forms.Form) -> str:
    for field, errors in form.errors.items():
        label = form.fields[field].label or field.replace("_", " ") if field in form.fields else ""
        return f"{label.capitalize()}: {errors[0]}" if label else errors[0]
    return "Check the form."


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """A12.1 Pick your table."""
    tables = ArmedTable.objects.select_related("opener").annotate(taken=Count("seats"))
    context = {
        "form": OpenForm(),
        "open_tables": list(tables.filter(stage=ArmedTable.Stage.OPEN).order_by("pk")[:30]),
        "mine": [],
        "stats": None,
    }
    if request.user.is_authenticated:
        context["mine"] = list(
            tables.filter(seats__user=request.user, seats__left_at__isnull=True)
            .exclude(stage__in=[ArmedTable.Stage.OVER, ArmedTable.Stage.ABANDONED])
            .order_by("-pk")[:10]
        )
        context["stats"] = stats_of(request.user)
        context["recent"] = list(
            tables.filter(seats__user=request.user, stage=ArmedTable.Stage.OVER).order_by("-pk")[
                :10
            ]
        )
    return render(request, "armed/home.html", context)


def _table_url(game_id: int) -> str:
    return reverse("armed:table", args=[game_id])


@login_required
@require_POST
def open_view(request: HttpRequest) -> HttpResponse:
    form = OpenForm(request.POST)
    if not form.is_valid():
        messages.error(request, first_error(form))
        return redirect("armed:home")
    try:
        table = open_table(user=request.user, **form.cleaned_data)
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect("armed:home")
    return redirect(_table_url(table.pk))


@login_required
@require_POST
def quick_view(request: HttpRequest) -> HttpResponse:
    """One tap: four seats, three sharp bots, started at once."""
    table = quick_game(user=request.user)
    return redirect(_table_url(table.pk))


@login_required
@require_POST
def seat_view(request: HttpRequest, game_id: int) -> HttpResponse:
    verb = request.POST.get("do", "")
    back = _table_url(game_id)
    if verb == "take":
        return act(
            request,
            lambda: take_seat(user=request.user, game_id=game_id) and "You sat down.",
            back=back,
        )
    if verb == "stand":
        return act(
            request,
            lambda: stand_up(user=request.user, game_id=game_id) or "You stood up.",
            back=back,
        )
    if verb == "start":
        return act(
            request,
            lambda: start_table(user=request.user, game_id=game_id) and None,
            back=back,
        )
    return act(request, _refuse("Take a seat, stand up or start."), back=back)


def _refuse(text: str):
    def do():
        raise Refusal(text)

    return do
