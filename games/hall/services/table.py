"""The heart of the Exoptosis tables (H7.7): one transaction per move, the engine as judge.

Every change to a game runs inside `at_table`: it holds the open phase share-locked (like
every Hall action, services/action.py), then every participant's player row in id order,
then the game row. So two tabs or two players acting on one game queue on the game row;
the second sees the first's move and the engine answers it from the new state. A move is
the game's stored moves plus the new one replayed by the engine (~1.5 ms for 300 moves,
see the bench); an accepted move is appended and the state saved, a refused one saves
nothing and tells its maker the engine's reason.

Cards: a Card row is locked while it is in a game (H3.4). The engine speaks in card ids
("7H", "QD*"); each seat keeps the ids of its player's rows in the game, so a draw locks
one more of the drawer's rows, a Queen's return unlocks one of its owner's, and the end
unlocks every row of the game (H7.9: they never changed owner).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from goonsite.refusal import Refusal
from goonsite.words import count

from ..cards import card_names
from ..engine import InputError, run
from ..models import Activity, Card, Cycle, Game, Phase, Player, Seat
from ..rolls import new_seed
from .action import lock_open_phase, mark_acted
from .announce import announce
from .log import note
from .timers import catch_up

DECISION_TIME = dt.timedelta(hours=24)  # H7.5, H7.6, H7.7, H8.23
MIN_HAND = 4  # H7.5


@dataclass
class Table:
    cycle: Cycle
    phase: Phase
    game: Game
    me: Player | None  # the acting player, locked (None for the job)
    players: dict[int, Player]  # every participant, locked, by id
    seats: dict[int, Seat]  # by player id
    now: dt.datetime

    @property
    def ref(self) -> str:
        return f"game {self.game.pk}"

    def seat_of_me(self) -> Seat:
        if self.me is None or self.me.pk not in self.seats:
            raise Refusal("You are not a participant of this game.")
        return self.seats[self.me.pk]

    def name(self, engine_id: str) -> str:
        player = self.players.get(player_id(engine_id))
        return str(player) if player else engine_id

    def seat(self, engine_id: str) -> Seat:
        return self.seats[player_id(engine_id)]

    def player(self, engine_id: str) -> Player:
        return self.players[player_id(engine_id)]


ENGINE_ID = re.compile(r"\bp[0-9]+\b")


def engine_id(player_pk: int) -> str:
    """A participant's id in the engine's input: "p12" (never mistaken for a number)."""
    return f"p{player_pk}"


def player_id(engine_id: str) -> int:
    return int(engine_id[1:])


@contextmanager
def at_table(
    game_id: int, *, user=None, now: dt.datetime | None = None, acts: bool = True
) -> Iterator[Table]:
    """A transaction holding the phase (shared), the participants and the game row."""
    now = now or timezone.now()
    cycle_id = Game.objects.filter(pk=game_id).values_list("cycle_id", flat=True).first()
    if cycle_id is None:
        raise Refusal("There is no such game.")
    cycle = Cycle.objects.get(pk=cycle_id)
    if not cycle.is_current:
        raise Refusal(f"{cycle} has ended; its games are over (H1.9, H8.25).")
    catch_up(cycle, now)
    with transaction.atomic():
        phase = lock_open_phase(cycle, now)
        ids = set(Seat.objects.filter(game_id=game_id).values_list("player_id", flat=True))
        me_id = None
        if user is not None:
            me_id = Player.objects.filter(cycle=cycle, user=user).values_list("pk", flat=True)
            me_id = me_id.first()
            if me_id is None:
                raise Refusal(f"Join {cycle} first: press Join on the Hall's page.")
            ids.add(me_id)
        rows = Player.objects.select_for_update(of=("self",)).select_related("user")
        players = {p.pk: p for p in rows.filter(pk__in=sorted(ids)).order_by("pk")}
        game = Game.objects.select_for_update().get(pk=game_id)
        cycle.refresh_from_db()
        if not cycle.is_current:
            raise Refusal(f"{cycle} has ended; its games are over (H1.9, H8.25).")
        me = players.get(me_id) if me_id else None
        if me is not None and me.barred:
            raise Refusal("An admin has barred you from the Hall for now (H2.1).")
        seats = {s.player_id: s for s in game.seats.all()}
        table = Table(cycle, phase, game, me, players, seats, now)
        yield table
        if me is not None and acts:
            mark_acted(cycle, phase, me, now)


# ---- forming a game (H7.3, H7.4) -------------------------------------------------------


def in_a_game(player_ids) -> set[int]:
    """H7.1 Which of these players are in an unfinished game."""
    from ..table_models import seats_in_play

    return set(seats_in_play().filter(player_id__in=player_ids).values_list("player_id", flat=True))


def unlocked_count(player: Player) -> int:
    return Card.objects.filter(owner=player, locked=False).count()


def form_game(
    cycle: Cycle, kind: str, players: list[Player], *, phase: int, now: dt.datetime
) -> Game:
    """A new game in its hand-choosing stage; players' rows locked by the caller (H7.5)."""
    seed = new_seed()
    game = Game.objects.create(
        cycle=cycle,
        kind=kind,
        phase=phase,
        seed=seed,
        seed_hash=hashlib.sha256(str(seed).encode()).hexdigest(),
        formed_at=now,
        awaited_since=now,
        deadline=now + DECISION_TIME,
    )
    Seat.objects.bulk_create(Seat(game=game, player=p) for p in players)
    from .duels import cancel_requests_of

    cancel_requests_of([p.pk for p in players], now, keep=None)
    names = ", ".join(str(p) for p in players)
    note(cycle, phase, Activity.Kind.BATTLE, f"A {kind} formed: {names}.", now)
    return game


