"""The board's ladder rows and hand, drawn from what this process keeps drawn
(games.ladder.ladder_rows, games.ladder.hand_cards)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from ..hand_cards import cards_html
from ..ladder_rows import rows_html

register = template.Library()


@register.simple_tag(takes_context=True)
def ladder_rows(context, board) -> SafeString:
    return rows_html(board, str(context.get("csrf_token", "")))


@register.simple_tag
def hand_cards(board, revealed=()) -> SafeString:
    return cards_html(board, revealed or ())
