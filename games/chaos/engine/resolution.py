"""K5.5: after the window closes the pending cards resolve newest first; and K6, a Chaos
card's resolution with its level snapshot taken once."""

from __future__ import annotations

from . import modifiers
from .anchors import Source
from .cards import CARDS
from .conditions import change_condition
from .decisions import Flow
from .instructions import perform
from .table import Pending, Table
from .window import ResponseWindow


def leave_pending(t: Table, p: Pending) -> None:
    """A resolved or canceled card goes to the Play discard (persistent ones are installed)."""
    t.pending.remove(p)
    t.discard.append(p.card)


def resolve_pending(t: Table, window: ResponseWindow) -> Flow:
    for p in reversed(window.pending):
        if p.canceled:
            continue
        if p.on is not None:
            yield from resolve_interrupt(t, p)
        else:
            yield from resolve_ordinary(t, p, window)


def resolve_interrupt(t: Table, p: Pending) -> Flow:
    """K5.5: a target gone makes the whole Interrupt do nothing, its draws included;
    otherwise it cancels its target first, then performs its other instructions."""
    target = p.on
    assert target is not None
    if target.canceled:
        t.emit("fizzle", seat=p.seat, card=p.card, on=target.card)
        leave_pending(t, p)
        return
    t.emit("resolve", seat=p.seat, card=p.card)
    card = CARDS[p.card]
    if card.cancels:
        target.canceled = True
        leave_pending(t, target)
        t.emit("cancel", card=target.card, by=p.card)
    yield from perform(t, Source(card, p.seat, on_player=target.seat), card.effects)
    leave_pending(t, p)


def resolve_ordinary(t: Table, p: Pending, window: ResponseWindow) -> Flow:
    card = CARDS[p.card]
    src = Source(
        card, p.seat, target=p.target, named_category=p.category,
        comments=list(window.comments), named=window.named,
    )  # fmt: skip
    if card.category == "chaos":
        yield from resolve_chaos(t, p, src)
    elif card.category == "action":  # K9.1
        t.emit("resolve", seat=p.seat, card=p.card)
        yield from perform(t, src, card.effects)
        leave_pending(t, p)
    else:  # K9.3, K9.5: into its slot
        t.emit("resolve", seat=p.seat, card=p.card)
        t.pending.remove(p)
        yield from modifiers.install(t, p)


def resolve_chaos(t: Table, p: Pending, src: Source) -> Flow:
    """K6.3: the level just before it resolves decides, once, how often it resolves and
    whether the Level 5 replacement follows (K6.6); its own changes never do."""
    snapshot = t.level
    times = 2 if snapshot >= 3 else 1
    t.emit("resolve", seat=p.seat, card=p.card, level=snapshot, times=times)
    yield from perform(t, src, src.card.effects)
    if times == 2:
        t.emit("repeat", seat=p.seat, card=p.card)
        yield from perform(t, src, src.card.effects)
    if snapshot == 5:
        change_condition(t, "level5")  # K6.6 (S8): before the card's own discard
    leave_pending(t, p)
