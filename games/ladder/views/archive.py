"""The Chaos Report archive (R8): every noon of a season, newest first; past seasons too."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ..models import NoonReport, Season
from ..selectors import active_season


@require_GET
def archive(request: HttpRequest, season_id: int | None = None) -> HttpResponse:
    season = get_object_or_404(Season, pk=season_id) if season_id else active_season()
    reports = (
        NoonReport.objects.filter(day__season=season)
        .select_related("day")
        .order_by("-day__noon_on")
        if season
        else NoonReport.objects.none()
    )
    return render(
        request,
        "ladder/archive.html",
        {"season": season, "reports": reports, "seasons": Season.objects.order_by("-starts_on")},
    )


@require_GET
def report(request: HttpRequest, report_id: int) -> HttpResponse:
    report = get_object_or_404(NoonReport.objects.select_related("day__season"), pk=report_id)
    return render(request, "ladder/report.html", {"report": report})
