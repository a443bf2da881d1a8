"""What a game writes to sit at the kit's tables: one `TableAdapter` subclass.

The kit owns the transaction, the stored action list, deadlines, seeds and the shared
pages; the adapter answers the questions only the game can:

- `run(engine_input)`: the game's pure engine, its JSON answer read into the game's typed
  output (one place per game reads the engine's JSON).
- `refusal(sitting, output, index)`: the engine's refusal of the action at `index`, in
  players' words (seats named), or None when it was accepted.
- `locked(game_id, user=, now=)`: a context manager that opens the transaction, takes the
  game's locks in the game's own order (the game row last) and yields a `Sitting`;
  refuses (raises `Refusal`) when the user may not act.
- `accepted(sitting, moves, output)`: what an accepted action changes outside the engine
  (cards locked, Chips paid, the next deadline, the end); the kit has already stored the
  action list, the state and the version.
- `on_deadline(sitting)`: what the site does when the awaited decision's deadline has
  passed (usually `turns.attempt` with the game's timeout action; a bot's move for a bot
  seat); `decision_time(game)`: how long the next decision has.
- `view(game, viewer, output, step=)`: what one seat (or an onlooker, `viewer` None) sees.
- `seats(game)`: who sits where: each seat's engine id, name, and whether a bot plays it.
- `templates`: the game's page, replay page and the parts the poll swaps.

A game with bots (3-6 seats, a seat a bot takes over when its human leaves) answers
`seats` with `SeatInfo(bot=True)` and `on_deadline` with the bot's move for that seat.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, ClassVar

from .models import TableGame


@dataclass(frozen=True)
class SeatInfo:
    engine_id: str  # how the engine names the seat ("p12", "goon1")
    name: str  # how players see it
    user_id: int | None  # the human sitting there; None for a bot
    bot: bool = False


@dataclass(frozen=True)
class Templates:
    page: str  # the table, live
    replay: str  # the finished (or running) game step by step
    poll_parts: tuple[str, ...]  # the partials a changed version re-renders


@dataclass
class Sitting[Game: TableGame]:
    """The game row locked for one transaction, and who acts (None for the site's job)."""

    game: Game
    actor: Any
    now: dt.datetime


class TableAdapter[Game: TableGame, Output](ABC):
    game_model: ClassVar[type[TableGame]]
    templates: ClassVar[Templates]

    @abstractmethod
    def run(self, engine_input: dict) -> Output: ...

    @abstractmethod
    def raw(self, output: Output) -> dict:
        """The engine's answer as stored in `state` (JSON)."""

    @abstractmethod
    def refusal(self, sitting: Sitting, output: Output, index: int) -> str | None: ...

    @abstractmethod
    def locked(
        self, game_id: int, *, user: Any = None, now: dt.datetime
    ) -> AbstractContextManager[Sitting]: ...

    @abstractmethod
    def accepted(self, sitting: Sitting, moves: list[dict], output: Output) -> None: ...

    @abstractmethod
    def on_deadline(self, sitting: Sitting) -> None: ...

    @abstractmethod
    def decision_time(self, game: Game) -> dt.timedelta: ...

    @abstractmethod
    def view(self, game: Game, viewer: Any, output: Output, *, step: int | None = None) -> Any: ...

    @abstractmethod
    def seats(self, game: Game) -> list[SeatInfo]: ...

    def output_of(self, game: Game) -> Output:
        """The engine's last answer, typed (from the cached state: no engine run)."""
        return self.read(game.state)

    @abstractmethod
    def read(self, state: dict) -> Output:
        """The stored JSON answer read into the typed output."""
