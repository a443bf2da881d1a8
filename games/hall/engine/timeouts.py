"""H8.23 24 hours passed on the awaited decision: the engine decides in the player's place.

A turn is skipped (nothing played, nothing drawn). An owed draw is made at random among
the cards the drawer may draw, or, with none, asked of a random participant who holds a
card. A give is a random card of the giver's hand. Random picks are over the cards held,
not their ids, so two copies of a card are twice as likely; the earliest copy moves.
"""

from __future__ import annotations

from .draws import ask, hand_over, take_from_inventory
from .game import Timeout
from .state import Owed, Table


def timeout(table: Table, action: Timeout) -> None:
    p = table.players[action.player]
    if not table.pending:
        table.turn_done = True
        table.event("skip", player=p.id)
        return
    first = table.pending[0]
    if type(first) is Owed:
        drawable = p.drawable(first.not_face)
        if drawable:
            take_from_inventory(table, p, table.rng.choice(drawable), auto=True)
            return
        # In turn order, not input order, so that listing the players differently never
        # changes a game. Every other participant holds a card: one with none would have
        # won already (H8.22).
        players = table.players
        givers = [q for q in table.turn_order if q != p.id and players[q].hand]
        ask(table, p, table.rng.choice(givers), auto=True)
        return
    hand_over(table, p, table.rng.choice(p.hand), auto=True)
