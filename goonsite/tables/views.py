"""The pages every table game shares, given its adapter: the version a page polls, the
replay step, and the engine's input as a download once the game has ended."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .adapter import TableAdapter
from .models import TableGame


def unchanged_or(
    adapter: TableAdapter, request: HttpRequest, game_id: int, changed: Callable[[], HttpResponse]
) -> HttpResponse:
    """The live table's poll: 204 (nothing to swap) while the version the page shows
    (`?v=`) is still the game's, one indexed query; else the changed parts."""
    version = (
        adapter.game_model.objects.filter(pk=game_id).values_list("version", flat=True).first()
    )
    if version is None:
        return HttpResponse(status=404)
    if str(version) == request.GET.get("v"):
        return HttpResponse(status=204)
    return changed()


def replay_step(request: HttpRequest, game: TableGame) -> int:
    """The `?step=` asked for, within 0..the number of stored actions (default: the end)."""
    try:
        step = int(request.GET.get("step", len(game.moves)))
    except ValueError:
        step = len(game.moves)
    return max(0, min(step, len(game.moves)))


def engine_input_download(game: TableGame, name: str) -> HttpResponse | None:
    """The ended game's engine input (starting position with the seed, and every accepted
    action) as a JSON file, so anyone can rerun the engine and check the result. None
    while the game runs: the seed is still secret."""
    if not game.is_over or not game.setup:
        return None
    response = HttpResponse(
        json.dumps(game.engine_input(), indent=1, sort_keys=True),
        content_type="application/json",
    )
    response["Content-Disposition"] = f'attachment; filename="{name}-engine-input.json"'
    return response
