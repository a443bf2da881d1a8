"""The end of a game (H7.9, H8.24): pay once, send every card home, say who won."""

from __future__ import annotations

from ..models import Activity, Player
from ..services.announce import announce
from ..services.log import note
from ..services.payouts import pay_battle_reward, pay_stakes, reward_words
from .cards import SEAT_FIELDS, send_cards_home
from .models import Game, Seat
from .output import Output
from .table import Table


def finish(t: Table, out: Output) -> None:
    """Pay once, send every card home, write the log and the Discord post."""
    game = t.game
    claimed = Game.objects.filter(pk=game.pk, settled_at__isnull=True).update(settled_at=t.now)
    if not claimed:  # pragma: no cover - the game row is locked; belt and braces
        return
    game.settled_at = t.now
    game.stage, game.result, game.ended_at = Game.Stage.OVER, out.result, t.now
    game.deadline = None
    send_cards_home(game, t.seats.values())
    # Over and unstaked before paying: the Chips paid are no longer locked, and a payout
    # that ends the cycle must not abandon this game.
    game.save()
    Seat.objects.bulk_update(t.seats.values(), SEAT_FIELDS)
    phase = t.phase.number
    if out.result == "won":
        winner = t.player(out.winner)
        game.winner = winner
        chips = stake_transfers(t, out)
        if chips:
            pay_stakes(t.cycle, chips, game_ref=t.ref, phase=phase, now=t.now)
        if out.reward:
            pay_battle_reward(t.cycle, winner, out.reward, game_ref=t.ref, phase=phase, now=t.now)
    text = result_line(t, out)
    note(t.cycle, phase, Activity.Kind.BATTLE, text, t.now)
    announce(t.cycle, text)


def stake_transfers(t: Table, out: Output) -> dict[Player, int]:
    """H8.24(a) as the engine reports it. Chips at stake are locked (H3.4), but a loser who
    somehow holds fewer pays what they still hold, and the winner receives what was
    actually paid, so the end of a game can never fail."""
    paid: dict[Player, int] = {}
    winner = t.player(out.winner)
    for entry in out.players:
        if entry.chips_delta < 0:
            player = t.player(entry.id)
            paid[player] = -min(-entry.chips_delta, player.chips)
    total = -sum(paid.values())
    if total:
        paid[winner] = total
    return {p: c for p, c in paid.items() if c}


def result_line(t: Table, out: Output) -> str:
    game = t.game
    what = f"{game.get_kind_display()} {game.pk}"
    if out.result == "won":
        line = f"{t.name(out.winner)} won {what}"
        paid = [f"{t.name(e.id)} {e.chips_delta:+d}" for e in out.players if e.chips_delta]
        if paid:
            line += f" (Chips: {', '.join(paid)})"
        if out.reward:
            line += " and the reward: " + reward_words(out.reward)
        return line + "."
    if out.result == "cancelled":
        return f"{what} was cancelled: fewer than two participants were left (H8.8)."
    return f"{what} was abandoned (H8.25)."
