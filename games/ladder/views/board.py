"""The board: ladder, your day, your season, your hand (R5.6, R5.7)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import recap
from ..engine import CATALOGUE, CardId
from ..engine.cards import parse_item
from ..models import PlayerSeason
from ..selectors import active_season
from ..services.players import join_season
from .common import BOARD, PICKING_A_TARGET, POLLED, board_for, board_parts, with_player


@require_GET
@vary_on_headers("HX-Request")
@with_player
def board(request: HttpRequest, player: PlayerSeason) -> HttpResponse:
    targeting = request.GET.get("play")
    board = board_for(request, player, targeting)
    if targeting and board.targeting is None:
        # A stale tab: the card was played or tossed elsewhere (R5.5: a clear reason).
        card = parse_item(targeting)
        name = CATALOGUE[card].name if isinstance(card, CardId) else "card"
        messages.error(request, f"You don't hold a {name} any more: it was played or tossed.")
    context = {"board": board}
    if request.htmx:
        return board_parts(request, PICKING_A_TARGET, context)
    return render(request, BOARD, context)


@require_GET
@vary_on_headers("HX-Request")
def board_version(request: HttpRequest) -> HttpResponse:
    """The open board's poll: 204 while nothing public changed (one small query), else the
    board's parts out of band: the ladder, the recap after a noon, a Golden pin played by
    someone else. Never resolves a noon: that is the noon job's work."""
    season = active_season()
    if season is None:
        return HttpResponse(status=286)  # htmx stops polling: there is no season to watch
    if request.GET.get("v") == recap.board_version(season):
        return HttpResponse(status=204)
    if not request.htmx:
        return redirect("ladder:board")
    player = join_season(request.user, season)
    context = {"board": board_for(request, player, request.GET.get("play"))}
    return board_parts(request, POLLED, context)
