"""Rounds and turns (A2.4, §3) and how the game ends (A10.1-A10.5), as one generator:
`play(g)` yields each Decision awaited and is sent its answer until the game is over."""

from __future__ import annotations

from .drawing import choose_and_discard, draw
from .ending import CLOSING_ROUND, finish
from .shots import shoot
from .state import Decision, Flow, Game, Seat, StoreClosed
from .waiting import begin_turn, end_turn

HAND_LIMIT = 6  # A3.6


def play(g: Game) -> Flow:
    """A2.4 A round is one regular turn of each goon from the first going left, extra
    turns taken between them (A9.14, S18); the final round, round 40 and the second
    exhaustion end the game (A10.2, A10.5, A10.4)."""
    try:
        seat = g.first
        while True:
            yield from take_turn(g, seat, extra=False)
            while g.extra_queue:
                bonus = g.extra_queue.pop(0)
                bonus.extra_turns -= 1
                yield from take_turn(g, bonus, extra=True)
            if seat is g.last_seat:
                if g.final_round:
                    finish(g, "final_round")
                    return
                if g.round == CLOSING_ROUND:
                    g.ev("store_closed", closing_time=True)
                    finish(g, "closing_time")
                    return
                g.round += 1
            seat = g.left_of(seat)
    except StoreClosed:
        finish(g, "store_closed")


def take_turn(g: Game, seat: Seat, extra: bool) -> Flow:
    """A3.1 The waiting effects are used up as the turn begins (A7.1)."""
    g.turn = seat
    g.turns += 1
    if seat.durations:
        begin_turn(seat)
    frozen, controller = seat.frozen, seat.controlled_by
    no_draw, no_fire = seat.no_draw, seat.no_fire
    seat.frozen = seat.no_draw = seat.no_fire = False
    seat.controlled_by = None
    if frozen:
        skip(g, seat, extra, controlled=controller is not None, no_draw=no_draw, no_fire=no_fire)
        return
    decider = controller or seat
    if g.log is not None:  # the playtest keeps no log: hot events are built only for one
        g.ev("turn", seat=seat.id, round=g.round, extra=extra, by=decider.id)
    if controller is not None:
        g.control = (seat, controller)
    if no_draw:
        g.ev("no_draw", seat=seat.id)  # A9.13
    else:
        draw(g, seat, "turn")  # A3.2
    answer = yield Decision("turn", decider, seat, can_fire=bool(seat.hand) and not no_fire)
    if answer[0] == "fire":
        yield from shoot(g, seat, answer[1], answer[2], False)  # A3.3
    else:
        cycle(g, seat, answer[1])
    over = len(seat.hand) - HAND_LIMIT
    if over > 0:  # A3.6, S8
        yield from choose_and_discard(g, seat, over, "hand_limit", decider)
    g.control = None
    if seat.durations:
        end_turn(g, seat)  # A3.7, A7.4


def skip(
    g: Game, seat: Seat, extra: bool, *, controlled: bool, no_draw: bool, no_fire: bool
) -> None:
    """A7.3, S15, S46 Nothing happens in a skipped turn, nobody controls it, and every
    effect waiting for it is wasted (A11.2); it still counts for durations and rounds."""
    g.ev("turn", seat=seat.id, round=g.round, extra=extra, by=seat.id)
    g.ev("skip", seat=seat.id)
    for what, waiting in (("controlled", controlled), ("no_draw", no_draw), ("no_fire", no_fire)):
        if waiting:
            g.ev("wasted", seat=seat.id, what=what)
    end_turn(g, seat)


def cycle(g: Game, seat: Seat, card: str | None) -> None:
    """A3.4, S7 Can't fire? Won't fire? Discard 1 card, draw 1; an empty hand just draws."""
    g.ev("cycle", seat=seat.id, card=card)
    if card is not None:
        seat.hand.remove(card)
        g.discard.append(card)
    draw(g, seat, "cycle")
