"""What the board's views share: finding the player and answering htmx and plain requests alike."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import NamedTuple

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import get_template
from django.utils.safestring import mark_safe

from goonsite.csrf import get_token
from goonsite.parts import render_parts

from .. import board_cache, clock, face_down, kept_parts, ladder_rows
from ..board import Board, face_down_counts, load_board, new_player_board
from ..engine import CardId
from ..engine.cards import parse_item
from ..models import PlayerSeason
from ..public import VERSION_KEY, public_board, read_version_again, version_read
from ..services.packs import join_with_starting_hand
from ..services.players import join_season

log = logging.getLogger(__name__)
BOARD = "ladder/board.html"
# The board's partials an htmx answer swaps, by what changed. Messages come last: rendering
# them uses them up.
AFTER_ACTION = ("ladder", "today", "season", "hand", "recap", "poller", "dialog", "messages")
# What each action changes, answered from the board it patched (board_cache.carry_forward).
VOTED = ("ladder", "today", "season", "poller", "dialog", "messages")
PLAYED = ("ladder", "today", "hand", "poller", "dialog", "messages")
# Of the day's panel, what a vote and a play change when the page shows the board they
# patched (`answer`): the countdown, the seed and the notices stay as they were drawn.
TODAY_VOTED = ("today-votes",)
TODAY_PLAYED = ("today-plays",)
OPENED = ("ladder", "hand", "poller", "dialog", "messages")
PICKING_A_TARGET = ("ladder", "hand", "poller", "dialog", "messages")
# What an open board's poll swaps when something public changed; never the dialog or the
# messages, so a card being aimed or a message being read is left alone.
POLLED = ("ladder", "today", "season", "hand", "recap", "poller")
CONFIRMING = ("dialog", "messages")


def current_player(request: HttpRequest) -> PlayerSeason | None:
    """The player's row in the active season, dealing the starting hand on the first visit.

    Never resolves a noon: that is the job's alone, so no page waits for one (the board
    says noon is being counted instead)."""
    public = public_board(clock.now())
    if public is None:
        return None
    season = public.season
    # The starting hand is looked for once per session, not on every page.
    dealt = f"ladder:dealt:{season.pk}"
    if request.session.get(dealt):
        player = join_season(request.user, season)  # cheap: one query, the season attached
    else:
        with board_cache.recording_bumps() as bumps:
            joined = join_with_starting_hand(user=request.user, season=season)
        player = joined.player
        if joined.dealt:
            messages.success(
                request,
                f"Welcome to {season}! Your starting hand is here: a sealed God Pack. "
                "Tap it to open.",
            )
        # The noon rush's dearest page: a new player's board needs no reading back.
        version = board_cache.new_player_version(player.pk, bumps) if joined.new else None
        if version is not None and public.key:
            own = new_player_board(player, public, joined.dealt)
            board_cache.keep_new_player(public.key, player.pk, version, own)
        request.session[dealt] = True
    remembered = player_in_session(season.pk)
    if request.session.get(remembered) != player.pk:
        request.session[remembered] = player.pk
    return player


def player_in_session(season_id: int) -> str:
    """Where the session remembers the player's row, so a board served whole from the
    cache needs no query to find it (views.board.whole_page_key)."""
    return f"ladder:player:{season_id}"


def board_for(
    request: HttpRequest,
    player: PlayerSeason,
    targeting: str | None = None,
    *,
    own: Board | None = None,
    day_counts: tuple[int, dict[int, int]] | None = None,
    snap: board_cache.Snapshot | None = None,
    versions: dict | None = None,
) -> Board:
    """The board as this request shows it: the player's own part and the day's face-down
    counts from the cache (or as an action just patched them: `own`, and `day_counts`,
    the day's id and its counts; or as it read them before, while their version stands:
    `snap`, the day's plays version perhaps just read among `versions`), joined with the
    public board and the card being aimed, if the player still holds it. A patched part of
    another public board or day (a noon or a pin came in between) is read afresh instead."""
    public = public_board(clock.now())
    if public is None or public.season.pk != player.season_id:
        raise Http404("The season has ended.")
    fresh = own is None or own.public_key != public.key
    if fresh and day_counts is None and snap is None and versions is None:  # a page
        own, counts = board_cache.own_and_counts(
            public.key,
            player.pk,
            public.day.pk,
            lambda: load_board(player, public),
            lambda: face_down_counts(public.day),
        )
    else:
        if fresh:
            own = board_cache.own_part(public.key, player.pk, lambda: load_board(player, public))
        if day_counts is not None and day_counts[0] == public.day.pk:
            counts = day_counts[1]
        else:
            counts = board_cache.face_down(
                public.day.pk, lambda: face_down_counts(public.day), snap=snap, versions=versions
            )
    card = parse_item(targeting)
    if not isinstance(card, CardId) or not own.holds(card):
        card = None
    return own.shown(public, counts, card)


def board_parts(
    request: HttpRequest, parts: tuple[str, ...], context: dict, *, ladder_kept: bool = True
) -> HttpResponse:
    """The named parts, the ladder from its cache when this version of it was drawn before
    (not after an action, whose ladder is a new one: its rows are kept, see ladder_rows)."""
    rendered = kept_parts_drawn(request, parts, context)
    if ladder_kept and "ladder" in parts and (html := cached_ladder(request, context["board"])):
        rendered["ladder"] = html
    return render_parts(request, BOARD, parts, context, rendered)


def kept_parts_drawn(request: HttpRequest, parts: tuple[str, ...], context: dict) -> dict:
    """Those of `parts` kept per state (games.ladder.kept_parts), for this request; the
    messages, when among them, taken from it (so shown once) into `context`."""
    if "messages" in parts:
        context["messages"] = list(messages.get_messages(request))
    return kept_parts.drawn(parts, context, kept_parts.Fill.of(request))


def board_update(
    request: HttpRequest,
    player: PlayerSeason,
    *,
    parts: tuple[str, ...] = AFTER_ACTION,
    extra: tuple[str, ...] = (),
    board: Board | None = None,
    **context,
) -> HttpResponse:
    """After an action: the board parts it changed out of band (htmx), or a redirect (no
    JS). Messages go to the toast region, which is always in view, last: rendering them
    uses them up."""
    if not request.htmx:
        return redirect("ladder:board")
    parts = parts[:-1] + extra + parts[-1:]
    context = {"board": board or board_for(request, player), **context}
    return board_parts(request, parts, context, ladder_kept=board is None)


class Acting(NamedTuple):
    snap: board_cache.Snapshot | None  # the player's board as kept before the action
    bumps: dict[str, list[int | None]]  # the versions the action bumped
    after: board_cache.ReadAfterCommit  # the versions its answer shows, read with them


@contextmanager
def acting(player_id: int) -> Iterator[Acting]:
    """Around an action's service call, so its answer can patch the board kept before it
    instead of reading it afresh (`answer`)."""
    public = public_board(clock.now())
    snap = None if public is None else board_cache.snapshot(public.key, player_id, public.day.pk)
    day = () if snap is None else (board_cache.day_key(snap.day_id),)
    after = board_cache.ReadAfterCommit(VERSION_KEY, *day)
    with board_cache.recording_bumps(read_after_commit=after) as bumps:
        yield Acting(snap, bumps, after)


def answer(
    request: HttpRequest,
    player: PlayerSeason,
    done: Acting,
    parts: tuple[str, ...],
    patch_own: Callable[[Board], Board],
    patch_counts: Callable[[dict[int, int]], dict[int, int]] | None = None,
    *,
    ladder: str = "whole",
    row: int | None = None,
    today: tuple[str, ...] = ("today",),
    **context,
) -> HttpResponse:
    """The answer to an action that changed the board: the parts it changed, drawn from
    the board kept before it with the action's writes patched in, which is kept for the
    next view too (no JS: the redirected page finds it). `player` is the row the action
    locked and read.

    `ladder`: what of the ladder the action changed when the page shows the very board it
    patched (the state its form sent back, `Board.shown_state`): "row", the one `row` and
    the next vote's line (a vote: a thirtieth of the ladder), or "counts", none of its
    rows (a pack opening); either with every row's face-down count. Otherwise (another
    tab's vote, a noon, a card being aimed, the day's last vote, which closes every row)
    the whole ladder is sent. `today`: the pieces of the day's panel sent in its place
    then (TODAY_VOTED, TODAY_PLAYED)."""
    snap = done.snap if done.snap is not None and done.snap.player_id == player.pk else None
    own, counts = board_cache.carry_forward(snap, done.bumps, patch_own, patch_counts)
    if not request.htmx:
        return redirect("ladder:board")
    # The answer shows the public board as it is now: a noon may have committed while the
    # action waited for it (then the patched part, of the board before, is read afresh).
    # The day's plays version comes in the same trip: the one that bumped the action's
    # versions after its commit, or one of its own when that did not read them.
    if done.after.found is not None:
        versions = version_read(done.after.found)
    else:
        versions = read_version_again(*done.after.keys[1:])
    day_counts = None if counts is None else (snap.day_id, counts)
    board = board_for(request, player, own=own, day_counts=day_counts, snap=snap, versions=versions)
    if _shows(request, snap, own, board, any_aim=ladder == "whole"):
        small = _small_ladder(request, board, ladder, row) if ladder != "whole" else None
        names, drawn, marked = small or (("ladder",), {}, "")
        # The pieces where the ladder and the day's panel stood: the messages stay last.
        pieces = {"ladder": names, "today": today}
        parts = sum((pieces.get(p, (p,)) for p in parts), ())
        context = {"board": board, **context}
        drawn |= kept_parts_drawn(request, parts, context)
        return render_parts(request, BOARD, parts, context, drawn, marked=marked)
    return board_update(request, player, parts=parts, board=board, **context)


def _small_ladder(
    request: HttpRequest, board: Board, ladder: str, row: int | None
) -> tuple[tuple[str, ...], dict[str, str], str] | None:
    """What of the ladder a page showing the board before the action needs: the part ids,
    those already drawn, and every other row's face-down cards, marked to swap in (other
    players' cards moved them since the page was drawn; a whole ladder brought them too).
    The row voted on and the next vote's line ("row"; None when the day's last vote closed
    every row), or no row ("counts"). The poller is sent as well (`answer`), though its
    version stands: an answer landing after a poll drew a newer board puts this one's
    version back, so the next poll draws the new one again."""
    names, drawn = (), {}
    if ladder == "row":
        html = ladder_rows.row_html(board, row, get_token(request)) if board.votes_left else None
        if html is None:
            return None
        names, drawn = (f"entry-{row}", "next-vote"), {f"entry-{row}": html}
    others = [r.entry.id for r in board.public.ranked if r.entry.id != row]
    return names, drawn, face_down.oob_spans(others, board.face_down)


def _shows(
    request: HttpRequest, snap, own: Board | None, board: Board, *, any_aim: bool = False
) -> bool:
    """Whether the page the action came from shows the board it patched: carried forward
    from the kept board (`own`), of the same public board, and the state its form sent;
    `any_aim`, whatever card it was aiming (a card played: the whole ladder is sent)."""
    if own is None or snap is None or board.public_key != snap.public_key:
        return False
    sent = request.POST.get("shown", "")
    if any_aim:
        sent = sent.rpartition(":")[0] + ":"  # Board.shown_state, the card aimed last
    return sent == snap.own.shown_state


def cached_ladder(request: HttpRequest, board: Board) -> str | None:
    """The ladder part of the page, rendered once for everything it shows: this version of
    the public board, the player's votes and what they may do, and the browser's CSRF
    secret (its forms carry a token made from it). A player refreshing between changes
    gets it from the cache instead of rendering a few hundred nodes. Not the face-down
    counts, which every play changes: they are filled in afresh (games.ladder.face_down)."""
    secret = request.META.get("CSRF_COOKIE")
    if not secret or not board.public_key:
        return None
    shown = (
        board.public_key,
        secret,
        board.shown_state,
        board.votes_left,
        [
            (
                r.entry.pk,
                (r.my_vote.direction, r.my_vote.points) if r.my_vote else None,
                r.cannot_vote,
                r.cannot_play,
            )
            for r in board.rows
        ],
    )
    key = "ladder:html:" + hashlib.sha256(repr(shown).encode()).hexdigest()
    try:
        html = cache.get(key)
        if html is None:
            html = get_template(f"{BOARD}#ladder").render({"board": board}, request)
            cache.set(key, html, 3600)
        else:
            html = face_down.with_counts(html, board.face_down)
    except Exception:  # the cache is down: render it like any other part, and say so
        log.warning("the cache is not answering; the ladder is rendered afresh", exc_info=True)
        return None
    return mark_safe(html)


def no_season(request: HttpRequest) -> HttpResponse:
    return render(request, "ladder/no_season.html", status=200)


def with_player(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Pass the player's season row to the view, or say there's no season to play."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        player = current_player(request)
        if player is None:
            return no_season(request)
        return view(request, player, *args, **kwargs)

    return wrapper


def with_player_id(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For an action: pass the id of the player's season row as the session remembers it
    (their board put it there), so the row is read once, locked, by the action's service;
    a session that has not seen the board finds it as a page does. Or say there's no
    season to play."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        public = public_board(clock.now())
        player_id = (
            None if public is None else request.session.get(player_in_session(public.season.pk))
        )
        if player_id is None:
            player = current_player(request)
            if player is None:
                return no_season(request)
            player_id = player.pk
        return view(request, player_id, *args, **kwargs)

    return wrapper


def refused(request: HttpRequest, message: str) -> HttpResponse:
    """An action refused: the message, and the whole board as it stands (a stale tab may
    have shown what no longer holds)."""
    messages.error(request, message)
    player = current_player(request)
    if player is None:
        return no_season(request)
    return board_update(request, player)
