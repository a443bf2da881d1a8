"""A table's pages: the table (open or played), its poll, the moves, the replay.

Views parse the post, call a service and answer htmx with the table's parts (and the
messages); a plain post redirects back. Other goons' moves arrive by polling `poll`,
which answers 204 while the table's version is unchanged: one indexed query.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts import throttle
from goonsite import clock
from goonsite.parts import render_parts
from goonsite.refusal import Refusal
from goonsite.tables.views import engine_input_download, replay_step, unchanged_or

from ..models import ArmedTable
from ..tables import moves
from ..tables.adapter import TABLES
from ..tables.view import table_view
from .common import act

PAGE = TABLES.templates.page
PARTS = (*TABLES.templates.poll_parts, "messages")
CHAT_BURST, CHAT_WINDOW = 5, dt.timedelta(seconds=10)
SAID = "armed-said"  # the htmx event that empties the message box (static/armed/armed.js)


def _game(game_id: int) -> ArmedTable:
    return get_object_or_404(ArmedTable.objects.select_related("opener"), pk=game_id)


def context_of(request: HttpRequest, game: ArmedTable, step: int | None = None) -> dict:
    viewer = request.user if request.user.is_authenticated else None
    t = table_view(game, viewer, step=step)
    seated = {g.seat.user_id for g in t.goons if g.seat.user_id}
    return {
        "game": game,
        "t": t,
        "now": clock.now(),
        "free_seats": game.size - len(t.goons),
        "i_sit": viewer is not None and viewer.pk in seated,
        "i_open": viewer is not None and game.opener_id == viewer.pk,
    }


@require_GET
def table_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game(game_id)
    return render(request, PAGE, context_of(request, game))


@require_GET
def poll(request: HttpRequest, game_id: int) -> HttpResponse:
    """The cheap version check behind the live table: 204 while nothing changed."""

    def changed() -> HttpResponse:
        return render_parts(request, PAGE, PARTS, context_of(request, _game(game_id)))

    return unchanged_or(TABLES, request, game_id, changed)


def _move(request: HttpRequest, game_id: int, do) -> HttpResponse:
    back = reverse("armed:table", args=[game_id])
    return act(
        request,
        do,
        back=back,
        template=PAGE,
        parts=PARTS,
        context=lambda: context_of(request, _game(game_id)),
    )


@login_required
@require_POST
def fire_view(request: HttpRequest, game_id: int) -> HttpResponse:
    card = request.POST.get("card", "")
    target = request.POST.get("target") or None

    def do() -> None:
        if not card:
            raise Refusal("Pick a gun first.")
        moves.fire(user=request.user, game_id=game_id, card=card, target=target)

    return _move(request, game_id, do)


@login_required
@require_POST
def cycle_view(request: HttpRequest, game_id: int) -> HttpResponse:
    card = request.POST.get("card") or None
    return _move(
        request,
        game_id,
        lambda: moves.cycle(user=request.user, game_id=game_id, card=card) and None,
    )


@login_required
@require_POST
def hold_view(request: HttpRequest, game_id: int) -> HttpResponse:
    return _move(request, game_id, lambda: moves.hold(user=request.user, game_id=game_id) and None)


@login_required
@require_POST
def answer_view(request: HttpRequest, game_id: int) -> HttpResponse:
    verb = request.POST.get("answer", "")

    def do() -> str:
        if verb not in ("comply", "grit"):
            raise Refusal("Comply or grit teeth.")
        moves.answer(user=request.user, game_id=game_id, grit=verb == "grit")
        return "You gritted your teeth: 1 Tooth paid." if verb == "grit" else "You complied."

    return _move(request, game_id, do)


@login_required
@require_POST
def discard_view(request: HttpRequest, game_id: int) -> HttpResponse:
    cards = request.POST.getlist("cards")
    return _move(
        request,
        game_id,
        lambda: moves.discard(user=request.user, game_id=game_id, cards=cards) and None,
    )


@login_required
@require_POST
def pick_view(request: HttpRequest, game_id: int) -> HttpResponse:
    player = request.POST.get("player", "")
    return _move(
        request,
        game_id,
        lambda: moves.pick(user=request.user, game_id=game_id, player=player) and None,
    )


@login_required
@require_POST
def say_view(request: HttpRequest, game_id: int) -> HttpResponse:
    text = request.POST.get("text", "")

    said = []

    def do() -> str | None:
        key = f"armed-chat:{request.user.pk}"
        if not throttle.spend(key, limit=CHAT_BURST, window=CHAT_WINDOW):
            raise Refusal("Slow down: at most 5 messages in 10 seconds.")
        output = moves.say(user=request.user, game_id=game_id, text=text)
        said.append(True)
        if output is None:  # after the game (S54): posted by the site, no bits to break
            return None
        log = output.raw["log"]
        index = log[-1]["index"] if log else -1
        dropped = [e["bit"] for e in log if e["index"] == index and e["event"] == "bit_dropped"]
        if dropped:
            bits = " and ".join(dropped)
            return f"Your message broke your {bits} bit: {len(dropped)} Tooth paid (A8.2)."
        return None

    response = _move(request, game_id, do)
    if said:  # only a message that was said empties the box; a refused one stays to mend
        response["HX-Trigger"] = SAID
    return response


@login_required
@require_POST
def leave_view(request: HttpRequest, game_id: int) -> HttpResponse:
    def do() -> str:
        moves.leave(user=request.user, game_id=game_id)
        return "You left the table. A bot plays your seat from here (A12.5)."

    return _move(request, game_id, do)


@require_GET
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every action, one step at a time (the kit's replay step)."""
    game = _game(game_id)
    if not game.setup:
        raise Http404("The game has not started.")
    step = replay_step(request, game)
    context = context_of(request, game, step=step)
    context.update(step=step, steps=len(game.moves))
    return render(request, TABLES.templates.replay, context)


@require_GET
def engine_input(request: HttpRequest, game_id: int) -> HttpResponse:
    response = engine_input_download(_game(game_id), f"armed-table-{game_id}")
    if response is None:
        raise Http404("The seed stays secret until the game ends.")
    return response
