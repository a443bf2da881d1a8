"""The Exoptosis engine's answer read into typed objects: the one place that reads its JSON
(exoptosis-engine.md, "Output"; as `games/ladder/engine/jsonio.py` does for the ladder).

Services, views and templates use these attributes; none indexes the engine's JSON by
string. `read` accepts the engine's fresh answer and the copy stored in `Game.state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class Reward:
    """H8.24 (b) 3 random cards, some Vertebrae, or 2 Chips."""

    kind: str  # "cards", "vertebrae", "chips"
    cards: tuple[str, ...] = ()
    amount: int = 0

    @classmethod
    def read(cls, raw: Mapping[str, Any] | None) -> Reward | None:
        if not raw:
            return None
        return cls(raw["kind"], tuple(raw.get("cards", ())), raw.get("amount", 0))


@dataclass(frozen=True)
class SeatState:
    """One participant as the engine sees them."""

    id: str
    status: str  # "playing" or "forfeited"
    hand: tuple[str, ...]
    inventory: tuple[str, ...]
    chips: int
    put: int  # H3.4 Chips at stake
    chips_delta: int

    @property
    def playing(self) -> bool:
        return self.status == "playing"


@dataclass(frozen=True)
class Awaiting:
    """H8.10 The decision awaited and what the awaited participant may choose from."""

    player: str
    decision: str  # "turn", "draw", "give"
    legal: tuple[str, ...] = ()
    drawable: tuple[str, ...] = ()
    not_face: str = ""  # an owed draw may not be this face (a Queen's, H8.18)
    to: str = ""  # who a card is given to


@dataclass(frozen=True)
class Event:
    """One line of the engine's log; which fields are set depends on `event`."""

    index: int
    event: str
    player: str = ""
    card: str = ""
    owner: str = ""
    amount: int = 0
    target: str = ""
    targets: tuple[str, ...] = ()
    target_card: str = ""
    turn_order: tuple[str, ...] = ()
    payout: Mapping[str, int] = field(default_factory=dict)  # a payout's Chips by participant
    chips: int = 0  # an inventory change's Chips
    add: tuple[str, ...] = ()  # an inventory change's cards
    remove: tuple[str, ...] = ()
    reward: Reward | None = None
    auto: bool = False
    forced: bool = False
    giver: str = ""  # an ask's "from"
    to: str = ""
    count: int = 0
    not_face: str = ""  # an owed draw's excluded face

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Event:
        return cls(
            index=raw["index"],
            event=raw["event"],
            player=raw.get("player", ""),
            card=raw.get("card", ""),
            owner=raw.get("owner", ""),
            amount=raw.get("amount", 0),
            target=raw.get("target", ""),
            targets=tuple(raw.get("targets", ())),
            target_card=raw.get("target_card", ""),
            turn_order=tuple(raw.get("turn_order", ())),
            payout=dict(raw["chips"]) if raw["event"] == "payout" else {},
            chips=raw.get("chips", 0) if raw["event"] != "payout" else 0,
            add=tuple(raw.get("add", ())),
            remove=tuple(raw.get("remove", ())),
            reward=Reward.read(raw.get("reward")),
            auto=bool(raw.get("auto")),
            forced=bool(raw.get("forced")),
            giver=raw.get("from", ""),
            to=raw.get("to", ""),
            count=raw.get("count", 0),
            not_face=raw.get("not") or "",
        )


@dataclass(frozen=True)
class EngineRefusal:
    index: int  # of the refused action
    code: str
    reason: str


@dataclass(frozen=True)
class Output:
    """A game after its last action."""

    stage: str  # "betting", "playing", "over"
    result: str | None  # "won", "cancelled", "abandoned"
    winner: str | None
    stake: int
    turn_order: tuple[str, ...]
    awaiting: Awaiting | None
    pile: tuple[str, ...]
    players: tuple[SeatState, ...]
    reward: Reward | None
    refusals: tuple[EngineRefusal, ...]
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def log(self) -> tuple[Event, ...]:
        """Every event so far (read when a page needs it: a long game has hundreds)."""
        return tuple(Event.read(e) for e in self.raw.get("log", ()))

    def seat(self, engine_id: str) -> SeatState | None:
        return next((p for p in self.players if p.id == engine_id), None)

    def refusal_of(self, index: int) -> EngineRefusal | None:
        return next((r for r in self.refusals if r.index == index), None)

    def events_of(self, index: int) -> list[Event]:
        """The events of one action; only the log's tail is read (events are in order)."""
        found = []
        for raw in reversed(self.raw.get("log", ())):
            if raw["index"] < index:
                break
            if raw["index"] == index:
                found.append(Event.read(raw))
        return found[::-1]

    @property
    def in_play(self) -> list[SeatState]:
        return [p for p in self.players if p.playing]

    @property
    def top(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def must_match(self, engine_id: str) -> bool:
        """H7.6 A participant who has put in less than a binding stake must still match."""
        binding = False
        for event in self.log:
            if event.event == "match":
                binding = True
            elif event.event == "lapse":
                binding = False
        me = self.seat(engine_id)
        return binding and me is not None and me.playing and me.put < self.stake


EMPTY = Output("", None, None, 0, (), None, (), (), None, ())


def read(raw: Mapping[str, Any] | None) -> Output:
    """The engine's answer (or a game's stored `state`; {} before the reveal) as an Output."""
    if not raw:
        return EMPTY
    awaiting = raw.get("awaiting")
    return Output(
        stage=raw["stage"],
        result=raw.get("result"),
        winner=raw.get("winner"),
        stake=raw.get("stake", 0),
        turn_order=tuple(raw.get("turn_order", ())),
        awaiting=Awaiting(
            awaiting["player"],
            awaiting["decision"],
            tuple(awaiting.get("legal", ())),
            tuple(awaiting.get("drawable", ())),
            awaiting.get("not") or "",
            awaiting.get("to") or "",
        )
        if awaiting
        else None,
        pile=tuple(raw.get("pile", ())),
        players=tuple(
            SeatState(
                p["id"],
                p["status"],
                tuple(p["hand"]),
                tuple(p["inventory"]),
                p["chips"],
                p["put"],
                p["chips_delta"],
            )
            for p in raw.get("players", ())
        ),
        reward=Reward.read(raw.get("reward")),
        refusals=tuple(
            EngineRefusal(r["index"], r["code"], r["reason"]) for r in raw.get("refusals", ())
        ),
        raw=raw,
    )
