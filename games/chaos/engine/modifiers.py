"""Persistent cards: installing them (K9.3, K9.5), the draw step they adjust (K10.3), the
Modifier triggers (K10.6) and the round's expiry (K3.4)."""

from __future__ import annotations

from .anchors import Source
from .cards import CARDS
from .decisions import Flow
from .instructions import perform
from .table import Pending, Table


def draw_count(t: Table, seat: str) -> int:
    """K10.3: base 2, or 1 for the dealer; a `set` replaces the base (the most recently
    installed governs, so later ones simply overwrite); adjustments add; floor 0."""
    dealer = seat == t.dealer
    base, add = (1 if dealer else 2), 0
    for controller, card in t.installed:  # oldest first
        rule = CARDS[card].draw
        if rule is None:
            continue
        whose = rule["whose"]
        if (
            whose == "all"
            or (whose == "dealer" and dealer)
            or (whose == "nondealers" and not dealer)
            or (whose == "controller" and controller == seat)
        ):
            if "set" in rule:
                base = rule["set"]
            else:
                add += rule["add"]
    return max(0, base + add)


def _captured(t: Table, event: str) -> list[tuple[str, str]]:
    """K10.6: the qualifying Modifiers, captured at their event, oldest installation first."""
    return [
        (controller, card)
        for controller, card in t.installed
        if (trigger := CARDS[card].trigger) is not None and trigger["on"] == event
    ]


def _fire(t: Table, controller: str, card: str, subject: str, target: str | None) -> Flow:
    t.emit("trigger", card=card, seat=controller, player=subject)
    src = Source(CARDS[card], controller, target=target, subject=subject)
    yield from perform(t, src, CARDS[card].effects)


def install(t: Table, play: Pending) -> Flow:
    """K9.3/K9.5: the new card enters its slot first, then the controller's old one of the
    same kind is discarded (S12: M14 is captured in between, so it sees its own entry)."""
    seat, card = play.seat, play.card
    slot = t.modifier if CARDS[card].category == "modifier" else t.anchor
    old = slot[seat]
    slot[seat] = card
    t.installed.append((seat, card))
    t.emit("install", seat=seat, card=card)
    captured = _captured(t, "installed") if CARDS[card].category == "modifier" else []
    if old is not None:
        t.installed.remove((seat, old))
        t.discard.append(old)
        t.emit("replaced", seat=seat, card=old)
    for controller, modifier in captured:
        yield from _fire(t, controller, modifier, seat, None)


def window_closed(t: Table, participants: list[str]) -> Flow:
    """M7/M8: after the window closes, before anything resolves, once per Interrupt player
    (canceled ones count), Modifier-major (S32)."""
    if not participants:
        return
    order = [seat for seat in t.from_active() if seat in participants]
    for controller, card in _captured(t, "window_closed"):
        for seat in order:
            yield from _fire(t, controller, card, seat, None)


def after_resolution(t: Table, play: Pending) -> Flow:
    """M5/M6/M9/M10: after the ordinary play resolved (never a canceled one); a Modifier
    the play just installed is in play and is captured too (S31)."""
    category = CARDS[play.card].category
    for controller, card in _captured(t, "after_resolve"):
        trigger = CARDS[card].trigger or {}
        if category not in trigger["cats"] or (trigger.get("needs_target") and not play.target):
            continue
        yield from _fire(t, controller, card, play.seat, play.target)


def expire_round(t: Table) -> None:
    """K3.4 (S42): "this round" Modifiers leave at round end, in seating order."""
    for seat in t.seats:
        card = t.modifier[seat]
        if card is not None and CARDS[card].duration == "round":
            t.remove_persistent(seat, card)
            t.emit("expire", seat=seat, card=card)
