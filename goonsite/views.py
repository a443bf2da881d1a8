"""Pages of the site itself, above any one game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .games import listed_games


@login_not_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Every game the site hosts, each with a link to where its players start."""
    return render(request, "home.html", {"games": listed_games()})


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """Nothing but the middleware (session, user, CSRF, CSP): the floor the load benchmark
    measures the board against, and a cheap "am I still logged in"."""
    return HttpResponse("pong", content_type="text/plain")
