"""Playing a card on one's turn (H8.11-H8.15)."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, Effect
from .effects import CHECKS, RESOLVE
from .errors import Code, Refused
from .game import Play
from .legality import legal_now
from .state import Table


def play(table: Table, action: Play) -> None:
    """H8.11 Play a legal card (H8.12-H8.14) naming the targets its effect needs (H8.15).

    The effect happens once the card is on the pile, unless the play emptied the hand:
    then the player has won (H8.22) and the effect never happens.
    """
    p, card = table.players[action.player], action.card
    if card not in p.hand:
        raise Refused(Code.NOT_IN_HAND, f"{p.id} holds no {card}")
    face, top = CARDS[card], table.top
    if top is None and face.special:
        raise Refused(Code.FIRST_CARD_SPECIAL, f"the first card must be a 2-10, not {card}")
    if card not in legal_now(top):
        raise Refused(Code.ILLEGAL_PLAY, f"{card} does not match {top}")
    if face.effect is not None:
        CHECKS[face.effect](table, action)

    p.take_from_hand(card)
    table.pile.append(card)
    table.turn_done = True
    table.event("play", player=p.id, card=card, **_named_targets(face.effect, action))
    if face.effect is not None and p.hand:
        RESOLVE[face.effect](table, action)


def _named_targets(effect: Effect | None, action: Play) -> dict[str, Any]:
    if effect is Effect.ACE:
        return {"target": action.target}
    if effect is Effect.QUEEN:
        return {"target": action.target, "target_card": action.target_card}
    if effect is Effect.KING:
        assert action.targets is not None
        return {"targets": list(action.targets)}
    return {}
