"""Reading a game from its JSON form (exoptosis-engine.md, "Input").

Everything is checked here, before a single action is applied: a game that parses is
one the rules can run to the end, and anything else is an InputError naming the place.
`null` counts as a missing field throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import CARDS, Effect
from .errors import InputError
from .game import (
    Abandon,
    Action,
    Bet,
    Draw,
    Forfeit,
    Game,
    Give,
    Inventory,
    Kind,
    Match,
    Play,
    Seat,
    Start,
    Timeout,
)

_MISSING: Any = object()
CARD_HINT = "a card id like AH, 10S, QD* or BJ"


class _Fields:
    """One JSON object's fields, each error naming the object and the field."""

    __slots__ = ("raw", "where")

    def __init__(self, where: str, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise InputError(f"{where} must be an object")
        self.where = where
        self.raw: Mapping[str, Any] = raw

    def get(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw.get(name)
        if value is None:
            if default is _MISSING:
                raise InputError(f"{self.where}: missing field {name!r}")
            return default
        return value

    def has(self, name: str) -> bool:
        return self.raw.get(name) is not None

    def int(self, name: str, default: Any = _MISSING, *, minimum: int | None = None) -> int:
        value = self.get(name, default)
        # bool is an int subclass and 3.0 is a float: neither is a JSON integer.
        if type(value) is not int:
            raise InputError(f"{self.where}: {name!r} must be an integer, not {_show(value)}")
        if minimum is not None and value < minimum:
            raise InputError(f"{self.where}: {name!r} must be at least {minimum}, not {value}")
        return value

    def list(self, name: str, default: Any = _MISSING) -> list[Any]:
        value = self.get(name, default)
        if not isinstance(value, list):
            raise InputError(f"{self.where}: {name!r} must be a list, not {_show(value)}")
        return value

    def card(self, name: str) -> str:
        return _card(f"{self.where}: {name!r}", self.get(name))

    def cards(self, name: str, default: Any = _MISSING) -> tuple[str, ...]:
        where = f"{self.where}: {name!r}"
        return tuple(_card(f"{where}[{n}]", c) for n, c in enumerate(self.list(name, default)))


def _show(value: Any) -> str:
    """A short description of a wrong value, never the whole (possibly huge) thing."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return "a huge integer"
    text = repr(value) if not isinstance(value, bool) else str(value).lower()
    return text if len(text) <= 40 else text[:37] + "..."


def _card(where: str, value: Any) -> str:
    if isinstance(value, str) and value in CARDS:
        return value
    raise InputError(f"{where} must be {CARD_HINT}, not {_show(value)}")


class ActionReader:
    """Reads the actions, which may only name the players of the input."""

    def __init__(self, ids: frozenset[str]) -> None:
        self.ids = ids
        self.readers: dict[str, Callable[[_Fields], Action]] = {
            "bet": self.bet,
            "match": self.match,
            "forfeit": self.forfeit,
            "start": self.start,
            "play": self.play,
            "draw": self.draw,
            "give": self.give,
            "timeout": self.timeout,
            "inventory": self.inventory,
            "abandon": self.abandon,
        }

    def player(self, f: _Fields, name: str = "player", value: Any = _MISSING) -> str:
        if value is _MISSING:
            value = f.get(name)
        if not isinstance(value, str):
            raise InputError(f"{f.where}: {name!r} must be a player id, not {_show(value)}")
        if value not in self.ids:
            raise InputError(f"{f.where}: {name!r} names no player of this game: {_show(value)}")
        return value

    def optional_player(self, f: _Fields, name: str) -> str | None:
        return self.player(f, name) if f.has(name) else None

    def bet(self, f: _Fields) -> Bet:
        return Bet(self.player(f), f.int("amount"))

    def match(self, f: _Fields) -> Match:
        return Match(self.player(f))

    def forfeit(self, f: _Fields) -> Forfeit:
        return Forfeit(self.player(f))

    def start(self, f: _Fields) -> Start:
        return Start()

    def play(self, f: _Fields) -> Play:
        """Only the targets the card uses are read; the others are ignored unchecked."""
        player, card = self.player(f), f.card("card")
        effect = CARDS[card].effect
        if effect is Effect.ACE:
            return Play(player, card, target=self.optional_player(f, "target"))
        if effect is Effect.QUEEN:
            target_card = f.card("target_card") if f.has("target_card") else None
            return Play(player, card, self.optional_player(f, "target"), target_card)
        if effect is Effect.KING:
            targets = None
            if f.has("targets"):
                targets = tuple(
                    self.player(f, f"targets[{n}]", t) for n, t in enumerate(f.list("targets"))
                )
            return Play(player, card, targets=targets)
        return Play(player, card)

    def draw(self, f: _Fields) -> Draw:
        player = self.player(f)
        if f.has("card") == f.has("from"):
            raise InputError(f"{f.where}: a draw names exactly one of 'card' and 'from'")
        card = f.card("card") if f.has("card") else None
        return Draw(player, card, self.optional_player(f, "from"))

    def give(self, f: _Fields) -> Give:
        return Give(self.player(f), f.card("card"))

    def timeout(self, f: _Fields) -> Timeout:
        return Timeout(self.player(f))

    def inventory(self, f: _Fields) -> Inventory:
        return Inventory(
            self.player(f), f.cards("add", []), f.cards("remove", []), f.int("chips", 0)
        )

    def abandon(self, f: _Fields) -> Abandon:
        return Abandon()

    def action(self, n: int, raw: Any) -> Action:
        f = _Fields(f"actions[{n}]", raw)
        kind = f.get("type")
        read = self.readers.get(kind) if isinstance(kind, str) else None
        if read is None:
            raise InputError(f"actions[{n}]: unknown action type {_show(kind)}")
        return read(f)


def _seat(n: int, raw: Any) -> Seat:
    f = _Fields(f"players[{n}]", raw)
    pid = f.get("id")
    if not isinstance(pid, str) or not pid:
        raise InputError(f"players[{n}]: 'id' must be a non-empty string, not {_show(pid)}")
    hand = f.cards("hand")
    if len(hand) < 4:
        raise InputError(f"players[{n}]: 'hand' must hold at least 4 cards, not {len(hand)}")
    return Seat(pid, f.int("chips", 0, minimum=0), hand, f.cards("inventory", []))


def parse_game(raw: Any) -> Game:
    """The game in `raw` (decoded JSON), or InputError saying what is wrong with it."""
    f = _Fields("the game", raw)
    seed = f.int("seed", 0)
    kind = f.get("kind", Kind.DUEL.value)
    if kind not in (Kind.BATTLE.value, Kind.DUEL.value):
        raise InputError(f"the game: 'kind' must be battle or duel, not {_show(kind)}")
    players = f.list("players")
    if len(players) < 2:
        raise InputError(f"the game: 'players' must list at least 2 players, not {len(players)}")
    seats = tuple(_seat(n, p) for n, p in enumerate(players))
    ids = [s.id for s in seats]
    if len(set(ids)) != len(ids):
        twice = next(pid for n, pid in enumerate(ids) if pid in ids[:n])
        raise InputError(f"players: the id {_show(twice)} is used twice")
    reader = ActionReader(frozenset(ids))
    actions = tuple(reader.action(n, a) for n, a in enumerate(f.list("actions", [])))
    return Game(seed, Kind(kind), seats, actions)
