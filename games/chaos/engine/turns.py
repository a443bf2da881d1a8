"""The game in rulebook order: setup (K2), then turns (K4) until a checkpoint ends it (K8),
rounds and the dealer's rotation between them (K3).

`game` is the flow: a generator that yields each Decision it waits for (decisions.py).
"""

from __future__ import annotations

from typing import Any

from . import bots, modifiers, setup
from .cards import CARDS
from .conditions import change_level, met_by, update_capacity
from .decisions import PASS, Decision, Flow
from .resolution import resolve_pending
from .table import Pending, Table
from .window import ResponseWindow

FIRST_CHECKPOINT = 15
LAST_TURN = 30


def game(t: Table, spec: dict[str, Any]) -> Flow:
    if spec["setup"] is None:
        seat = yield from setup.seeded(t, spec["hand_size"])
    else:
        seat = setup.place(t, spec["setup"])
    while True:
        yield from turn(t, seat)
        if t.over:
            return
        seat = next_player(t)


def turn(t: Table, seat: str) -> Flow:
    # K4.1: the table's count, passes and canceled plays included
    t.active = seat
    t.turn += 1
    t.taken.append(seat)
    t.emit("turn", seat=seat, turn=t.turn, round=t.round, dealer=t.dealer)
    t.draw(seat, modifiers.draw_count(t, seat), "turn")  # K4.2, K10.3
    answer = yield Decision("turn", seat)  # K4.3
    if answer == PASS:
        t.emit("pass", seat=seat)
    else:
        _, card, target, category = answer
        yield from ordinary_play(t, seat, card, target, category)  # K4.4
    # K4.5 "Obey Chaos": nothing resolves here. K4.6: no card of ours lasts "this turn".
    checkpoint(t)


def ordinary_play(t: Table, seat: str, card: str, target, category) -> Flow:
    """K4.4 and K5.4, in order: the window, M7/M8, resolution newest first, after-resolution
    triggers, the dispute escalation."""
    info = CARDS[card]
    t.hands[seat].remove(card)
    fields: dict[str, Any] = {"seat": seat, "card": card}
    if info.targets:
        fields["target"] = target
    if info.names_category:
        fields["category"] = category
    t.emit("play", **fields)
    play = Pending(
        card, seat, target=target if info.targets else None,
        category=category if info.names_category else None,
    )  # fmt: skip
    window = ResponseWindow(t, play)
    t.pending = [play]
    t.window = window
    if window.selected is not None and t.is_bot(window.selected):  # K15.5: at announcement
        window.name(t, window.selected, bots.name_category(t.hands[window.selected]))
    yield from window.responses(t)
    yield from modifiers.window_closed(t, window.participants)
    yield from resolve_pending(t, window)
    if not play.canceled:
        yield from modifiers.after_resolution(t, play)
    if window.escalation_due:  # K11.6: once, after the play, even a canceled one
        change_level(t, 1, "dispute")
        update_capacity(t)


def checkpoint(t: Table) -> None:
    """K8: no check before turn 15; then every non-dealer against every active condition
    at once (shared victories); at turn 30 the fallback with the dealer eligible."""
    if t.turn < FIRST_CHECKPOINT:
        t.emit("checkpoint", turn=t.turn, checked=False)
        return
    met = {seat: found for seat in t.seats if seat != t.dealer and (found := met_by(t, seat))}
    t.emit(
        "checkpoint", turn=t.turn, checked=True, conditions=list(t.conditions), met=met,
        dealer_met=met_by(t, t.dealer),
    )  # fmt: skip
    if met:
        finish(t, "condition", [seat for seat in t.seats if seat in met])
    elif t.turn >= LAST_TURN:
        fewest = min(len(t.hands[seat]) for seat in t.seats)
        winners = [seat for seat in t.seats if len(t.hands[seat]) == fewest]
        t.emit("fallback", winners=winners, cards=fewest)
        finish(t, "fallback", winners)


def finish(t: Table, reason: str, winners: list[str]) -> None:
    t.over = True
    t.active = None
    t.result = {
        "reason": reason,
        "winners": winners,
        "standings": [{"seat": seat, "cards": len(t.hands[seat])} for seat in t.seats],
    }
    t.emit("end", reason=reason, winners=winners)


def next_player(t: Table) -> str:
    """K3.3: the first seat in current direction from the active one without a turn this
    round; when there is none, the round ends and the next begins after the new dealer."""
    assert t.active is not None
    for seat in t.around(t.active)[1:]:
        if seat not in t.taken:
            return seat
    end_round(t)
    return t.next_seat(t.dealer)


def end_round(t: Table) -> None:
    """K3.4 (S22): expiry, the marker one seat counterclockwise whatever the direction,
    the former dealer's 2 cards; no victory check."""
    t.emit("round_end", round=t.round)
    modifiers.expire_round(t)
    former = t.dealer
    t.dealer = t.next_seat(former, "ccw")
    t.emit("rotate", seat=t.dealer, former=former)
    t.draw(former, 2, "former_dealer")
    t.round += 1
    t.taken = []
