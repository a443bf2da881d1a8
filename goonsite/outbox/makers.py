"""The games' payload makers: a post stored by reference is made into messages at sending.

A game registers a maker for each kind it posts by reference, in its AppConfig.ready():
`register("ladder", "report", make_report_posts)`. The core calls it with the post's `ref`
and sends what it returns; it knows nothing else of the game.
"""

from __future__ import annotations

from collections.abc import Callable

Maker = Callable[[str], list[dict]]

_makers: dict[tuple[str, str], Maker] = {}


class NoMaker(LookupError):
    pass


def register(game: str, kind: str, maker: Maker) -> None:
    _makers[game, kind] = maker


def make(game: str, kind: str, ref: str) -> list[dict]:
    try:
        maker = _makers[game, kind]
    except KeyError:
        raise NoMaker(f"no game makes {game}/{kind} posts (is the game installed?)") from None
    return maker(ref)
