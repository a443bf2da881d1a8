"""The board's parts that a few facts decide, each drawn once per state in each process:
the next vote's line, the season panel, the hand, and the votes and face-down cards of the
day.

An answer to an action sends some of them, and most players share each state (everyone
with two votes cast sees the same line; a hand is its cards, counts and packs, not whose
they are), so drawing them through the template engine, about a sixth of a vote's answer
and a tenth of a play's (`bench_actions`), is done once per state. The key of each is
everything its partial reads; what is a player's own or too varied to share (a pack's id,
the form token, the hand's card tiles, which hand_cards keeps one by one) is drawn as a slot
and filled in last. tests/ladder/test_kept_parts.py draws each
part both ways, over boards that share a key and differ in all else. The page draws them
kept too (`{% kept_part %}`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from goonsite.kept import KeptInProcess

from .hand_cards import cards_html
from .ladder_rows import CSRF_SLOT  # where the form token goes

TEMPLATE = "ladder/board.html"
_kept = KeptInProcess(2000)  # a few states each, per version of the public board
# A sealed item's id in its form's address, the i-th being FIRST_ITEM_SLOT + i: an id no
# table of this site reaches, and a number nothing else in a hand comes near.
FIRST_ITEM_SLOT = 9_000_000_000_000
TILES_SLOT = "<hand-cards>"  # the hand's card tiles
_SLOTS = re.compile(rf"({re.escape(CSRF_SLOT)}|{re.escape(TILES_SLOT)}|\b9\d{{12}}\b)")


def _next_vote(board, revealed) -> tuple:
    return (board.votes_left[:1], board.shown_state)


def _season(board, revealed) -> tuple:
    player = board.player
    return (player.season_votes, len(board.votes), player.votes_per_day)


def _hand(board, revealed) -> tuple:
    # Not the cards: hands are many, their tiles few (a slot, filled in by hand_cards).
    return (
        board.targeting is not None,
        board.regular_count,
        len(revealed),
        tuple((item.kind, str(item)) for item in board.sealed),
        bool(board.stacks),
    )


def _votes(board, revealed) -> tuple:
    votes = tuple((vote.direction, vote.points, str(vote.entry)) for vote in board.votes)
    return (board.player.votes_per_day, votes)


def _face_down_plays(board, revealed) -> tuple:
    return tuple((play.card, str(play.target) if play.target_id else None) for play in board.plays)


KEYS: dict[str, Callable] = {
    "next-vote": _next_vote,
    "season": _season,
    "hand": _hand,
    "today-votes": _votes,
    "today-plays": _face_down_plays,
}


def drawn(
    parts: Iterable[str], board, *, csrf_token: object = "", revealed=()
) -> dict[str, SafeString]:
    """Those of `parts` kept here, drawn for `board`: for `render_parts`' `rendered`.
    `revealed`: the cards a pack just gave (the hand marks them). `csrf_token` may be
    lazy: it is only made into a string for a hand with a pack's form in it."""
    return {part: _drawn(part, board, csrf_token, revealed) for part in parts if part in KEYS}


def _drawn(part: str, board, csrf_token: object, revealed) -> SafeString:
    key = (part, KEYS[part](board, revealed))
    pieces = _kept.get(key)
    if pieces is None:
        pieces = _draw(part, board, revealed)
        _kept.keep(key, pieces)
    if len(pieces) == 1:
        return mark_safe(pieces[0])
    filled = list(pieces)
    for i in range(1, len(filled), 2):  # the slots
        slot = filled[i]
        if slot == CSRF_SLOT:
            filled[i] = str(csrf_token)
        elif slot == TILES_SLOT:
            filled[i] = cards_html(board, revealed)
        else:
            filled[i] = str(board.sealed[int(slot) - FIRST_ITEM_SLOT].pk)
    return mark_safe("".join(filled))


def _draw(part: str, board, revealed) -> tuple[str, ...]:
    """The part's HTML, split at its slots: text and slot by turns."""
    context = {"board": board, "revealed": revealed}
    if part != "hand":
        return (get_template(f"{TEMPLATE}#{part}").render(context),)
    slots = [_ItemSlot(FIRST_ITEM_SLOT + i, item) for i, item in enumerate(board.sealed)]
    context |= {
        "board": replace(board, sealed=slots),
        "csrf_token": mark_safe(CSRF_SLOT),
        "hand_cards": mark_safe(TILES_SLOT),
    }
    return tuple(_SLOTS.split(get_template(f"{TEMPLATE}#hand").render(context)))


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
