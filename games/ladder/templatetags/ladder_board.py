"""The board's ladder rows, hand and small parts, drawn from what this process keeps drawn
(games.ladder.ladder_rows, games.ladder.hand_cards, games.ladder.kept_parts)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from .. import kept_parts
from ..ladder_rows import rows_html

register = template.Library()


@register.simple_tag(takes_context=True)
def ladder_rows(context, board) -> SafeString:
    return rows_html(board, str(context.get("csrf_token", "")))


@register.simple_tag(takes_context=True)
def kept_part(context, name, board) -> SafeString:
    """`ladder/board.html#<name>`, one of games.ladder.kept_parts, as kept for its state."""
    shown = {"board": board, "revealed": context.get("revealed"), "confirm": context.get("confirm")}
    request = context.get("request")
    token = context.get("csrf_token")  # the page's, lazy: made once for all its forms
    fill = kept_parts.NO_FILL if request is None else kept_parts.Fill.of(request, token)
    return kept_parts.drawn([name], shown, fill)[name]
