"""Where the Exoptosis tables pay out (H7.9, H8.24): the seam the battle/duel issue calls.

The engine reports a game's end as a payout (`{player: chips}`) and, for a battle, a
reward such as `{"kind": "vertebrae", "amount": 9}`; these apply them to the inventories,
booked in the ledger and followed by the victory check (H9.1) (tables/ending.py).
"""

from __future__ import annotations

import datetime as dt

from goonsite.words import count

from ..cards import card_names
from ..models import Activity, Cycle, Ledger, Player
from ..tables.output import Reward
from .ending import check_victory
from .inventory import add_cards, change
from .log import note


def pay_battle_reward(
    cycle: Cycle, winner: Player, reward: Reward, *, game_ref: str, phase: int, now: dt.datetime
) -> None:
    """H8.24 (b) 3 random cards, 5-16 Vertebrae, or 2 Chips. `winner` must be locked."""
    why = Ledger.Reason.BATTLE_REWARD
    if reward.kind == "cards":
        add_cards(winner, list(reward.cards), why, game_ref, phase)
    elif reward.kind == "vertebrae":
        change(winner, vertebrae=reward.amount, reason=why, ref=game_ref, phase=phase)
    else:
        change(winner, chips=reward.amount, reason=why, ref=game_ref, phase=phase)
    got = reward_words(reward)
    note(cycle, phase, Activity.Kind.BATTLE, f"{winner} won the battle: {got}.", now)
    check_victory(cycle, winner, now, phase)


def reward_words(reward: Reward) -> str:
    """A battle's reward as players read it: card names, or "9 Vertebrae", "2 Chips"."""
    if reward.kind == "cards":
        return card_names(list(reward.cards))
    return count(reward.amount, "Vertebra" if reward.kind == "vertebrae" else "Chip")


def pay_stakes(
    cycle: Cycle, chips: dict[Player, int], *, game_ref: str, phase: int, now: dt.datetime
) -> None:
    """H8.24 (a) Chips won (+) and lost (-), players locked in id order by the caller."""
    for player, amount in sorted(chips.items(), key=lambda pair: pair[0].pk):
        change(player, chips=amount, reason=Ledger.Reason.BET, ref=game_ref, phase=phase)
    for player, amount in chips.items():
        if amount > 0 and check_victory(cycle, player, now, phase):
            break
