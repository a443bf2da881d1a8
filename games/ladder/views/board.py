"""The board: ladder, your day, your season, your hand (R5.6, R5.7)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from functools import wraps
from typing import NamedTuple

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import board_cache, clock, face_down, recap
from ..board import face_down_counts
from ..engine import CATALOGUE, CardId
from ..engine.cards import parse_item
from ..models import GameDay, PlayerSeason
from ..public import public_board
from ..selectors import active_season
from ..services.days import noon_is_due
from ..services.players import join_season
from .common import (
    BOARD,
    PICKING_A_TARGET,
    POLLED,
    board_for,
    board_parts,
    cached_ladder,
    player_in_session,
    with_player,
)

log = logging.getLogger(__name__)


def kept_whole(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve the whole page from the cache while nothing it shows has changed, and keep
    each page rendered afresh for the next time (see whole_page_key)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        key = whole_page_key(request)
        kept = None if key is None else _kept(key)
        if kept is not None and kept.page is not None:
            page = _with_counts(key, kept)
            if page is not None:
                return HttpResponse(page)
        response = view(request, *args, **kwargs)
        # Not a page that showed a message (the welcome, say): a message is shown once.
        if kept is not None and response.status_code == 200 and not _messages_waiting(request):
            _keep_page(kept.page_key, response.content)
        return response

    return wrapper


@require_GET
@vary_on_headers("HX-Request")
@kept_whole
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
    context["ladder_html"] = cached_ladder(request, context["board"])
    return render(request, BOARD, context)


class PageKey(NamedTuple):
    public_key: str
    player_id: int
    day: GameDay
    shown: str  # a digest of what else the page shows (whole_page_key)


def whole_page_key(request: HttpRequest) -> PageKey | None:
    """What names the whole board page as this player sees it now, or None when it must be
    rendered: picking a target or an htmx request (a passing state, or parts only), a
    message waiting (shown once), no CSRF secret yet (the page's forms carry a token made
    from it), or the player not yet seen in this session. Without a public version to
    name it by, board_cache.kept_page finds nothing and keeps nothing.

    Between changes a player who refreshes gets the page from the cache, for one cache
    read beside the session's and no query. Everything it shows is named: the public
    board's version, the player's version (games.ladder.board_cache), the CSRF secret,
    what the header shows of the user, and the minute, for the countdown's words ("2
    hours, 14 minutes"). All but the face-down counts, which every play changes for
    everyone: they are kept apart, under the day's plays version, and filled in when the
    page is served."""
    if request.GET.get("play") or request.htmx or _messages_waiting(request):
        return None
    secret = request.META.get("CSRF_COOKIE")
    now = clock.now()
    public = public_board(now)
    if not secret or public is None:
        return None
    player_id = request.session.get(player_in_session(public.season.pk))
    if player_id is None:
        return None
    user = request.user
    shown = (
        secret,
        user.pk,
        str(user),
        user.is_staff,
        user.avatar_url,
        user.time_zone,
        now.replace(second=0, microsecond=0).isoformat(),
    )
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()
    return PageKey(public.key, player_id, public.day, digest)


def _messages_waiting(request: HttpRequest) -> bool:
    return len(messages.get_messages(request)) > 0  # len() leaves them unread


PAGE_SECONDS = 120  # the key names the minute: a page is never shown after it anyway


def _kept(key: PageKey) -> board_cache.KeptPage | None:
    return board_cache.kept_page(key.public_key, key.player_id, key.day.pk, key.shown)


def _with_counts(key: PageKey, kept: board_cache.KeptPage) -> str | None:
    """The kept page with the day's face-down counts as they are now (read with it, or
    read afresh when they are not kept at their version)."""
    counts = kept.counts
    if counts is None:
        try:
            counts = board_cache.face_down(
                key.day.pk, lambda: face_down_counts(key.day), key=kept.counts_key
            )
        except Exception:
            log.warning("the cache is not answering; the board is rendered afresh", exc_info=True)
            return None
    return face_down.with_counts(kept.page.decode(), counts)


def _keep_page(key: str, page: bytes) -> None:
    try:
        cache.set(key, page, PAGE_SECONDS)
    except Exception:
        log.warning("the cache is not answering; the board was not kept", exc_info=True)


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
