"""The hand's card tiles as HTML, each drawn once per state in each process.

A tile shows a card of the catalogue, how many are held, whether it is the card being
aimed and whether it just came out of a pack: a handful of states shared by every player,
where drawing one through the template engine was most of a card play's answer (a hand of
eight tiles, 1.4 ms of 4.5; `bench_actions`).
"""

from __future__ import annotations

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from goonsite.kept import KeptInProcess

PARTIAL = "ladder/board.html#hand_card"
_drawn = KeptInProcess(1000)  # cards, counts and two flags: a few hundred states


def cards_html(board, revealed) -> SafeString:
    aimed = board.targeting.id if board.targeting else None
    html = []
    for stack in board.stacks:
        info = stack["card"]
        key = (info.id, stack["count"], info.id == aimed, info in revealed)
        drawn = _drawn.get(key)
        if drawn is None:
            context = {"stack": stack, "board": board, "revealed": revealed}
            drawn = get_template(PARTIAL).render(context)
            _drawn.keep(key, drawn)
        html.append(drawn)
    return mark_safe("".join(html))