# ---- the engine's answer ----------------------------------------------------------------


def engine_input(game: Game, moves: list[dict]) -> dict:
    return {**game.setup, "actions": moves}


def try_move(t: Table, move: dict) -> dict:
    """Ask the engine; accept and save the move, or raise the engine's refusal."""
    game = t.game
    if game.stage == Game.Stage.CHOOSING:
        raise Refusal("The hands are not revealed yet: choose your hand first (H7.5).")
    if game.stage == Game.Stage.OVER:
        raise Refusal("This game is over (H8.27).")
    sync_inventories(t)
    moves = [*game.moves, move]
    try:
        out = run(engine_input(game, moves))
    except InputError:  # a target or giver who is not at this table
        raise Refusal("That names someone who is not at this table.") from None
    refused = [r for r in out["refusals"] if r["index"] == len(moves) - 1]
    if refused:
        raise Refusal(explain(t, refused[0]))
    accept(t, moves, out)
    return out


CARD_ID = re.compile(r"\b(?:10|[2-9AJQK])[HDSC]\*?|\b[RB]J\*?")


def explain(t: Table, refusal: dict) -> str:
    """The engine's reason in the players' words: names for participant ids, card names
    for card ids ("8 of Clubs ✦" for "8C*"); the engine's code stays out of sight."""
    text = ENGINE_ID.sub(lambda m: t.name(m.group(0)), refusal["reason"])
    text = CARD_ID.sub(lambda m: card_names([m.group(0)]), text)
    return f"Refused: {text[:1].upper()}{text[1:]}."


def accept(t: Table, moves: list[dict], out: dict) -> None:
    """Save an accepted move and what it did to the cards, then settle a finished game."""
    game, index = t.game, len(moves) - 1
    new_events = [e for e in out["log"] if e["index"] == index]
    follow_cards(t, new_events)
    game.moves = moves
    game.state = out
    game.version += 1
    if moves[-1]["type"] != "inventory":
        decision_starts(game, out, t.now)
    if out["stage"] == "over":
        finish(t, out)
    elif out["stage"] == "playing" and game.stage != Game.Stage.PLAYING:
        game.stage, game.started_at = Game.Stage.PLAYING, t.now
    game.save()
    Seat.objects.bulk_update(t.seats.values(), ["status", "cards", "chosen", "ready"])


def decision_starts(game: Game, out: dict, at: dt.datetime) -> None:
    """H7.7 A new awaited decision: 24 h from now. The betting window keeps its own."""
    if out["stage"] == "playing":
        game.awaited_since, game.deadline = at, at + DECISION_TIME


