"""Got a code? (R7.2-R7.5), with repeated failures rate limited."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from accounts import throttle
from accounts.client_ip import client_ip
from goonsite.refusal import Refusal

from ..engine import CATALOGUE, PACKS, PackId
from ..engine.cards import parse_item
from ..models import PlayerSeason
from ..services.codes import redeem_code
from .common import board_update, with_player

# Wrong codes per player, and per address (the client's, through TRUSTED_PROXY's proxy): five
# per ten minutes each, so a farm of accounts behind one address gets no more guesses than
# one account. Every try is counted before the code is looked up, so parallel requests cannot
# all slip under the limit; a code that works is given back afterwards, since the limit is
# about guessing.
WRONG_CODE_LIMIT = 5
WRONG_CODE_WINDOW = dt.timedelta(minutes=10)
TOO_MANY = "Too many codes that didn't work. Wait a few minutes and try again."


def failures_keys(request: HttpRequest) -> tuple[str, str]:
    return f"redeem-code:{request.user.pk}", f"redeem-code-from:{client_ip(request)}"


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
    keys = failures_keys(request)
    if not throttle.spend_all(keys, limit=WRONG_CODE_LIMIT, window=WRONG_CODE_WINDOW):
        messages.error(request, TOO_MANY)
    else:
        try:
            redemption = redeem_code(user=request.user, raw_code=request.POST.get("code", ""))
        except Refusal as refusal:
            messages.error(request, refusal.message)
        else:
            for key in keys:
                throttle.give_back(key)
            messages.success(
                request, f"Code accepted: {describe(redemption.gave)} is on top of your hand."
            )
            typed = ""  # a used code is cleared, so a second tap can't send it again
    if request.htmx:
        return board_update(request, player, extra=("codebox",), code_typed=typed)
    return redirect("ladder:code" if request.POST.get("from") == "code" else "ladder:board")
