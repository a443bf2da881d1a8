"""What one goon sees at a table (A12.7): the public seats, their own hand, the decision
awaited of them, the log in words, and the end. Read from the stored engine answer, or,
for a replay step, from one engine run over the first `step` actions."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import run
from ..guns import Gun, gun_of
from ..models import ArmedSeat, ArmedTable, Policy, engine_id, position_of
from .lines import BIT_RULES, line
from .output import Output, SeatState, read
from .table import seat_name

LOG_LINES = 40


@dataclass(frozen=True)
class Card:
    id: str
    gun: Gun


@dataclass
class GoonView:
    seat: ArmedSeat
    state: SeatState | None
    name: str
    is_me: bool
    awaited: bool = False
    on_turn: bool = False
    controller: str = ""
    winner: bool = False

    @property
    def kind(self) -> str:
        if self.seat.left_at:
            return "left (a bot plays on)"
        if self.seat.human:
            return "human"
        return f"bot: {Policy(self.seat.table.policy).label}"

    @property
    def bits(self) -> list[tuple[str, int, str]]:
        if not self.state:
            return []
        return [(b.bit, b.turns, BIT_RULES[b.bit]) for b in self.state.bits]


@dataclass
class Decision:
    """The decision awaited of the viewer, as the page offers it."""

    kind: str  # turn, respond, free_shot, discard, pick
    for_name: str  # whose decision (another goon's under MIND WORM control)
    hand: list[Card] = field(default_factory=list)
    targets: list[tuple[str, str]] = field(default_factory=list)
    can_fire: bool = True
    shooter: str = ""
    gun: Gun | None = None
    group: bool = False
    count: int = 0
    why: str = ""
    players: list[tuple[str, str]] = field(default_factory=list)
    teeth: int = 0


@dataclass
class TableView:
    game: ArmedTable
    output: Output | None
    goons: list[GoonView]
    me: GoonView | None
    hand: list[Card]
    decision: Decision | None
    awaited_name: str
    awaited_what: str
    log: list[str]
    latest: list[str]  # what happened since the last human action: played back one by one
    chat: list[tuple[str, str, bool]]  # (who, text, mine)
    discard_top: list[Card]
    step: int | None = None
    standings: list[GoonView] = field(default_factory=list)

    @property
    def my_turn(self) -> bool:
        return self.decision is not None

    @property
    def can_chat(self) -> bool:
        """A12.6 a seated human while the game runs (until they leave); S54 after it, free
        to every goon who sat here."""
        if self.me is None or self.step is not None or not self.me.seat.human:
            return False
        if self.game.is_over:
            return self.game.stage == ArmedTable.Stage.OVER
        return self.me.seat.left_at is None


def table_view(game: ArmedTable, viewer, *, step: int | None = None) -> TableView:
    seats = list(game.seats.select_related("user").order_by("position"))
    mine = next((s for s in seats if viewer is not None and s.user_id == viewer.pk), None)
    me_id = mine.engine_id if mine else None

    def name(goon: str, subject: bool = False) -> str:
        if goon == me_id:
            return f"GOON #{position_of(goon)} (you)" if subject else "you"
        seat = next((s for s in seats if s.engine_id == goon), None)
        return seat_name(seat) if seat else goon

    output: Output | None = None
    if game.state:
        if step is not None and step < len(game.moves):
            output = read(run(game.engine_input(game.moves[:step])))
        else:
            output = read(game.state)
    winners = set(output.result.winners) if output and output.result else set()
    awaiting = output.awaiting if output else None
    goons = []
    for s in seats:
        state = output.seat(s.engine_id) if output else None
        goons.append(
            GoonView(
                seat=s,
                state=state,
                name=seat_name(s),
                is_me=s is mine,
                awaited=bool(awaiting and awaiting.seat == s.engine_id),
                on_turn=bool(output and output.turn == s.engine_id),
                controller=name(state.controlled_by) if state and state.controlled_by else "",
                winner=s.engine_id in winners,
            )
        )
    me = next((g for g in goons if g.is_me), None)
    hand = [Card(c, gun_of(c)) for c in output.hand_of(me_id)] if output and me_id else []
    decision = None
    if awaiting and me_id and awaiting.seat == me_id and step is None and not game.is_over:
        decision = _decision(awaiting.raw, name, output)
    events = output.log_for(me_id) if output else []
    last_index = max((e["index"] for e in events), default=-1)
    log, latest, chat = [], [], []
    for e in events:
        if e["event"] == "say":
            chat.append((name(e["seat"], True), e["text"], e["seat"] == me_id))
            continue
        text = line(e, name)
        if text:
            log.append(text)
            if e["index"] == last_index:
                latest.append(text)
    if game.is_over and step is None:  # S54 the chat after the game, kept by the site
        for c in game.after_chat.all():
            who = next(s for s in seats if s.pk == c.seat_id)
            mine_too = mine is not None and who.pk == mine.pk
            chat.append((name(who.engine_id, True), c.text, mine_too))
    standings = sorted(
        goons,
        key=lambda g: (-len(g.state.loot), -g.state.teeth, g.seat.position) if g.state else (0,),
    )
    return TableView(
        game=game,
        output=output,
        goons=goons,
        me=me,
        hand=hand,
        decision=decision,
        awaited_name=name(awaiting.seat, True) if awaiting else "",
        awaited_what=awaiting.decision if awaiting else "",
        log=log[-LOG_LINES:],
        latest=latest[-12:],
        chat=chat[-30:],
        discard_top=[Card(c, gun_of(c)) for c in (output.discard[-3:] if output else [])],
        step=step,
        standings=standings if output and output.over else [],
    )


def _decision(a: dict, name, output: Output) -> Decision:
    kind = a["decision"]
    d = Decision(kind=kind, for_name=name(a["for"], True))
    if "hand" in a:
        d.hand = [Card(c, gun_of(c)) for c in a["hand"]]
    if "targets" in a:
        d.targets = [(t, name(t, True)) for t in a["targets"]]
    d.can_fire = a.get("can_fire", True)
    if kind == "respond":
        d.shooter = name(a["shooter"], True)
        d.gun = gun_of(a["card"])
        d.group = a.get("group", False)
        d.teeth = output.seat(a["seat"]).teeth
    if kind == "discard":
        d.count, d.why = a["count"], a["why"]
    if kind == "pick":
        d.shooter = name(a["shooter"], True)
        d.players = [(p, name(p, True)) for p in a["players"]]
    return d


__all__ = ["TableView", "engine_id", "table_view"]
