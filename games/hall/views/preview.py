"""H13.1 The admins' dry run of the next phase boundary."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..selectors import viewed_cycle
from ..services.boundary import preview_boundary


@require_GET
@staff_member_required
def boundary_preview(request: HttpRequest) -> HttpResponse:
    cycle = viewed_cycle()
    preview = preview_boundary(cycle) if cycle and cycle.is_current else {}
    return render(request, "hall/admin_preview.html", {"cycle": cycle, "preview": preview})
