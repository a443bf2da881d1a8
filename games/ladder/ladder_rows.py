"""The ladder's rows as HTML, each drawn once per version of what it shows, in each process.

A row shows the public board (rank, name, trophies, score, last noon's move: one version
of games.ladder.public), the face-down count and what this player may do there (their
vote, why not, or where the card being aimed can go; the next vote's points are the
ladder's one line, #next-vote, which the buttons show through CSS). Most players
share each of those states (everyone with one vote cast sees the same buttons), so a row is
drawn once per state and key of the public board, which names its version for good: a kept
row can't go stale. The forms' CSRF token is the only thing a player's own, put in last.
The face-down cards are kept apart too (games.ladder.face_down): every card played changes
a row's count for everyone, and would have had every process draw that row again.
"""

from __future__ import annotations

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from goonsite.kept import KeptInProcess

from . import face_down

KEPT = 5000  # rows: a few versions of a long ladder, in a handful of states each
PARTIAL = "ladder/board.html#ladder_row"
# Where the CSRF token and the face-down cards go; markup nothing escaped can produce (a
# name is escaped).
CSRF_SLOT = "<csrf-token>"
FACE_DOWN_SLOT = "<face-down>"

_kept = KeptInProcess(KEPT)


def rows_html(board, csrf_token: str) -> SafeString:
    html = []
    for row in board.rows:
        html += _drawn(board, row)
    return mark_safe("".join(html).replace(CSRF_SLOT, csrf_token))


def row_html(board, entry_id: int, csrf_token: str) -> SafeString | None:
    """One row of the ladder, as `rows_html` draws it; None when it is not on the board."""
    row = board.row(entry_id)
    if row is None:
        return None
    return mark_safe("".join(_drawn(board, row)).replace(CSRF_SLOT, csrf_token))


def _drawn(board, row) -> tuple[str, str, str]:
    targeting = board.targeting
    vote = (row.my_vote.direction, row.my_vote.points) if row.my_vote else None
    key = (
        board.public_key,
        targeting.id if targeting else None,
        row.entry.id,
        vote,
        row.cannot_vote,
        row.cannot_play,
    )
    drawn = _kept.get(key)
    if drawn is None:
        context = {
            "row": row,
            "targeting": targeting,
            "csrf_slot": mark_safe(CSRF_SLOT),
            "face_down_slot": mark_safe(FACE_DOWN_SLOT),
        }
        before, after = get_template(PARTIAL).render(context).split(FACE_DOWN_SLOT)
        drawn = (before, after)
        if board.public_key:  # no key (the cache is down): nothing names this version
            _kept.keep(key, drawn)
    return drawn[0], face_down.span(row.entry.id, row.face_down), drawn[1]
