"""The board's ladder rows, hand and small parts, drawn from what this process keeps drawn
(games.ladder.ladder_rows, games.ladder.hand_cards, games.ladder.kept_parts)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from django import template
from django.template.loader import get_template
from django.utils import timezone, translation
from django.utils.safestring import SafeString

from goonsite.kept import KeptInProcess

from .. import kept_parts
from ..ladder_rows import rows_html

register = template.Library()
_countdowns = KeptInProcess(64)  # a few noons, each in a few time zones


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


@register.simple_tag
def noon_countdown(noon_at: dt.datetime | None) -> SafeString:
    """`ladder/board.html#countdown`, drawn once a minute in each time zone: its words
    ("2 hours, 14 minutes") count the whole minutes left to a noon that falls on the
    minute, the same from just after a minute starts to its end, and its time is the
    noon's in the player's zone (and its words in the language active, should there be
    another). A tenth of a millisecond of every page drawn whole."""
    now = timezone.now()
    minute = now.replace(second=0, microsecond=0)
    key = (noon_at, minute, timezone.get_current_timezone(), translation.get_language())
    drawn = _countdowns.get(key)
    if drawn is None:
        drawn = get_template("ladder/board.html#countdown").render(
            {"board": SimpleNamespace(noon_at=noon_at)}
        )
        on_the_minute = isinstance(noon_at, dt.datetime) and not (
            noon_at.second or noon_at.microsecond
        )
        # Drawn at a minute's very start, the words count that minute as still to come.
        if on_the_minute and (now.second or now.microsecond):
            _countdowns.keep(key, drawn)
    return drawn
