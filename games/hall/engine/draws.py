"""Drawing (H8.20), and the give that stands in for a draw when the drawer has nothing
to draw (H8.21). A draw answers a turn without a legal card (H8.11) or an owed draw."""

from __future__ import annotations

from .cards import CARDS
from .errors import Code, Refused
from .game import Draw, Give
from .legality import legal_now
from .state import GiveDue, Owed, Participant, Table


def draw(table: Table, action: Draw) -> None:
    """H8.11, H8.20, H8.21 Draw a chosen card of one's inventory, or, with none to draw,
    name a participant holding a card, who must give one."""
    p = table.players[action.player]
    on_turn = not table.pending  # else an owed draw is first: gives were ruled out before
    if on_turn and any(c in legal_now(table.top) for c in p.hand):
        raise Refused(Code.CAN_PLAY, f"{p.id} holds a card they can play, so must play it")
    not_face = None if on_turn else _owed(table).not_face
    if action.card is not None:
        if action.card not in p.inventory:
            raise Refused(Code.NOT_IN_INVENTORY, f"{action.card} is not in {p.id}'s inventory")
        if not_face is not None and CARDS[action.card].id == not_face:
            raise Refused(
                Code.SAME_CARD, f"after a Queen {p.id} must draw a card other than a {not_face}"
            )
        take_from_inventory(table, p, action.card)
    else:
        assert action.source is not None
        if p.drawable(not_face):
            raise Refused(
                Code.INVENTORY_NOT_EMPTY,
                f"{p.id} still has a card they may draw, so cannot ask anyone else",
            )
        giver = table.players[action.source]
        if giver.id == p.id:
            raise Refused(Code.BAD_TARGET, "a drawer asks another participant, not themselves")
        if not giver.playing:
            raise Refused(Code.BAD_TARGET, f"{giver.id} has forfeited and is not in this game")
        if not giver.hand:
            raise Refused(Code.BAD_TARGET, f"{giver.id} holds no card to give")
        ask(table, p, giver.id)


def _owed(table: Table) -> Owed:
    first = table.pending[0]
    assert type(first) is Owed
    return first


def _draw_made(table: Table) -> None:
    """A turn's draw ends the turn (H8.11); an owed draw is settled."""
    if table.pending:
        table.pending.pop(0)
    else:
        table.turn_done = True


def take_from_inventory(table: Table, p: Participant, card: str, *, auto: bool = False) -> None:
    """H8.20 One draw from one's own inventory: the card joins the hand."""
    p.inventory.remove(card)  # the earliest copy
    p.add_to_hand(card, p.id)
    _draw_made(table)
    table.event("draw", player=p.id, card=card, **({"auto": True} if auto else {}))


def ask(table: Table, p: Participant, giver: str, *, auto: bool = False) -> None:
    """H8.21 The draw is made by asking: `giver`'s give goes to the front of the queue, and
    completes this one draw (a second owed draw stays a draw of its own)."""
    _draw_made(table)
    table.pending.insert(0, GiveDue(giver, p.id))
    table.event("ask", player=p.id, **{"from": giver}, **({"auto": True} if auto else {}))


def give(table: Table, action: Give) -> None:
    """H8.21 The asked participant gives a card of their choice from their hand."""
    p = table.players[action.player]
    if action.card not in p.hand:
        raise Refused(Code.NOT_IN_HAND, f"{p.id} holds no {action.card}")
    hand_over(table, p, action.card)


def hand_over(table: Table, giver: Participant, card: str, *, auto: bool = False) -> None:
    """H8.21, H8.2 The given card joins the drawer's hand and stays its owner's."""
    due = table.pending.pop(0)
    assert type(due) is GiveDue and due.player == giver.id
    table.players[due.to].add_to_hand(card, giver.take_from_hand(card))
    table.event("give", player=giver.id, to=due.to, card=card, **({"auto": True} if auto else {}))