def follow_cards(t: Table, events: list[dict]) -> None:
    """A draw brings one more of the drawer's cards into the game; a Queen sends one home."""
    for event in events:
        if event["event"] == "draw":
            seat = t.seat(event["player"])
            face, holo = event["card"].removesuffix("*"), event["card"].endswith("*")
            card = (
                Card.objects.select_for_update()
                .filter(owner_id=seat.player_id, locked=False, face=face, holo=holo)
                .order_by("pk")
                .first()
            )
            if card is None:  # the engine's inventory was synced this transaction
                raise RuntimeError(f"{t.ref}: no unlocked {event['card']} for the draw")
            Card.objects.filter(pk=card.pk).update(locked=True)
            seat.cards = [*seat.cards, card.pk]
        elif event["event"] == "return":
            seat = t.seat(event["owner"])
            home = rows_by_code(seat.cards)[event["card"]].pop()
            Card.objects.filter(pk=home).update(locked=False)
            seat.cards = [pk for pk in seat.cards if pk != home]


def rows_by_code(ids: list[int]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for card in Card.objects.filter(pk__in=ids).order_by("pk"):
        found.setdefault(card.code, []).append(card.pk)
    return found


def sync_inventories(t: Table) -> None:
    """H7.8 Report to the engine what changed outside the game since the last move.

    Gifts, purchases, trades and admin grants change inventories through the Hall's own
    services; before each move the site compares every participant's unlocked cards and
    Chips with the engine's view and sends an `inventory` action for the difference, so
    draws always see the real inventory.
    """
    state = t.game.state
    if not state:
        return
    owned: dict[int, Counter] = {pid: Counter() for pid in t.seats}
    for owner, face, holo in Card.objects.filter(owner_id__in=t.seats, locked=False).values_list(
        "owner_id", "face", "holo"
    ):
        owned[owner][face + ("*" if holo else "")] += 1
    for entry in state["players"]:
        pid = player_id(entry["id"])
        now_has, engine_has = owned[pid], Counter(entry["inventory"])
        add, remove = (
            list((now_has - engine_has).elements()),
            list((engine_has - now_has).elements()),
        )
        chips = t.players[pid].chips - entry["chips"]
        if not (add or remove or chips):
            continue
        change = {"type": "inventory", "player": entry["id"], "add": add, "remove": remove}
        for with_chips in ([chips] if chips else []) + [0]:
            moves = [*t.game.moves, {**change, "chips": with_chips}]
            out = run(engine_input(t.game, moves))
            if not any(r["index"] == len(moves) - 1 for r in out["refusals"]):
                t.game.moves, t.game.state = moves, out
                break


# ---- the end (H7.9) ---------------------------------------------------------------------


def finish(t: Table, out: dict) -> None:
    """Pay once, send every card home, write the log and the Discord post."""
    from .payouts import pay_battle_reward, pay_stakes

    game = t.game
    claimed = Game.objects.filter(pk=game.pk, settled_at__isnull=True).update(settled_at=t.now)
    if not claimed:  # pragma: no cover - the game row is locked; belt and braces
        return
    game.settled_at = t.now
    game.stage, game.result, game.ended_at = Game.Stage.OVER, out["result"], t.now
    game.deadline = None
    send_cards_home(game, t.seats.values())
    game.save()  # over before paying: a payout that ends the cycle must not abandon it
    phase = t.phase.number
    if out["result"] == "won":
        winner = t.player(out["winner"])
        game.winner = winner
        chips = stake_transfers(t, out)
        if chips:
            pay_stakes(t.cycle, chips, game_ref=t.ref, phase=phase, now=t.now)
        if out["reward"]:
            pay_battle_reward(
                t.cycle, winner, out["reward"], game_ref=t.ref, phase=phase, now=t.now
            )
    text = result_line(t, out)
    note(t.cycle, phase, Activity.Kind.BATTLE, text, t.now)
    announce(t.cycle, text)


def stake_transfers(t: Table, out: dict) -> dict[Player, int]:
    """H8.24(a) as the engine reports it. Chips at stake are locked (H3.4), but the shop and
    trades do not know it yet: a loser who spent them pays what they still hold, and the
    winner receives what was actually paid, so the end of a game can never fail."""
    paid: dict[Player, int] = {}
    winner = t.player(out["winner"])
    for entry in out["players"]:
        loss = entry["chips_delta"]
        if loss < 0:
            player = t.player(entry["id"])
            paid[player] = -min(-loss, player.chips)
    total = -sum(paid.values())
    if total:
        paid[winner] = total
    return {p: c for p, c in paid.items() if c}


def result_line(t: Table, out: dict) -> str:
    game = t.game
    what = f"{game.get_kind_display()} {game.pk}"
    if out["result"] == "won":
        line = f"{t.name(out['winner'])} won {what}"
        paid = [
            f"{t.name(e['id'])} {e['chips_delta']:+d}" for e in out["players"] if e["chips_delta"]
        ]
        if paid:
            line += f" (Chips: {', '.join(paid)})"
        reward = out["reward"]
        if reward:
            line += " and the reward: " + (
                card_names(reward["cards"])
                if reward["kind"] == "cards"
                else count(
                    reward["amount"], "Vertebra" if reward["kind"] == "vertebrae" else "Chip"
                )
            )
        return line + "."
    if out["result"] == "cancelled":
        return f"{what} was cancelled: fewer than two participants were left (H8.8)."
    return f"{what} was abandoned (H8.25)."


def send_cards_home(game: Game, seats) -> None:
    """H7.9 Every card of the game unlocks in its owner's inventory, exactly once."""
    ids = [pk for seat in seats for pk in [*seat.cards, *seat.chosen]]
    Card.objects.filter(pk__in=ids).update(locked=False)
    for seat in seats:
        seat.cards, seat.chosen = [], []
        seat.ready = False


def abandon(t: Table, reason: str) -> None:
    """H8.25 (cycle ended, admin): no winner, no Chips, every card home."""
    game = t.game
    if game.stage == Game.Stage.OVER:
        raise Refusal("This game is over already.")
    if game.stage == Game.Stage.CHOOSING:
        game.stage, game.result, game.ended_at = Game.Stage.OVER, "abandoned", t.now
        game.settled_at, game.deadline, game.version = t.now, None, game.version + 1
        send_cards_home(game, t.seats.values())
        game.save()
        Seat.objects.bulk_update(t.seats.values(), ["cards", "chosen", "ready"])
        note(
            t.cycle, t.phase.number, Activity.Kind.BATTLE, f"{game} was abandoned: {reason}", t.now
        )
        return
    try_move(t, {"type": "abandon"})


def abandon_open_games(cycle: Cycle, now: dt.datetime) -> int:
    """H1.9/H8.25 The cycle ended: every unfinished game is abandoned, its cards go home.
    Called inside the transaction that ends the cycle."""
    from ..table_models import OPEN_STAGES

    count = 0
    for game in Game.objects.select_for_update().filter(cycle=cycle, stage__in=OPEN_STAGES):
        seats = list(game.seats.all())
        if game.setup:
            game.moves = [*game.moves, {"type": "abandon"}]
            game.state = run(engine_input(game, game.moves))
        game.stage, game.result, game.ended_at = Game.Stage.OVER, "abandoned", now
        game.settled_at, game.deadline, game.version = now, None, game.version + 1
        send_cards_home(game, seats)
        Seat.objects.bulk_update(seats, ["cards", "chosen", "ready"])
        game.save()
        count += 1
    return count


def abandon_game(*, actor, game_id: int, reason: str, now: dt.datetime | None = None) -> Game:
    """H8.25, H13 An admin abandons a game: no winner, no Chips, every card home. Recorded."""
    from .admin import record

    if not reason.strip():
        raise Refusal("Say why the game is abandoned (H13.3).")
    with at_table(game_id, now=now) as t:
        abandon(t, reason)
        record(actor, "abandon game", t.cycle, t.game, reason)
    return t.game


def chips_at_stake(player_pk: int) -> int:
    """H3.4 Chips a player has put into the bet of their unfinished game: locked."""
    state = (
        Game.objects.filter(
            seats__player_id=player_pk, stage__in=[Game.Stage.BETTING, Game.Stage.PLAYING]
        )
        .values_list("state", flat=True)
        .first()
    )
    if not state:
        return 0
    me = engine_id(player_pk)
    return next((p["put"] for p in state["players"] if p["id"] == me), 0)
