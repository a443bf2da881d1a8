"""What the board's views share: finding the player and answering htmx and plain requests alike."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from goonsite.parts import render_parts

from .. import board_cache, clock
from ..board import Board, load_board
from ..engine import CardId
from ..engine.cards import parse_item
from ..models import HeldCard, PlayerSeason
from ..public import public_board
from ..services.packs import give_starting_hand
from ..services.players import join_season

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
    """The player's row in the active season, dealing the starting hand on the first visit.

    Never resolves a noon: that is the job's alone, so no page waits for one (the board
    says noon is being counted instead)."""
    public = public_board(clock.now())
    if public is None:
        return None
    season = public.season
    # The starting hand is looked for once per session, not on every page.
    dealt = f"ladder:dealt:{season.pk}"
    if not request.session.get(dealt):
        if give_starting_hand(user=request.user, season=season):
            messages.success(
                request,
                f"Welcome to {season}! Your starting hand is here: a sealed God Pack. "
                "Tap it to open.",
            )
        request.session[dealt] = True
    player = join_season(request.user, season)  # cheap: one query, the season attached
    remembered = player_in_session(season.pk)
    if request.session.get(remembered) != player.pk:
        request.session[remembered] = player.pk
    return player


def player_in_session(season_id: int) -> str:
    """Where the session remembers the player's row, so a board served whole from the
    cache needs no query to find it (views.board.whole_page_key)."""
    return f"ladder:player:{season_id}"


def board_for(request: HttpRequest, player: PlayerSeason, targeting: str | None = None) -> Board:
    card = parse_item(targeting)
    if (
        not isinstance(card, CardId)
        or not HeldCard.objects.filter(owner=player, card=card).exists()
    ):
        card = None
    public = public_board(clock.now())
    if public is None or public.season.pk != player.season_id:
        raise Http404("The season has ended.")
    if card is not None:  # picking a target: a passing state, not worth keeping
        return load_board(player, public, targeting=card)
    return board_cache.cached(
        public.key, player.pk, public.day.pk, lambda: load_board(player, public)
    )


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
