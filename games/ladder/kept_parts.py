"""The board's small parts that a few numbers decide, each drawn once per state in each
process: the next vote's line and the season panel.

An answer to a vote sends both, and most players share each state (everyone with two
votes cast sees the same line; a panel shows a season total and the votes cast today), so
drawing them through the template engine, about a sixth of a vote's answer
(`bench_actions`), is done once per state. The key of each is everything its partial
reads (tests/ladder/test_kept_parts.py draws each both ways, over boards that share a key
and differ in all else). The page draws them kept too (`{% kept_part %}`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.template.loader import get_template
from django.utils.safestring import SafeString

from goonsite.kept import KeptInProcess

TEMPLATE = "ladder/board.html"
_kept = KeptInProcess(2000)  # a few states each, per version of the public board


def _next_vote(board) -> tuple:
    return (board.votes_left[:1], board.shown_state)


def _season(board) -> tuple:
    player = board.player
    return (player.season_votes, len(board.votes), player.votes_per_day)


KEYS: dict[str, Callable] = {"next-vote": _next_vote, "season": _season}


def drawn(parts: Iterable[str], board) -> dict[str, SafeString]:
    """Those of `parts` kept here, drawn for `board`: for `render_parts`' `rendered`."""
    return {part: _drawn(part, board) for part in parts if part in KEYS}


def _drawn(part: str, board) -> SafeString:
    key = (part, KEYS[part](board))
    html = _kept.get(key)
    if html is None:
        html = get_template(f"{TEMPLATE}#{part}").render({"board": board})
        _kept.keep(key, html)
    return html
