"""Betting, from the reveal until `start`: open, match, raise, forfeit (H8.4-H8.7), and
the close of betting itself (H8.8)."""

from __future__ import annotations

from .errors import Code, Refused
from .game import Bet, Forfeit, Match, Start
from .state import Result, Stage, Table
from .turns import fix_turn_order


def chips(n: int) -> str:
    return f"{n} Chip" if n == 1 else f"{n} Chips"


def bet(table: Table, action: Bet) -> None:
    """H8.4 open a bet of N >= 1 while none is open; H8.6 or make the one raise, to M above
    the stake, once the bet is binding."""
    p, amount = table.players[action.player], action.amount
    if amount < 1:
        raise Refused(Code.BET_TOO_LOW, f"a bet must be at least 1 Chip, not {amount}")
    if table.opener is None:
        if amount > p.chips:
            raise Refused(
                Code.NOT_ENOUGH_CHIPS, f"{p.id} holds {chips(p.chips)}; cannot bet {amount}"
            )
        table.stake, table.opener, p.put = amount, p.id, amount
        table.event("bet", player=p.id, amount=amount)
        return
    if not table.binding:
        raise Refused(
            Code.UNMATCHED_BET,
            f"{table.opener}'s bet of {chips(table.stake)} is unmatched;"
            " nobody may bet or raise until someone else matches it",
        )
    if table.raised:
        raise Refused(Code.ALREADY_RAISED, "the stake was raised once already; there is one raise")
    if amount <= table.stake:
        raise Refused(Code.BET_TOO_LOW, f"a raise must go above the stake of {table.stake}")
    if amount > p.chips:
        raise Refused(
            Code.NOT_ENOUGH_CHIPS, f"{p.id} holds {chips(p.chips)}; cannot raise to {amount}"
        )
    table.stake, table.raised, p.put = amount, True, amount
    table.event("raise", player=p.id, amount=amount)


def match(table: Table, action: Match) -> None:
    """H8.5 Put in the stake; the first match by someone other than the opener binds."""
    p = table.players[action.player]
    if table.opener is None:
        raise Refused(Code.NO_BET, "there is no open bet to match")
    if p.put >= table.stake:
        raise Refused(Code.ALREADY_MET, f"{p.id} has already put in the stake of {table.stake}")
    if table.stake > p.chips:
        raise Refused(
            Code.NOT_ENOUGH_CHIPS, f"{p.id} holds {chips(p.chips)}; the stake is {table.stake}"
        )
    p.put = table.stake
    table.binding = True  # the opener cannot match (already_met), so this is someone else
    table.event("match", player=p.id, amount=table.stake)


def forfeit(table: Table, action: Forfeit) -> None:
    """H8.7 Leave the game, taking back what was put in. An unmatched bet lapses with its
    opener; a binding bet stays binding."""
    p = table.players[action.player]
    p.playing, p.put = False, 0
    table.event("forfeit", player=p.id)
    if table.opener == p.id and not table.binding:
        lapse(table)


def lapse(table: Table) -> None:
    """H8.7, H8.8 (a) An unmatched bet lapses: no stake, nothing put in, a new one may open."""
    table.event("lapse", amount=table.stake)
    table.stake, table.opener = 0, None
    for p in table.players.values():
        p.put = 0


def start(table: Table, action: Start) -> None:
    """H8.8 Betting closes: (a) an unmatched bet lapses; (b) whoever has not met a binding
    bet is forfeited; (c) under two participants cancel the game; (d) else play begins."""
    if table.opener is not None and not table.binding:
        lapse(table)
    if table.binding:
        for p in table.participants():
            if p.put < table.stake:
                p.playing, p.put = False, 0
                table.event("forfeit", player=p.id, forced=True)
    remaining = table.participants()
    if len(remaining) < 2:
        table.stage, table.result, table.stake = Stage.OVER, Result.CANCELLED, 0
        for p in table.players.values():
            p.put = 0
        table.event("cancel")
        return
    table.turn_order = fix_turn_order(table, remaining)
    table.stage, table.turn = Stage.PLAYING, 0
    table.event("start", turn_order=list(table.turn_order))
