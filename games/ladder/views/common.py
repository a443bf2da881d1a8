"""What the board's views share: finding the player and answering htmx and plain requests alike."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from ..board import Board, load_board
from ..engine import CardId
from ..engine.cards import parse_item
from ..models import HeldCard, PlayerSeason
from ..selectors import active_season
from ..services.days import open_day
from ..services.noon import catch_up
from ..services.packs import give_starting_hand
from ..services.players import join_season
from .parts import render_parts

BOARD = "ladder/board.html"
# The board's partials an htmx answer swaps, by what changed. Messages come last: rendering
# them uses them up.
AFTER_ACTION = ("ladder", "today", "season", "hand", "recap", "poller", "dialog", "messages")
PICKING_A_TARGET = ("ladder", "hand", "poller", "dialog", "messages")
# What an open board's poll swaps when something public changed; never the dialog or the
# messages, so a card being aimed or a message being read is left alone.
POLLED = ("ladder", "today", "season", "hand", "recap", "poller")
CONFIRMING = ("dialog", "messages")


def current_player(request: HttpRequest) -> PlayerSeason | None:
    """The player's row in the active season, dealing the starting hand on the first visit."""
    season = active_season()
    if season is None:
        return None
    now = timezone.now()
    catch_up(season, now)
    if give_starting_hand(user=request.user, season=season):
        messages.success(
            request,
            f"Welcome to {season}! Your starting hand is here: a sealed God Pack. Tap it to open.",
        )
    return join_season(request.user, season)  # cheap: one query, the season attached


def board_for(request: HttpRequest, player: PlayerSeason, targeting: str | None = None) -> Board:
    card = parse_item(targeting)
    if (
        not isinstance(card, CardId)
        or not HeldCard.objects.filter(owner=player, card=card).exists()
    ):
        card = None
    return load_board(player, open_day(player.season, timezone.now()), targeting=card)


def board_parts(request: HttpRequest, parts: tuple[str, ...], context: dict) -> HttpResponse:
    return render_parts(request, BOARD, parts, context)


def board_update(
    request: HttpRequest, player: PlayerSeason, *, extra: tuple[str, ...] = (), **context
) -> HttpResponse:
    """After an action: every board part out of band (htmx), or a redirect (no JS).
    Messages go to the toast region, which is always in view."""
    if not request.htmx:
        return redirect("ladder:board")
    parts = AFTER_ACTION[:-1] + extra + AFTER_ACTION[-1:]
    return board_parts(request, parts, {"board": board_for(request, player), **context})


def no_season(request: HttpRequest) -> HttpResponse:
    return render(request, "ladder/no_season.html", status=200)


def with_player(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Pass the player's season row to the view, or say there's no season to play."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        player = current_player(request)
        if player is None:
            return no_season(request)
        return view(request, player, *args, **kwargs)

    return wrapper
