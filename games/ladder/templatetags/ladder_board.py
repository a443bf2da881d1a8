"""The board's ladder rows, drawn from the rows kept in this process (games.ladder.ladder_rows)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from .. import face_down as face_down_cards
from ..ladder_rows import rows_html

register = template.Library()


@register.simple_tag(takes_context=True)
def ladder_rows(context, board) -> SafeString:
    return rows_html(board, str(context.get("csrf_token", "")))


@register.simple_tag
def face_down(row) -> SafeString:
    """The row's face-down cards (games.ladder.face_down: filled in again when a kept page
    is served)."""
    return face_down_cards.span(row.entry.pk, row.face_down)
