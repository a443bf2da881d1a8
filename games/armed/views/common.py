"""What the armed pages share: acting through a service, a refusal shown in words."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from goonsite.parts import render_parts
from goonsite.refusal import Refusal


def act(
    request: HttpRequest,
    do: Callable[[], str | None],
    *,
    back: str,
    template: str | None = None,
    parts: tuple[str, ...] = (),
    context: Callable[[], dict] | None = None,
) -> HttpResponse:
    """Call a service; its refusal (or a note of success) becomes a message. Plain posts
    redirect back; htmx posts get the page's named parts (messages last)."""
    try:
        text = do()
    except Refusal as refusal:
        messages.error(request, refusal.message)
    else:
        if text:
            messages.success(request, text)
    if request.htmx and template and parts:
        return render_parts(request, template, parts, context() if context else {})
    return redirect(back)
