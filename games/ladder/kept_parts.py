"""The board's parts that a few facts decide, each drawn once per state in each process:
the next vote's line, the season panel, the hand, the day's votes and face-down cards, the
dialog, the poller and the messages.

An action's answer sends some of them, and most players share each state (everyone with
two votes cast sees the same line; a hand is its counts and packs, not whose they are), so
each is drawn through the template engine once per state: that was 0.6 ms of a vote's
answer, and 1.0 ms of a play's and 0.9 ms of a pack's, the hand more than half of each
(`bench_actions`, timed by parts). The key of each is everything its partial reads. What
is a player's own or too varied to share is drawn as a slot and filled in last: a pack's
id, the form token, the live token, a message's text, the hand's card tiles (kept one by
one in hand_cards).
tests/ladder/test_kept_parts.py draws each part both ways, over boards that share a key
and differ in all else. The page draws them kept too (`{% kept_part %}`), but for the
dialog and the messages, which it draws once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from django.http import HttpRequest
from django.template.loader import get_template
from django.utils.functional import SimpleLazyObject
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from goonsite.csrf import get_token
from goonsite.kept import KeptInProcess
from goonsite.live.tokens import token_for

from . import live
from .hand_cards import cards_html
from .ladder_rows import CSRF_SLOT  # where the form token goes

TEMPLATE = "ladder/board.html"
_kept = KeptInProcess(2000)  # a few states each, per version of the public board
# A sealed item's id in its form's address, the i-th being FIRST_ITEM_SLOT + i: an id no
# table of this site reaches, and a number nothing else in a hand comes near.
FIRST_ITEM_SLOT = 9_000_000_000_000
TILES_SLOT = "<hand-cards>"  # the hand's card tiles
LIVE_SLOT = "<live-token>"
MESSAGE_SLOT = "<message-"  # and its index, then ">"
# Each part's slots, found by one pattern (a part's own markup can hold none of them).
_HAND_SLOTS = re.compile(rf"({re.escape(CSRF_SLOT)}|{re.escape(TILES_SLOT)}|\b9\d{{12}}\b)")
_POLLER_SLOTS = re.compile(f"({re.escape(LIVE_SLOT)})")
_MESSAGE_SLOTS = re.compile(rf"({re.escape(MESSAGE_SLOT)}\d+>)")


def _next_vote(board, context) -> tuple:
    return (board.votes_left[:1], board.shown_state)


def _season(board, context) -> tuple:
    player = board.player
    return (player.season_votes, len(board.votes), player.votes_per_day)


def _hand(board, context) -> tuple:
    # Not the cards: hands are many, their tiles few (a slot, filled in by hand_cards).
    return (
        board.targeting is not None,
        board.regular_count,
        len(context.get("revealed") or ()),
        tuple((item.kind, str(item)) for item in board.sealed),
        bool(board.stacks),
    )


def _votes(board, context) -> tuple:
    votes = tuple((vote.direction, vote.points, str(vote.entry)) for vote in board.votes)
    return (board.player.votes_per_day, votes)


def _face_down_plays(board, context) -> tuple:
    return tuple((play.card, str(play.target) if play.target_id else None) for play in board.plays)


def _dialog(board, context) -> tuple | None:
    # A card's confirmation is drawn afresh: it names a contestant, and comes once.
    if context.get("confirm"):
        return None
    return (board.targeting.id if board.targeting else None,)


def _poller(board, context) -> tuple:
    return (board.version, board.targeting.id if board.targeting else None, board.poll_seconds)


def _messages(board, context) -> tuple:
    return tuple(message.tags for message in context["messages"])


KEYS: dict[str, Callable] = {
    "next-vote": _next_vote,
    "season": _season,
    "hand": _hand,
    "today-votes": _votes,
    "today-plays": _face_down_plays,
    "dialog": _dialog,
    "poller": _poller,
    "messages": _messages,
}


class Fill(NamedTuple):
    """What a player's own a kept part's slots take: either token may be lazy, made into
    a string only for a part with a slot for it."""

    csrf_token: object = ""
    live_token: object = ""  # the poller's (goonsite.live), for the ladder's group

    @classmethod
    def of(cls, request: HttpRequest, csrf_token: object = None) -> Fill:
        """The tokens of this request's forms and live updates; `csrf_token`: one the
        page made already (its context's), which serves every form of it."""
        if csrf_token is None:  # not `or`: that would make a lazy token to test it
            csrf_token = SimpleLazyObject(lambda: get_token(request))
        return cls(
            csrf_token=csrf_token,
            live_token=SimpleLazyObject(lambda: token_for(request.user, [live.BOARD])),
        )


NO_FILL = Fill()


def drawn(parts: Iterable[str], context: dict, fill: Fill = NO_FILL) -> dict[str, SafeString]:
    """Those of `parts` kept here, drawn for the template's `context` (its board, and the
    cards a pack just revealed, a card's confirmation, the messages shown, where those
    are): for `render_parts`' `rendered`. The messages, when among them, must be a list:
    they are shown once, and the caller has taken them from the request."""
    board = context["board"]
    found = {}
    for part in parts:
        if part in KEYS and (key := KEYS[part](board, context)) is not None:
            found[part] = _drawn(part, key, board, context, fill)
    return found


def _drawn(part: str, key: tuple, board, context: dict, fill: Fill) -> SafeString:
    key = (part, key)
    pieces = _kept.get(key)
    if pieces is None:
        pieces = _draw(part, board, context)
        _kept.keep(key, pieces)
    if len(pieces) == 1:
        return mark_safe(pieces[0])
    filled = list(pieces)
    for i in range(1, len(filled), 2):  # the slots
        slot = filled[i]
        if slot == CSRF_SLOT:
            filled[i] = str(fill.csrf_token)
        elif slot == LIVE_SLOT:
            filled[i] = str(fill.live_token)
        elif slot == TILES_SLOT:
            filled[i] = cards_html(board, context.get("revealed") or ())
        elif slot.startswith(MESSAGE_SLOT):
            filled[i] = conditional_escape(
                str(context["messages"][int(slot[len(MESSAGE_SLOT) : -1])])
            )
        else:
            filled[i] = str(board.sealed[int(slot) - FIRST_ITEM_SLOT].pk)
    return mark_safe("".join(filled))


def _draw(part: str, board, context: dict) -> tuple[str, ...]:
    """The part's HTML, split at its slots: text and slot by turns."""
    shown = {"board": board, "revealed": context.get("revealed") or ()}
    slots, pattern = _slots(part, board, context)
    html = get_template(f"{TEMPLATE}#{part}").render(shown | slots)
    return (html,) if pattern is None else tuple(pattern.split(html))


def _slots(part: str, board, context: dict) -> tuple[dict, re.Pattern | None]:
    """What the part's template reads in place of what is a player's own, and the
    pattern that finds it drawn."""
    if part == "hand":
        items = [_ItemSlot(FIRST_ITEM_SLOT + i, item) for i, item in enumerate(board.sealed)]
        slots = {
            "board": replace(board, sealed=items),
            "csrf_token": mark_safe(CSRF_SLOT),
            "hand_cards": mark_safe(TILES_SLOT),
        }
        return slots, _HAND_SLOTS
    if part == "poller":
        return {"live_token": mark_safe(LIVE_SLOT)}, _POLLER_SLOTS
    if part == "messages":
        shown = [_MessageSlot(i, m.tags) for i, m in enumerate(context["messages"])]
        return {"messages": shown}, _MESSAGE_SLOTS
    return {}, None


@dataclass(frozen=True)
class _ItemSlot:
    """A sealed item as the hand shows it, its id a slot."""

    pk: int
    item: object

    @property
    def kind(self) -> str:
        return self.item.kind

    def __str__(self) -> str:
        return str(self.item)


@dataclass(frozen=True)
class _MessageSlot:
    """A message as the messages part shows it, its text a slot."""

    index: int
    tags: str

    def __str__(self) -> SafeString:  # the template shows str(message), escaped unless safe
        return mark_safe(f"{MESSAGE_SLOT}{self.index}>")
