"""The effects of the special cards (H8.15): who must draw after an Ace, Jack, Queen or
King lands. Each effect has its target check, run before the play changes anything, and
its resolution, run once the card is on the pile."""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARDS, Effect
from .errors import Code, Refused
from .game import Play
from .state import Owed, Table
from .turns import next_after


def _participant(table: Table, pid: str | None, what: str) -> str:
    """H8.15 A target must be a participant of this game (named, and not forfeited)."""
    if pid is None:
        raise Refused(Code.BAD_TARGET, f"{what} must name a participant")
    if not table.players[pid].playing:
        raise Refused(Code.BAD_TARGET, f"{pid} has forfeited and is not in this game")
    return pid


def check_ace(table: Table, play: Play) -> None:
    """H8.16 Another participant, never the player."""
    target = _participant(table, play.target, "an Ace")
    if target == play.player:
        raise Refused(Code.BAD_TARGET, "an Ace names another participant, never its player")


def ace(table: Table, play: Play) -> None:
    """H8.16 The named participant owes 2 draws, made one at a time."""
    assert play.target is not None
    table.pending += (Owed(play.target, None), Owed(play.target, None))
    table.event("owe", player=play.target, count=2)


def jack(table: Table, play: Play) -> None:
    """H8.17 The next participant in turn order owes 1 draw (in a duel, the opponent)."""
    target = next_after(table, play.player)
    table.pending.append(Owed(target, None))
    table.event("owe", player=target, count=1)


def check_queen(table: Table, play: Play) -> None:
    """H8.18 A participant, the player allowed, and a card in that hand; for the player,
    a card other than the Queen just played, which has left the hand."""
    target = _participant(table, play.target, "a Queen")
    if play.target_card is None:
        raise Refused(Code.BAD_TARGET, "a Queen must name a card in its target's hand")
    held = table.players[target].hand.count(play.target_card)
    if target == play.player and play.target_card == play.card:
        held -= 1
    if held < 1:
        raise Refused(Code.BAD_TARGET, f"{target} holds no {play.target_card} to send home")


def queen(table: Table, play: Play) -> None:
    """H8.18 The named card goes home to its owner's inventory; its holder owes 1 draw of a
    different face."""
    assert play.target is not None and play.target_card is not None
    holder = table.players[play.target]
    owner = holder.take_from_hand(play.target_card)
    table.players[owner].inventory.append(play.target_card)
    table.event("return", player=holder.id, card=play.target_card, owner=owner)
    not_face = CARDS[play.target_card].id
    table.pending.append(Owed(holder.id, not_face))
    table.event("owe", player=holder.id, count=1, **{"not": not_face})


def check_king(table: Table, play: Play) -> None:
    """H8.19 Exactly two different participants, the player allowed."""
    targets = play.targets
    if targets is None or len(targets) != 2 or targets[0] == targets[1]:
        raise Refused(Code.BAD_TARGET, "a King names exactly two different participants")
    for target in targets:
        _participant(table, target, "a King")


def king(table: Table, play: Play) -> None:
    """H8.19 Each named participant owes 1 draw, in the order named."""
    assert play.targets is not None
    for target in play.targets:
        table.pending.append(Owed(target, None))
        table.event("owe", player=target, count=1)


def _no_check(table: Table, play: Play) -> None:
    """H8.17 The Jack names no target."""


CHECKS: dict[Effect, Callable[[Table, Play], None]] = {
    Effect.ACE: check_ace,
    Effect.JACK: _no_check,
    Effect.QUEEN: check_queen,
    Effect.KING: check_king,
}
RESOLVE: dict[Effect, Callable[[Table, Play], None]] = {
    Effect.ACE: ace,
    Effect.JACK: jack,
    Effect.QUEEN: queen,
    Effect.KING: king,
}
