"""What the Hall's views share: the cycle and player on view, and acting through a service."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from goonsite import clock
from goonsite.parts import render_parts
from goonsite.refusal import Refusal

from ..models import Cycle, Player, Reputable
from ..selectors import today, viewed_cycle
from ..services.cycles import player_of
from ..services.intent import AlreadyDone


def hall_context(request: HttpRequest, cycle: Cycle | None = None) -> dict:
    cycle = cycle or viewed_cycle()
    me: Player | None = player_of(request.user, cycle) if cycle else None
    now = clock.now()  # the game's time, GAME_CLOCK_OFFSET_SECONDS included
    return {
        "cycle": cycle,
        "me": me,
        "now": now,
        "today": today(cycle, me, now) if cycle else None,
        "i_am_reputable": Reputable.objects.filter(user_id=request.user.pk).exists(),
        "i_am_judge": bool(me and cycle and cycle.judge_id == me.pk),
        "read_only": not (me and cycle and cycle.is_current and not me.barred),
    }


def act(
    request: HttpRequest,
    do: Callable[[], str],
    *,
    back: str,
    template: str | None = None,
    parts: tuple[str, ...] = (),
    context: Callable[[], dict] | None = None,
) -> HttpResponse:
    """Call a service; its refusal or success becomes a message. Plain posts redirect back;
    htmx posts get the page's named parts (messages last: rendering them uses them up)."""
    try:
        text = do()
    except AlreadyDone as done:
        messages.info(request, done.message)
    except Refusal as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, text)
    if request.htmx and template and parts:
        return render_parts(request, template, parts, context() if context else {})
    return redirect(back)


def intent_of(request: HttpRequest) -> str | None:
    """The spending form's one-time key (services/intent.py)."""
    return request.POST.get("intent") or None


def form_refusal(request: HttpRequest, message: str, back: str) -> HttpResponse:
    messages.error(request, message)
    return redirect(back)
