"""The face-down cards on a contestant's row: a count and a small stack of backs (R5.6).

Every play on the day changes some row's count, for every player alike, and nothing else
on anyone's page. So a page or ladder kept in the cache is kept without naming the counts
(views.board, views.common.cached_ladder) and gets the current ones filled in when it is
served (`with_counts`): another player's card costs a page a cache read and a substitution,
not a rendering.
"""

from __future__ import annotations

import re

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from goonsite.kept import KeptInProcess

STACK = 3  # card backs drawn at most, however many wait (the count says how many)

# The span `span` draws: nothing else on a page starts with this (names are escaped), and
# its children are the plain spans below, so the match ends at its own closing tag.
_SPAN = re.compile(
    r'<span class="facedown" data-entry="(\d+)"[^>]*>(?:<span [^>]*>[^<]*</span>)*</span>'
)
_drawn = KeptInProcess(20_000)  # (entry id, count): a long season's rows and counts


def part_id(entry_id: int) -> str:
    """The span's id: an answer that leaves a row alone swaps its count in by it."""
    return f"facedown-{entry_id}"


def span(entry_id: int, count: int) -> SafeString:
    """The row's face-down cards: one back per card up to `STACK`, and the count past one."""
    key = (entry_id, count)
    html = _drawn.get(key)
    if html is None:
        backs = '<span class="facedown-card" aria-hidden="true"></span>' * min(count, STACK)
        label = f"{count} face-down card{'' if count == 1 else 's'}"
        html = format_html(
            '<span class="facedown" data-entry="{}" id="{}" role="img" aria-label="{}">{}{}</span>',
            entry_id,
            part_id(entry_id),
            label,
            mark_safe(backs),
            mark_safe(
                f'<span class="facedown-count" aria-hidden="true">×{count}</span>'
                if count > 1
                else ""
            ),
        )
        _drawn.keep(key, html)
    return html


def oob_spans(entry_ids, counts: dict[int, int]) -> SafeString:
    """The face-down cards of each row of `entry_ids`, as `counts` has them, each marked
    to swap in out of band by its id (goonsite.parts): what an answer sends of the rows it
    left alone, drawn as `span` keeps them."""
    marked = '<span hx-swap-oob="true" '
    return mark_safe(
        "".join(
            span(entry_id, counts.get(entry_id, 0)).replace("<span ", marked, 1)
            for entry_id in entry_ids
        )
    )


def with_counts(html: str, counts: dict[int, int]) -> str:
    """`html` (a page or the ladder) with every row's face-down cards as `counts` has
    them, whatever they were when it was drawn."""
    return _SPAN.sub(lambda m: span(int(m[1]), counts.get(int(m[1]), 0)), html)
