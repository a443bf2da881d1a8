"""Votes, plays and packs: parse, call a service, answer with the board parts that changed."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from goonsite.refusal import Refusal

from ..board import with_face_down, with_opened, with_play, with_vote
from ..engine import CATALOGUE, CardId
from ..engine.cards import parse_item
from ..models import LadderEntry, Play, PlayerSeason
from ..services.packs import open_sealed_item
from ..services.plays import pin_golden, play_face_down
from ..services.votes import cast_vote
from .common import (
    BOARD,
    CONFIRMING,
    OPENED,
    PLAYED,
    TODAY_PLAYED,
    TODAY_VOTED,
    VOTED,
    acting,
    answer,
    board_for,
    board_parts,
    board_update,
    refused,
    with_player,
    with_player_id,
)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


def _day_name(day) -> str:
    return f"{day.noon_on:%A}'s noon"


@require_POST
@with_player_id
def vote(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        entry_id = _int(request.POST.get("entry"))
        if entry_id is None:
            raise Refusal("Pick a contestant to vote on.")
        with acting(player_id) as done:
            cast = cast_vote(
                user=request.user, entry_id=entry_id, direction=request.POST.get("direction", "")
            )
    except Refusal as refusal:
        return refused(request, refusal.message)
    arrow = "up" if cast.direction == "up" else "down"
    points = f"{cast.points} point{'' if cast.points == 1 else 's'}"
    messages.success(
        request, f"{points} {arrow} on {cast.entry}. It lands at {_day_name(cast.day)}."
    )
    patch = lambda own: with_vote(own, cast)  # noqa: E731
    return answer(
        request, cast.player, done, VOTED, patch, ladder="row", row=cast.entry_id, today=TODAY_VOTED
    )


@require_GET
@vary_on_headers("HX-Request")
@with_player
def play_confirm(request: HttpRequest, player: PlayerSeason) -> HttpResponse:
    """Step three of tap a card, tap a contestant, confirm."""
    card = parse_item(request.GET.get("card"))
    if not isinstance(card, CardId):
        messages.error(request, "There is no such card.")
        return board_update(request, player)
    target = None
    if target_id := _int(request.GET.get("target")):
        target = (
            LadderEntry.objects.filter(season=player.season, pk=target_id)
            .select_related("contestant")
            .first()
        )
    context = {
        "board": board_for(request, player, card),
        "confirm": {"card": CATALOGUE[card], "target": target},
    }
    if request.htmx:
        return board_parts(request, CONFIRMING, context)
    return render(request, BOARD, context)


@require_POST
@with_player_id
def play(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        card = request.POST.get("card", "")
        target_id = _int(request.POST.get("target"))
        if card == CardId.GOLDEN_GOONER:
            if target_id is None:
                raise Refusal("Pick a contestant to pin with your Golden Gooner.")
            pinned = pin_golden(user=request.user, target_id=target_id)
        else:
            with acting(player_id) as done:
                played = play_face_down(user=request.user, card=card, target_id=target_id)
    except Refusal as refusal:
        return refused(request, refusal.message)
    if card == CardId.GOLDEN_GOONER:
        # The ladder itself changed (a new public board): every part is drawn afresh.
        messages.success(
            request, f"🌟 {pinned.target} is Golden: pinned at the top until Wednesday noon."
        )
        return board_update(request, pinned.player)
    messages.success(request, _waiting(played))
    return answer(
        request,
        played.player,
        done,
        PLAYED,
        lambda own: with_play(own, played),
        lambda counts: with_face_down(counts, played),
        today=TODAY_PLAYED,
    )


def _waiting(played: Play) -> str:
    name = CATALOGUE[CardId(played.card)].name
    if played.target is None:
        return f"{name} is in. It picks its contestant at {_day_name(played.day)}."
    return f"{name} waits face down on {played.target} until {_day_name(played.day)}."


@require_POST
@with_player_id
def open_item(request: HttpRequest, player_id: int, item_id: int) -> HttpResponse:
    try:
        with acting(player_id) as done:
            opened = open_sealed_item(user=request.user, item_id=item_id)
    except Refusal as refusal:
        return refused(request, refusal.message)
    names = ", ".join(f"{CATALOGUE[c].emoji} {CATALOGUE[c].name}" for c in opened.cards)
    messages.success(request, f"You opened: {names}.")
    return answer(
        request,
        opened.player,
        done,
        OPENED,
        lambda own: with_opened(own, opened.item, opened.held),
        ladder="counts",
        # the hand shows them turning over, one by one
        revealed=[CATALOGUE[c] for c in opened.cards],
    )
