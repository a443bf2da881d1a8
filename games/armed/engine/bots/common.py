"""What both bots share: the WORM-HOLE pick by fewest cards (A13.2, A13.3)."""

from __future__ import annotations

from ..state import Decision, Game, Seat


def fewest_cards(g: Game, d: Decision, *, itself_first: bool) -> Seat:
    """The goon with the fewest cards among those the picker may pick (every goon but
    the shooter); ties go by `itself_first`, then going left from the picker."""
    picker, shooter = d.owner, d.shooter
    others = [s for s in g.opponents[picker] if s is not shooter]
    order = [picker, *others] if itself_first else [*others, picker]
    return min(order, key=lambda s: len(s.hand))
