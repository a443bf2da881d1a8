"""The rules (public) and the player's own card history."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..engine import CATALOGUE, PACKS
from ..engine.rules import MILESTONES, milestone_reward
from ..models import LedgerEntry, PlayerSeason
from .common import with_player


@login_not_required
@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    milestones = [(at, milestone_reward(reward)) for at, reward in MILESTONES]
    return render(
        request,
        "ladder/rules.html",
        {"cards": CATALOGUE.values(), "packs": PACKS.values(), "milestones": milestones},
    )


@require_GET
@with_player
def my_cards(request: HttpRequest, player: PlayerSeason) -> HttpResponse:
    """The ledger of the player's own cards: private to them (R5.7)."""
    entries = LedgerEntry.objects.filter(player=player).select_related("day").order_by("-pk")
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(request, "ladder/my_cards.html", {"page": page, "player": player})
