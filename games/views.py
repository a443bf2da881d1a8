from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .engine import CATALOGUE, PACKS


@require_GET
def board(request: HttpRequest) -> HttpResponse:
    return render(request, "games/board.html")


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    return render(request, "games/archive.html")


@require_GET
def code(request: HttpRequest) -> HttpResponse:
    return render(request, "games/code.html")


@login_not_required
@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(
        request, "games/rules.html", {"cards": CATALOGUE.values(), "packs": PACKS.values()}
    )
