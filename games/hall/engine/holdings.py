"""H8.26 A participant's holdings changed outside the game (a gift, a trade, a purchase,
an admin): the engine's view of their inventory and Chips follows at once (H7.8)."""

from __future__ import annotations

from collections import Counter

from .betting import chips
from .errors import Code, Refused
from .game import Inventory
from .state import Table


def inventory(table: Table, action: Inventory) -> None:
    """Removals first, then additions, then the Chips change. A removal must be in the
    inventory (not in a hand); Chips may not fall below 0 or below what was put in."""
    p = table.players[action.player]
    held = Counter(p.inventory)
    missing = Counter(action.remove) - held
    if missing:
        card = next(iter(missing))
        raise Refused(Code.NOT_IN_INVENTORY, f"{card} is not in {p.id}'s inventory to remove")
    after = p.chips + action.chips
    if after < max(0, p.put):
        floor = f"the {chips(p.put)} they have put into the bet" if p.put else "0"
        raise Refused(
            Code.NOT_ENOUGH_CHIPS,
            f"{p.id} holds {chips(p.chips)}; a change of {action.chips}"
            f" would take them below {floor}",
        )
    for card in action.remove:
        p.inventory.remove(card)
    p.inventory += action.add
    p.chips = after
    table.event(
        "inventory",
        player=p.id,
        add=list(action.add),
        remove=list(action.remove),
        chips=action.chips,
    )
