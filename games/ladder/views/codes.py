"""Got a code? (R7.2-R7.5), with repeated failures rate limited."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_ratelimit.core import get_usage

from ..engine import CATALOGUE, PACKS, PackId
from ..engine.cards import parse_item
from ..models import PlayerSeason
from ..services.codes import redeem_code
from ..services.errors import Refusal
from .common import board_update, with_player

FAILURES = {"group": "redeem-code", "key": "user", "rate": "5/10m"}  # wrong codes per player


def too_many_failures(request: HttpRequest, *, count_this_one: bool = False) -> bool:
    usage = get_usage(request, increment=count_this_one, **FAILURES)
    return usage is not None and usage["count"] >= usage["limit"]


def describe(gave: str) -> str:
    item = parse_item(gave)
    info = PACKS[item] if isinstance(item, PackId) else CATALOGUE[item]
    return f"{info.emoji} a sealed {info.name}"


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@with_player
def code(request: HttpRequest, player: PlayerSeason) -> HttpResponse:
    if request.method == "GET":
        return render(request, "ladder/code.html")
    typed = request.POST.get("code", "")[:20]
    if too_many_failures(request):
        messages.error(
            request, "Too many codes that didn't work. Wait a few minutes and try again."
        )
    else:
        try:
            redemption = redeem_code(user=request.user, raw_code=request.POST.get("code", ""))
        except Refusal as refusal:
            too_many_failures(request, count_this_one=True)
            messages.error(request, refusal.message)
        else:
            messages.success(
                request, f"Code accepted: {describe(redemption.gave)} is on top of your hand."
            )
            typed = ""  # a used code is cleared, so a second tap can't send it again
    if request.htmx:
        return board_update(request, player, extra=("codebox",), code_typed=typed)
    return redirect("ladder:code" if request.POST.get("from") == "code" else "ladder:board")
