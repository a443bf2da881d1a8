"""A game nobody can finish: no participant has any possible play (issue 28).

Seen in a full play: a Red Joker on top, every hand all black, nothing left to draw. Each
turn the awaited player, with no playable card and no inventory, asks another for a card
(H8.21); the cards go round the hands and the game never moves on. The rules will gain a
stalemate rule; until then the table says so and the admin lists such games to abandon
(H8.25).
"""

from __future__ import annotations

from ..engine.legality import legal_now
from .models import Game
from .output import Output


def is_stalled(game: Game, state: Output) -> bool:
    """Playing, no card in any hand may go on the top card, and no one has a card to draw.

    Cards only move between hands then (asks and gives), so nothing can ever be played:
    until an inventory changes outside the game (H7.8), which the next move would report."""
    if game.stage != Game.Stage.PLAYING or state.stage != "playing":
        return False
    legal = legal_now(state.top)
    players = state.in_play
    playable = any(card in legal for p in players for card in p.hand)
    return not playable and not any(p.inventory for p in players)
