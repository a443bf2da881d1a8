"""The public half of each ladder row (rank, name, trophies, score, last noon's move) as
HTML, drawn once per version of the public board in each process.

It is the same for every player until the public board changes (games.ladder.public), and
its key names that version, so a kept row can't go stale; what differs per player (the
face-down counts, their vote, the buttons) is drawn around it on each board.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

KEPT = 2000  # rows: a few versions of a long ladder
PARTIAL = "ladder/board.html#contestant"

_kept: OrderedDict[tuple[str, int], SafeString] = OrderedDict()
_lock = threading.Lock()


def public_row(public_key: str, row) -> SafeString:
    key = (public_key, row.entry.pk)
    html = _kept.get(key)
    if html is None:
        html = mark_safe(get_template(PARTIAL).render({"row": row}))
        if public_key:  # no key (the cache is down): nothing names this version
            with _lock:
                _kept[key] = html
                while len(_kept) > KEPT:
                    _kept.popitem(last=False)
    return html
