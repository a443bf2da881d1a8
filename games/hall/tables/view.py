"""What a game page shows (H14.1 Game, H14.2, H14.3): the engine's state put in words.

Read-only: builds plain objects for the templates from a Game row and its cached state.
Before the reveal only "chosen"/"choosing" is public; the viewer sees their own choice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Q

from goonsite import clock
from goonsite.words import count

from ..cards import face_name, face_symbol, is_red, sort_key
from ..engine import run
from ..models import Card, Player
from .models import Game, Seat
from .output import Awaiting, Event, Output, read
from .stall import is_stalled


@dataclass
class Tile:
    code: str
    legal: bool = False

    @property
    def face(self) -> str:
        return self.code.removesuffix("*")

    @property
    def holo(self) -> bool:
        return self.code.endswith("*")

    @property
    def red(self) -> bool:
        return is_red(self.face)

    @property
    def symbol(self) -> str:
        return face_symbol(self.face)

    @property
    def label(self) -> str:
        return face_name(self.face) + (" ✦" if self.holo else "")

    @property
    def rank(self) -> str:
        return "" if self.face in ("RJ", "BJ") else self.face[:-1]


@dataclass
class SeatView:
    seat: Seat
    player: Player
    eid: str
    status: str
    hand: list[Tile] = field(default_factory=list)
    inventory: list[Tile] = field(default_factory=list)
    put: int = 0
    chips: int = 0
    delta: int = 0
    awaited: bool = False
    is_me: bool = False


@dataclass
class TableView:
    game: Game
    seats: list[SeatView]
    me: SeatView | None
    state: Output
    pile: list[Tile]
    top: Tile | None
    awaiting: Awaiting | None
    awaited_name: str
    deadline: dt.datetime | None
    time_left: dt.timedelta | None
    log: list[str]
    turn_order: list[str]
    my_hand: list[Tile]
    my_drawable: list[Tile]
    my_decision: str  # "", "turn", "draw", "give", "choose", "bet"
    targets: list[SeatView]
    queen_targets: list[tuple[str, str]]
    can_ready: bool
    must_match: bool
    stalled: bool = False  # nobody at the table has any possible play (tables/stall.py)
    step: int | None = None
    steps: int = 0


def names_of(game: Game) -> dict[str, str]:
    return {f"p{s.player_id}": str(s.player) for s in game.seats.select_related("player__user")}


def describe(event: Event, names: dict[str, str]) -> str:
    """One engine event in words (the log of H14.1 Game)."""

    def n(eid: str) -> str:
        return names.get(eid, eid)

    def card(code: str) -> str:
        return Tile(code).label

    kind, who = event.event, n(event.player)
    auto = " (timed out: the site chose at random)" if event.auto else ""
    match kind:
        case "bet":
            return f"{who} opened a bet of {count(event.amount, 'Chip')}."
        case "raise":
            return f"{who} raised the stake to {count(event.amount, 'Chip')}."
        case "match":
            return f"{who} matched {count(event.amount, 'Chip')}."
        case "forfeit":
            forced = " (had not matched the stake)" if event.forced else ""
            return f"{who} forfeited{forced}."
        case "lapse":
            return f"The unmatched bet of {event.amount} lapsed."
        case "cancel":
            return "Fewer than two participants remained: the game is cancelled."
        case "start":
            return "Play begins. Turn order: " + ", ".join(n(p) for p in event.turn_order) + "."
        case "play":
            text = f"{who} played {card(event.card)}"
            if event.targets:
                text += " on " + " and ".join(n(p) for p in event.targets)
            elif event.target_card:
                text += f", sending {n(event.target)}'s {card(event.target_card)} home"
            elif event.target:
                text += f" on {n(event.target)}"
            return text + "."
        case "return":
            return f"{card(event.card)} went back to {n(event.owner)}'s inventory."
        case "owe":
            extra = f" (not a {face_name(event.not_face)})" if event.not_face else ""
            return f"{who} owes {count(event.count, 'draw')}{extra}."
        case "draw":
            return f"{who} drew {card(event.card)}{auto}."
        case "ask":
            return f"{who} has nothing to draw and asks {n(event.giver)} for a card{auto}."
        case "give":
            return f"{who} gave {card(event.card)} to {n(event.to)}{auto}."
        case "skip":
            return f"{who}'s turn was skipped: 24 hours passed (H8.23)."
        case "win":
            return f"{who} has no card left and wins!"
        case "payout":
            return "Chips: " + ", ".join(f"{n(p)} {c:+d}" for p, c in event.payout.items()) + "."
        case "reward":
            r = event.reward
            got = (
                ", ".join(card(c) for c in r.cards)
                if r.kind == "cards"
                else f"{r.amount} {r.kind.title()}"
            )
            return f"Battle reward for {who}: {got}."
        case "abandon":
            return "The game was abandoned (H8.25)."
        case "inventory":
            return f"{who}'s inventory changed outside the game (H8.26)."
    return kind


def table_view(
    game: Game, viewer: Player | None, *, step: int | None = None, now=None
) -> TableView:
    now = now or clock.now()
    state = read(game.state)
    if step is not None and game.setup:
        step = max(0, min(step, len(game.moves)))
        state = read(run(game.engine_input(game.moves[:step])))
    names = names_of(game)
    seats_rows = list(game.seats.select_related("player__user"))
    awaiting = state.awaiting if step is None else None
    seats: list[SeatView] = []
    for seat in seats_rows:
        eid = f"p{seat.player_id}"
        view = SeatView(seat, seat.player, eid, seat.get_status_display())
        entry = state.seat(eid)
        if entry:
            view.status = entry.status
            view.hand = [Tile(c) for c in entry.hand]
            view.inventory = [Tile(c) for c in entry.inventory]
            view.put, view.chips, view.delta = entry.put, entry.chips, entry.chips_delta
        view.awaited = bool(awaiting and awaiting.player == eid)
        view.is_me = bool(viewer and viewer.pk == seat.player_id)
        seats.append(view)
    me = next((s for s in seats if s.is_me), None)
    decision = ""
    my_hand: list[Tile] = []
    drawable: list[Tile] = []
    if me and game.stage == Game.Stage.CHOOSING and me.seat.seated:
        decision = "choose"
    elif me and game.stage == Game.Stage.BETTING and me.status == "playing":
        decision = "bet"
    elif me and me.awaited and awaiting:
        decision = awaiting.decision
        legal = set(awaiting.legal)
        my_hand = [Tile(t.code, legal=t.code in legal) for t in me.hand]
        drawable = [Tile(c) for c in awaiting.drawable]
    players = [s for s in seats if s.status == "playing"]
    targets = [s for s in players if not s.is_me]
    queen = [(s.eid, t.code) for s in players for t in s.hand]
    pile = [Tile(c) for c in state.pile]
    must = bool(me and game.stage == Game.Stage.BETTING and state.must_match(me.eid))
    awaited_seat = next((s for s in seats if s.awaited), None)
    deadline = game.deadline if game.stage != Game.Stage.OVER else None
    return TableView(
        game=game,
        seats=seats,
        me=me,
        state=state,
        pile=pile,
        top=pile[-1] if pile else None,
        awaiting=awaiting,
        awaited_name=str(awaited_seat.player) if awaited_seat else "",
        deadline=deadline,
        time_left=max(deadline - now, dt.timedelta(0)) if deadline else None,
        log=[describe(e, names) for e in state.log],
        turn_order=[names.get(p, p) for p in state.turn_order],
        my_hand=my_hand,
        my_drawable=drawable,
        my_decision=decision,
        targets=targets,
        queen_targets=queen,
        can_ready=bool(me and decision == "bet" and not me.seat.ready and not must),
        must_match=must,
        stalled=is_stalled(game, state),
        step=step,
        steps=len(game.moves),
    )


def hand_choices(seat: Seat) -> tuple[list[Card], set[int]]:
    """The choosing form: the player's unlocked cards plus their current choice, and what
    is ticked: the current choice, or else their saved deck (H3.3, H7.5)."""
    rows = Card.objects.filter(Q(owner_id=seat.player_id, locked=False) | Q(pk__in=seat.chosen))
    cards = sorted(rows, key=lambda c: (sort_key(c.face, c.holo), c.pk))
    if seat.chosen:
        return cards, set(seat.chosen)
    return cards, {c.pk for c in cards if c.in_deck}
