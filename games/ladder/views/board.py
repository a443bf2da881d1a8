"""The board: ladder, your day, your season, your hand (R5.6, R5.7)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import clock
from ..models import PlayerSeason
from ..selectors import active_season
from ..services.noon import noon_is_due
from .common import BOARD, PICKING_A_TARGET, board_for, board_parts, with_player


@require_GET
@vary_on_headers("HX-Request")
@with_player
def board(request: HttpRequest, player: PlayerSeason) -> HttpResponse:
    targeting = request.GET.get("play")
    context = {"board": board_for(request, player, targeting)}
    if request.htmx:
        return board_parts(request, PICKING_A_TARGET, context)
    return render(request, BOARD, context)


@login_not_required
@require_GET
def noon_status(request: HttpRequest) -> JsonResponse:
    """Whether a noon is being counted: the board polls this while it says so, and reloads
    once the report is out (two small queries, so polling players cost little)."""
    season = active_season()
    counting = season is not None and noon_is_due(season, clock.now())
    response = JsonResponse({"counting": counting})
    response["Cache-Control"] = "no-store"
    return response
