"""The engine's answer read into typed objects: the one place that reads its JSON
(armed-engine.md "Output")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Bit:
    bit: str  # cluck, shout, pose
    turns: int


@dataclass(frozen=True)
class SeatState:
    """The public part of a goon (A12.7)."""

    id: str
    kind: str
    policy: str
    left: bool
    teeth: int
    broken: bool
    loot: tuple[str, ...]
    hand_size: int
    egg: int
    frozen: bool
    no_draw: bool
    no_fire: bool
    controlled_by: str | None
    extra_turns: int
    bits: tuple[Bit, ...]


@dataclass(frozen=True)
class Awaiting:
    """The one decision the game waits for (armed-engine.md's table of decisions)."""

    decision: str  # turn, respond, free_shot, discard, pick
    seat: str  # who answers
    for_: str  # whose decision it is (they differ under MIND WORM control)
    raw: dict[str, Any]

    @property
    def hand(self) -> list[str]:
        return list(self.raw.get("hand", []))

    @property
    def targets(self) -> list[str]:
        return list(self.raw.get("targets", []))


@dataclass(frozen=True)
class Refused:
    index: int
    code: str
    reason: str


@dataclass(frozen=True)
class Result:
    reason: str  # final_round, store_closed, closing_time
    winners: tuple[str, ...]
    standings: tuple[dict, ...]


@dataclass
class Output:
    raw: dict[str, Any]
    status: str
    round: int
    turn: str | None
    final_round: bool
    deck_size: int
    discard: list[str]
    seats: list[SeatState]
    awaiting: Awaiting | None
    result: Result | None
    refusals: list[Refused]
    _by_id: dict[str, SeatState] = field(default_factory=dict, repr=False)

    @property
    def over(self) -> bool:
        return self.status == "over"

    def seat(self, engine_id: str) -> SeatState:
        return self._by_id[engine_id]

    def refusal_of(self, index: int) -> Refused | None:
        return next((r for r in self.refusals if r.index == index), None)

    def hand_of(self, engine_id: str) -> list[str]:
        return list(self.raw["views"][engine_id]["hand"])

    def log_for(self, engine_id: str | None) -> list[dict]:
        """The log as this goon may see it (A12.7); an onlooker sees the public events."""
        if engine_id is not None:
            return self.raw["views"][engine_id]["log"]
        public = []
        for event in self.raw["log"]:
            shown = {k: v for k, v in event.items() if k != "seen_by"}
            if "seen_by" in event:
                shown.pop("card", None)
                shown.pop("cards", None)
            public.append(shown)
        return public


def _seat(s: dict) -> SeatState:
    return SeatState(
        id=s["id"],
        kind=s["kind"],
        policy=s["policy"],
        left=s["left"],
        teeth=s["teeth"],
        broken=s["broken"],
        loot=tuple(s["loot"]),
        hand_size=s["hand_size"],
        egg=s["egg"],
        frozen=s["frozen"],
        no_draw=s["no_draw"],
        no_fire=s["no_fire"],
        controlled_by=s["controlled_by"],
        extra_turns=s["extra_turns"],
        bits=tuple(Bit(b["bit"], b["turns"]) for b in s["bits"]),
    )


def read(raw: dict[str, Any]) -> Output:
    seats = [_seat(s) for s in raw["seats"]]
    a = raw.get("awaiting")
    r = raw.get("result")
    return Output(
        raw=raw,
        status=raw["status"],
        round=raw["round"],
        turn=raw.get("turn"),
        final_round=raw["final_round"],
        deck_size=raw["deck_size"],
        discard=list(raw["discard"]),
        seats=seats,
        awaiting=Awaiting(a["decision"], a["seat"], a["for"], a) if a else None,
        result=Result(r["reason"], tuple(r["winners"]), tuple(r["standings"])) if r else None,
        refusals=[Refused(x["index"], x["code"], x["reason"]) for x in raw.get("refusals", [])],
        _by_id={s.id: s for s in seats},
    )
