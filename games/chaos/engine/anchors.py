"""K10.5: Anchors act automatically on one qualifying instruction, then leave.

An instruction qualifies when it comes from ANOTHER player's card (S11), is of a kind the
Anchor prevents, and would change its controller's hand; the caller checks the last part
(a draw always would, S37; a discard or removal only from a non-empty hand). AN7 prevents
nothing: it consoles (`console`) after the fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARDS, Card
from .table import Table


@dataclass(slots=True)
class Source:
    """Whose instruction this is: the card (a Modifier for its triggers), its player (the
    Modifier's controller) and what the card fixed when it was played (K4.3, K6.3)."""

    card: Card
    player: str
    target: str | None = None
    named_category: str | None = None  # A27, declared with the play
    comments: list[str] = field(default_factory=list)  # observations, fixed at the close
    named: str | None = None  # A28's answer; None is a decline
    subject: str | None = None  # who=player/participant (Modifier triggers)
    on_player: str | None = None  # I10: the player of the targeted pending card

    @property
    def by_modifier(self) -> bool:
        return self.card.category == "modifier"


# What each kind of instruction is, for the Anchors (chaos-cards.md `prevents`).
DRAW = "draw"
DISCARD = "discard"
RANDOM_DISCARD = "random_discard"
RANDOM_TAKE = "random_take"
TRANSFER = "transfer"  # tribute, one-card exchange, one-card pass
WHOLE_HAND = "whole_hand"


def _prevents(prevents: str, kind: str, src: Source) -> bool:
    if prevents == "modifier":
        return src.by_modifier and kind in (DRAW, DISCARD)
    if prevents == "discard":
        return kind in (DISCARD, RANDOM_DISCARD)
    if prevents == "chaos_draw":
        return kind == DRAW and src.card.category == "chaos"
    if prevents == "action_draw":
        return kind == DRAW and src.card.category == "action"
    if prevents == "transfer_out":
        return kind in (TRANSFER, RANDOM_TAKE)
    if prevents == "random":
        return kind in (RANDOM_DISCARD, RANDOM_TAKE)
    if prevents == "whole_hand":
        return kind == WHOLE_HAND
    return False  # AN7 "consolation" prevents nothing


def protected(t: Table, seat: str, kind: str, src: Source) -> bool:
    """Does `seat`'s Anchor prevent this instruction? (It is not consumed yet.)"""
    anchor = t.anchor[seat]
    if anchor is None or seat == src.player:
        return False
    return _prevents(CARDS[anchor].prevents or "", kind, src)


def spend(t: Table, seat: str, src: Source) -> None:
    """The Anchor has acted: it goes to the Play discard."""
    anchor = t.anchor[seat]
    assert anchor is not None
    t.remove_persistent(seat, anchor)
    t.emit("anchor", seat=seat, card=anchor, source=src.card.id)


def prevent(t: Table, seat: str, kind: str, src: Source) -> bool:
    """If `seat`'s Anchor prevents this instruction, it acts and leaves; True if it did."""
    if protected(t, seat, kind, src):
        spend(t, seat, src)
        return True
    return False


def console(t: Table, seat: str, src: Source) -> None:
    """AN7 (S28): after another player's instruction took cards out of `seat`'s hand, draw
    1 once, then AN7 leaves; no Anchor acts on that draw and its own discard is no loss."""
    anchor = t.anchor[seat]
    if anchor is None or seat == src.player or CARDS[anchor].prevents != "consolation":
        return
    t.draw(seat, 1, "consolation", anchor)
    spend(t, seat, src)
