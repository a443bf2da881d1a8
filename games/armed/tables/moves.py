"""A goon's moves at a running table (A3-A9, A12.3-A12.6): each one transaction.

A deadline that passed before the move is carried out first, in its own transaction (the
kit's exactly-once `fire_deadlines`, as the job would), and the late move is refused.
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import ArmedAfterChat, ArmedTable
from .adapter import leave_seat, try_move
from .output import Output
from .table import Table, at_table
from .timeouts import resolve_deadline

CHAT_LIMIT = 1000  # A12.6 code points


TOO_LATE = (
    "Too late: the turn time ran out, so the site took the default action for "
    "that decision (A12.3). The table shows where the game is now."
)


def _my_move(user, game_id: int, build, now: dt.datetime | None) -> Output:
    """A move answering the awaited decision. The passed deadline is checked under the
    table's lock (no query of its own before it): if it passed, this transaction writes
    nothing, the deadline is carried out in its own (the kit's exactly-once
    `fire_deadlines`, as the job would) and the late move is refused."""
    now = now or clock.now()
    with at_table(game_id, user=user, now=now) as t:
        game = t.game
        if game.is_over or game.deadline is None or game.deadline > now:
            seat = t.my_seat()
            return try_move(t, {**build(t), "seat": seat.engine_id})
    resolve_deadline(game_id, now)
    raise Refusal(TOO_LATE)


def fire(
    *, user, game_id: int, card: str, target: str | None = None, now: dt.datetime | None = None
) -> Output:
    """A3.3 / A9.16 Fire a gun (a turn's shot or a free shot); multi-target guns need no target."""
    move: dict = {"type": "fire", "card": card}
    if target:
        move["target"] = target
    return _my_move(user, game_id, lambda t: move, now)


def cycle(*, user, game_id: int, card: str | None, now: dt.datetime | None = None) -> Output:
    """A3.4 Can't or won't fire: discard a card and draw one."""
    return _my_move(user, game_id, lambda t: {"type": "cycle", "card": card}, now)


def hold(*, user, game_id: int, now: dt.datetime | None = None) -> Output:
    """A9.16 Decline a free shot."""
    return _my_move(user, game_id, lambda t: {"type": "hold"}, now)


def answer(*, user, game_id: int, grit: bool, now: dt.datetime | None = None) -> Output:
    """A4.2 Comply, or grit teeth (pay 1 Tooth; the malfunction hits the shooter)."""
    return _my_move(user, game_id, lambda t: {"type": "grit" if grit else "comply"}, now)


def discard(*, user, game_id: int, cards: list[str], now: dt.datetime | None = None) -> Output:
    """A1.5 The cards chosen for a discard, in the order they go onto the pile."""
    return _my_move(user, game_id, lambda t: {"type": "discard", "cards": list(cards)}, now)


def pick(*, user, game_id: int, player: str, now: dt.datetime | None = None) -> Output:
    """A9.7 WORM-HOLE's malfunction: who swaps hands with the shooter."""
    return _my_move(user, game_id, lambda t: {"type": "pick", "player": player}, now)


def say(*, user, game_id: int, text: str, now: dt.datetime | None = None) -> Output | None:
    """A12.6 A table-chat message, checked against the sender's bits by the engine (A8.2):
    a broken bit costs its Tooth, shown in the log; one the sender cannot pay is refused.
    After the game (S54) the engine refuses chat, so the site posts it itself, free of
    bits: then there is no engine answer (None)."""
    if not text.strip():
        raise Refusal("Write something first.")
    if len(text) > CHAT_LIMIT:
        raise Refusal(f"A message is at most {CHAT_LIMIT:,} characters (A12.6).")
    now = now or clock.now()
    resolve_deadline(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        if t.game.stage == ArmedTable.Stage.OVER:  # not an abandoned one: no game ended
            _post_after_game(t, text)
            return None
        seat = t.my_seat()
        return try_move(t, {"type": "say", "text": text, "seat": seat.engine_id})


def _post_after_game(t: Table, text: str) -> None:
    """S54 Every goon who sat here (left or not) may talk over the game once it is over."""
    seat = t.seat_of(t.actor)
    if seat is None or not seat.human:
        raise Refusal("Only the goons who sat at this table chat here.")
    ArmedAfterChat.objects.create(table=t.game, seat=seat, text=text, posted_at=t.now)
    t.game.version += 1  # the other pages fetch the new line (pushed after the commit)
    t.game.save(update_fields=["version"])


def leave(*, user, game_id: int, now: dt.datetime | None = None) -> Output:
    """A12.5 Leave a started game: the seat's bot plays on with its Teeth, Loot and cards."""
    now = now or clock.now()
    with at_table(game_id, user=user, now=now) as t:
        return leave_seat(t, t.my_seat())
