"""The admins' noon preview: what the open day would do if noon came now (nothing saved)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from ..selectors import active_season
from ..services.noon import preview_noon


@staff_member_required
@require_GET
def noon_preview(request: HttpRequest) -> HttpResponse:
    # Every face-down card and its player, before noon: its own permission, not is_staff.
    if not request.user.has_perm("ladder.preview_noon"):
        messages.error(
            request,
            "The noon preview shows every face-down card before noon, so it needs its own "
            "permission (Can see the noon preview). Ask an owner for it.",
        )
        return redirect("admin:index")
    season = active_season()
    context = {**admin.site.each_context(request), "title": "Noon preview", "season": season}
    if season is not None:
        day, outcome, ladder = preview_noon(season)
        context |= {"day": day, "outcome": outcome, "ladder": ladder}
    return render(request, "ladder/noon_preview.html", context)
