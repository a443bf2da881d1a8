"""The board: ladder, your day, your season, your hand (R5.6, R5.7)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from ..models import PlayerSeason
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
