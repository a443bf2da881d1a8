"""How a game ends: won (H8.22) and paid out (H8.24), or abandoned (H8.25). A cancel at
the close of betting is H8.8 (betting.py)."""

from __future__ import annotations

from .game import Abandon, Kind
from .rolls import battle_reward
from .state import Result, Stage, Table


def find_winner(table: Table) -> str | None:
    """H8.22 The first participant to have zero cards in their hand wins.

    The owner's text wins over the spec here: hall.md adds "and no card still due to
    them", which the seed ("The first participant to have zero cards in their hand wins
    the game") does not say. So a Queen's target left with no card wins, and so does a
    player who gives away their last card while still owing a draw. At most one
    participant can reach zero cards in one move (a play that empties the player's hand
    wins before its effect, H8.15)."""
    for p in table.participants():
        if not p.hand:
            return p.id
    return None


def win(table: Table, winner: str) -> None:
    """H8.22 The game is over at once and every pending obligation is dropped; then the
    payout (H8.24 a) and, in a battle, the reward (H8.24 b). Sending cards home (c) is
    the site's job."""
    table.stage, table.result, table.winner = Stage.OVER, Result.WON, winner
    table.pending.clear()
    table.event("win", player=winner)
    if table.stake > 0:
        payout(table, winner)
    if table.kind is Kind.BATTLE:
        table.reward = battle_reward(table.rng)
        table.event("reward", player=winner, reward=table.reward)


def payout(table: Table, winner: str) -> None:
    """H8.24 (a) Every other remaining participant pays the stake; the winner gets the sum.
    Forfeited players pay nothing."""
    changes: dict[str, int] = {}
    losers = [p for p in table.participants() if p.id != winner]
    for p in table.participants():
        p.delta = table.stake * len(losers) if p.id == winner else -table.stake
        p.chips += p.delta
        changes[p.id] = p.delta
    table.event("payout", chips=changes)


def abandon(table: Table, action: Abandon) -> None:
    """H8.25 The site ends the game, at any stage, with no winner, payout or reward. The
    stake, what was put in and the turn order stay as they were."""
    table.stage, table.result = Stage.OVER, Result.ABANDONED
    table.pending.clear()
    table.event("abandon")
