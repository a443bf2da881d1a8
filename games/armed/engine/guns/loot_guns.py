"""Loot guns: MAGNO-MITT (A9.1), DISCO (A9.2), ROBIN-HOOD RAY (A9.3), PIGGY-POPPER (A9.4).
A goon with no Loot to move does nothing, and a DISCO without Loot shuffles nothing
(A4.4, A11.1, S10, S28)."""

from __future__ import annotations

from ..drawing import give_loot, loot_to_deck
from ..state import Game, Seat


def magno_mitt(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.1 The target gives the shooter 1 Loot; malfunction: the other way round."""
    give_loot(g, hit, other)


def disco(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.2 Put 1 Loot into the deck (A1.6)."""
    loot_to_deck(g, hit)


def poorest_but(g: Game, seat: Seat) -> Seat:
    """A9.3 The goon with the fewest Loot other than `seat`; ties: first going left."""
    return min(g.opponents[seat], key=lambda s: len(s.loot))


def robin_hood(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.3 Give 1 Loot to the poorest goon other than you (the shooter may get it)."""
    if hit.loot:
        give_loot(g, hit, poorest_but(g, hit))


def piggy_popper(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.4 A target with 3 or more Loot puts 1 into the deck; the malfunction makes the
    shooter put one in if they have any."""
    if not demand or len(hit.loot) >= 3:
        loot_to_deck(g, hit)
