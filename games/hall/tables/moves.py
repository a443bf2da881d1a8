"""A participant's moves at the table: choosing a hand, betting, playing (H7.5-H7.7, H8).

Each function is one transaction (`at_table`) and an action of the player's (H4.1). A
deadline that passed before the move is carried out first, in its own transaction (the
kit's exactly-once `fire_deadlines`, as the job would), and the late move is refused
(H7.7).
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import Activity, Card
from ..services.log import note
from .adapter import try_move
from .models import Game, Seat
from .output import Output, read
from .reveal import reveal
from .table import MIN_HAND, Table, at_table, engine_id
from .timeouts import resolve_deadline


def _late_guard(game_id: int, now: dt.datetime) -> None:
    if resolve_deadline(game_id, now):
        raise Refusal(
            "Too late: the deadline of that decision had passed, so the site moved on for "
            "the player (H7.7, H8.23). The table shows where the game is now."
        )


# ---- H7.5 choosing a hand ---------------------------------------------------------------


def choose_hand(*, user, game_id: int, card_ids: list[int], now: dt.datetime | None = None) -> Seat:
    """Choose (or change) one's hand: at least 4 of one's unlocked cards; they lock at once."""
    now = now or clock.now()
    _late_guard(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        seat = t.seat_of_me()
        if t.game.stage != Game.Stage.CHOOSING:
            raise Refusal("The hands were revealed already; the choice is final (H7.5).")
        if not seat.seated:
            raise Refusal("You left this game before the reveal.")
        ids = sorted(set(card_ids))
        if len(ids) < MIN_HAND:
            raise Refusal(f"Choose at least {MIN_HAND} cards for your hand; you chose {len(ids)}.")
        cards = list(Card.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
        if len(cards) != len(ids) or any(c.owner_id != seat.player_id for c in cards):
            raise Refusal("You no longer hold every card you chose: look at your cards again.")
        if any(c.locked and c.pk not in seat.chosen for c in cards):
            raise Refusal("Locked cards cannot be chosen for a hand (H3.4).")
        Card.objects.filter(pk__in=set(seat.chosen) - set(ids)).update(locked=False)
        Card.objects.filter(pk__in=ids).update(locked=True)
        seat.chosen, seat.status = ids, Seat.Status.CHOSEN
        seat.save(update_fields=["chosen", "status"])
        t.game.version += 1
        if all(s.status == Seat.Status.CHOSEN for s in t.seats.values() if s.seated):
            reveal(t)
        t.game.save()
    return seat


def leave_game(*, user, game_id: int, now: dt.datetime | None = None) -> None:
    """H7.5 Leave before the reveal: the chosen cards unlock; nothing is lost."""
    now = now or clock.now()
    _late_guard(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        seat = t.seat_of_me()
        if t.game.stage != Game.Stage.CHOOSING:
            raise Refusal("After the reveal you can only forfeit (during the betting, H8.7).")
        if not seat.seated:
            raise Refusal("You left this game already.")
        Card.objects.filter(pk__in=seat.chosen).update(locked=False)
        seat.chosen, seat.status = [], Seat.Status.LEFT
        seat.save(update_fields=["chosen", "status"])
        t.game.version += 1
        note(t.cycle, t.phase.number, Activity.Kind.BATTLE, f"{t.me} left {t.game}.", t.now)
        remaining = [s for s in t.seats.values() if s.seated]
        if len(remaining) < 2 or all(s.status == Seat.Status.CHOSEN for s in remaining):
            reveal(t)
        t.game.save()


# ---- H7.6 the betting window ------------------------------------------------------------


def _betting_move(user, game_id: int, move: dict, now: dt.datetime | None) -> Output:
    now = now or clock.now()
    _late_guard(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        t.seat_of_me()
        if t.game.stage != Game.Stage.BETTING:
            raise Refusal("Betting is closed: the game is being played (H8.3).")
        out = try_move(t, {**move, "player": engine_id(t.me.pk)})
        if any(e.event in ("bet", "raise") for e in out.events_of(len(t.game.moves) - 1)):
            for seat in t.seats.values():  # H7.6 every bet or raise clears everyone's Ready
                seat.ready = False
            Seat.objects.bulk_update(t.seats.values(), ["ready"])
        close_betting_if_done(t)
        return read(t.game.state)


def bet(*, user, game_id: int, amount: int, now: dt.datetime | None = None) -> Output:
    """H8.4 open a bet, or H8.6 the one raise."""
    return _betting_move(user, game_id, {"type": "bet", "amount": amount}, now)


def match(*, user, game_id: int, now: dt.datetime | None = None) -> Output:
    """H8.5"""
    return _betting_move(user, game_id, {"type": "match"}, now)


def forfeit(*, user, game_id: int, now: dt.datetime | None = None) -> Output:
    """H8.7"""
    return _betting_move(user, game_id, {"type": "forfeit"}, now)


def ready(*, user, game_id: int, now: dt.datetime | None = None) -> Output:
    """H7.6 Ready; the window closes when every remaining participant is Ready."""
    now = now or clock.now()
    _late_guard(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        seat = t.seat_of_me()
        if t.game.stage != Game.Stage.BETTING:
            raise Refusal("Betting is closed: the game is being played (H8.3).")
        eid, state = engine_id(t.me.pk), read(t.game.state)
        if not state.seat(eid).playing:
            raise Refusal("You forfeited this game (H8.7).")
        if state.must_match(eid):
            raise Refusal(
                f"Match the stake of {state.stake} Chips or forfeit first: the bet "
                "is binding (H7.6, H8.5)."
            )
        seat.ready = True
        seat.save(update_fields=["ready"])
        t.game.version += 1
        close_betting_if_done(t)
        t.game.save()
        return read(t.game.state)


def close_betting_if_done(t: Table) -> None:
    """H7.6 Every remaining participant Ready, or fewer than two left: send `start`."""
    if t.game.stage != Game.Stage.BETTING:
        return
    remaining = [p.id for p in read(t.game.state).in_play]
    if len(remaining) < 2 or all(t.seat(eid).ready for eid in remaining):
        try_move(t, {"type": "start"})


# ---- H7.7 play --------------------------------------------------------------------------


def _play_move(user, game_id: int, move: dict, now: dt.datetime | None) -> Output:
    now = now or clock.now()
    _late_guard(game_id, now)
    with at_table(game_id, user=user, now=now) as t:
        t.seat_of_me()
        if t.game.stage == Game.Stage.BETTING:
            raise Refusal("Play begins when the betting closes (H8.3): press Ready.")
        return try_move(t, {**move, "player": engine_id(t.me.pk)})


def play(
    *,
    user,
    game_id: int,
    card: str,
    target: int | None = None,
    target_card: str | None = None,
    targets: list[int] | None = None,
    now: dt.datetime | None = None,
) -> Output:
    """H8.11-H8.19 Play a card; targets are player ids (Ace, Queen), two for a King."""
    move: dict = {"type": "play", "card": card}
    if target is not None:
        move["target"] = engine_id(target)
    if target_card:
        move["target_card"] = target_card
    if targets:
        move["targets"] = [engine_id(p) for p in targets]
    return _play_move(user, game_id, move, now)


def draw(
    *,
    user,
    game_id: int,
    card: str | None = None,
    giver: int | None = None,
    now: dt.datetime | None = None,
) -> Output:
    """H8.20 draw a card of one's inventory, or H8.21 ask a participant to give one."""
    if (card is None) == (giver is None):
        raise Refusal("Draw one card of your inventory, or name who gives you one.")
    move: dict = {"type": "draw"}
    if card is not None:
        move["card"] = card
    else:
        move["from"] = engine_id(giver)
    return _play_move(user, game_id, move, now)


def give(*, user, game_id: int, card: str, now: dt.datetime | None = None) -> Output:
    """H8.21"""
    return _play_move(user, game_id, {"type": "give", "card": card}, now)
