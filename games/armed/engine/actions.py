"""Applying the site's actions (armed-engine.md, "How actions are applied"): each is
checked in the contract's order and refused before anything changes, or accepted and
played on until a human is awaited; timeouts take the default (A12.3, S25), `say` is
checked against the bits (A8.2, A8.4), `leave` hands the seat to its bot (A12.5, S26)."""

from __future__ import annotations

from .bits import dropped_by
from .bots import choose, simple
from .cards import DESIGN_OF
from .errors import Code, Refused
from .guns import GUNS
from .parse import Action
from .state import Decision, Flow, Game, Seat

# Which action answers which decision.
ANSWERS = {
    "turn": ("fire", "cycle"),
    "respond": ("comply", "grit"),
    "free_shot": ("fire", "hold"),
    "discard": ("discard",),
    "pick": ("pick",),
}


def start(g: Game, flow: Flow) -> None:
    """Run the rules up to the first decision a human must make."""
    g.flow = flow
    advance(g, None)


def advance(g: Game, answer: tuple | None) -> None:
    """Send `answer` to the rules, then let the bots answer until a human is awaited."""
    flow = g.flow
    try:
        d = flow.send(answer)
        while d.seat.kind == "bot":
            d = flow.send(choose(g, d))
    except StopIteration:
        g.awaiting = None
        return
    g.awaiting = d


def apply(g: Game, action: Action) -> None:
    """Accept `action` or raise Refused, having changed nothing."""
    if g.result is not None:
        raise Refused(Code.GAME_OVER, "the game is over")
    seat = g.by_id[action.seat]
    if seat.kind == "bot":
        who = "has left: a bot plays the seat" if seat.left else "is played by a bot"
        raise Refused(Code.NOT_HUMAN, f"{seat.id} {who}")
    if action.type == "say":
        say(g, seat, action.text)
        return
    if action.type == "leave":
        leave(g, seat)
        return
    d = g.awaiting
    assert d is not None
    if seat is not d.seat:
        raise Refused(Code.NOT_AWAITED, f"{d.seat.id} is awaited, not {seat.id}")
    if action.type == "timeout":
        g.ev("timeout", seat=seat.id, decision=d.kind)
        advance(g, ("comply",) if d.kind == "respond" else simple.choose(g, d))
        return
    if action.type not in ANSWERS[d.kind]:
        raise Refused(
            Code.WRONG_DECISION, f"a {action.type} does not answer a {d.kind.replace('_', ' ')}"
        )
    advance(g, answer(g, d, action))


def answer(g: Game, d: Decision, action: Action) -> tuple:
    """The action's own checks, in the contract's order; the answer sent to the rules."""
    hand = d.owner.hand
    kind = action.type
    if kind == "fire":
        card = action.card
        if d.kind == "turn" and not d.can_fire:
            reason = "no fire this turn" if hand else "an empty hand cannot fire"
            raise Refused(Code.CANNOT_FIRE, f"{reason}: discard 1 and draw 1 instead")
        if card not in hand:
            raise Refused(Code.NOT_IN_HAND, f"{card} is not in the hand")
        if GUNS[DESIGN_OF[card]].multi:
            return ("fire", card, None)
        targets = [d.at] if d.at is not None else g.opponents[d.owner]
        target = g.by_id.get(action.target) if action.target is not None else None
        if target not in targets:
            names = ", ".join(t.id for t in targets)
            raise Refused(Code.BAD_TARGET, f"{card} must be aimed at one of: {names}")
        return ("fire", card, target)
    if kind == "cycle":
        if action.card is None and hand:
            raise Refused(Code.NOT_IN_HAND, "name the card to discard before drawing")
        if action.card is not None and action.card not in hand:
            raise Refused(Code.NOT_IN_HAND, f"{action.card} is not in the hand")
        return ("cycle", action.card)
    if kind == "discard":
        cards = action.cards
        if len(cards) != d.count or len(set(cards)) != len(cards):
            raise Refused(Code.WRONG_COUNT, f"discard exactly {d.count} different cards")
        missing = [c for c in cards if c not in hand]
        if missing:
            raise Refused(Code.NOT_IN_HAND, f"{', '.join(missing)} not in the hand")
        return ("discard", list(cards))
    if kind == "pick":
        assert d.shooter is not None
        player = g.by_id[action.player] if action.player is not None else None
        if player is d.shooter or player is None:
            raise Refused(Code.BAD_TARGET, f"pick anyone but the shooter, {d.shooter.id}")
        return ("pick", player)
    return (kind,)  # hold, comply, grit


def say(g: Game, seat: Seat, text: str) -> None:
    """A8.2 A message that breaks bits drops them at 1 Tooth each; without the Teeth it
    is refused. A goon asked to comply or grit who can no longer grit complies (A8.4)."""
    dropped = dropped_by(seat, text)
    if len(dropped) > seat.teeth:
        raise Refused(
            Code.BIT_UNPAID,
            f"that message drops {', '.join(dropped)}: "
            f"{len(dropped)} Teeth needed, {seat.teeth} held",
        )
    g.ev("say", seat=seat.id, text=text)
    for bit in dropped:
        del seat.durations[bit]
        seat.teeth -= 1
        g.ev("bit_dropped", seat=seat.id, bit=bit, teeth=seat.teeth)
        if seat.teeth == 0:
            g.ev("broken", seat=seat.id)
    d = g.awaiting
    if d is not None and d.kind == "respond" and d.seat is seat and not seat.can_grit:
        advance(g, ("forced",))


def leave(g: Game, seat: Seat) -> None:
    """A12.5 The seat's bot plays on at once, with the seat's policy."""
    seat.left = True
    seat.kind = "bot"
    g.ev("leave", seat=seat.id, policy=seat.policy)
    d = g.awaiting
    if d is not None and d.seat is seat:
        advance(g, choose(g, d))
