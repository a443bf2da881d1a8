"""Time a move at an Exoptosis table (H7.7) early in a game and 300 moves in.

The site replays the whole stored move list through the engine for every move, in one
transaction that locks the phase, the participants and the game row. This builds a
two-player duel with 160-card hands in the configured database (which must have no
running Hall cycle), plays it through the services, and prints the mean time and the
query count of a move at the start and after 300 moves; it removes what it built.
The floor: a move under 100 ms on PostgreSQL, and the same query count early and late.
"""

import datetime as dt
import random
import statistics
import time

from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.hall.models import Card, Cycle, DuelInvite, DuelRequest, Game, Phase, Player
from games.hall.tables import moves
from games.hall.tables.forming import form_game
from games.hall.tables.output import Output, read
from games.hall.tables.table import player_id
from goonsite import clock

FLOOR_MS = 100.0
HAND = 160
NON_SPECIAL = [f"{r}{s}" for r in range(2, 11) for s in "HDSC"]


def next_move(state: Output) -> tuple[int, str, dict]:
    """A valid move for the awaited participant (non-special hands: plays and draws only)."""
    awaiting = state.awaiting
    me = awaiting.player
    if awaiting.decision == "give":
        return player_id(me), "give", {"card": state.seat(me).hand[0]}
    if awaiting.decision == "turn" and awaiting.legal:
        return player_id(me), "play", {"card": awaiting.legal[0]}
    if awaiting.drawable:
        return player_id(me), "draw", {"card": awaiting.drawable[0]}
    giver = next(p.id for p in state.players if p.id != me and p.hand)
    return player_id(me), "draw", {"giver": player_id(giver)}


class Command(BaseCommand):
    help = "Play a 300+ move duel through the services; print ms and queries per move."

    def add_arguments(self, parser):
        parser.add_argument("--moves", dest="count", type=int, default=300)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *, count: int, seed: int, **options) -> None:
        if Cycle.objects.filter(is_current=True).exists():
            raise CommandError("A Hall cycle is running in this database; bench on an empty one.")
        rng = random.Random(seed)
        cycle, players = self.build(rng)
        try:
            now = clock.now()
            game = form_game(cycle, Game.Kind.DUEL, players, phase=1, now=now)
            for p in players:
                ids = list(Card.objects.filter(owner=p).values_list("pk", flat=True))
                moves.choose_hand(user=p.user, game_id=game.pk, card_ids=ids, now=now)
            for p in players:
                moves.ready(user=p.user, game_id=game.pk, now=now)
            users = {p.pk: p.user for p in players}
            early = self.play(game, users, 10, now)
            self.play(game, users, count - 20, now)
            late = self.play(game, users, 10, now)
            stored = len(Game.objects.get(pk=game.pk).moves)
            self.stdout.write(
                f"database: {connection.vendor}; floor: {FLOOR_MS:.0f} ms a move, "
                "same queries early and late"
            )
            for label, (ms, queries) in (("early", early), (f"after {stored - 10}", late)):
                self.stdout.write(f"{label:>12}: {ms:6.1f} ms a move, {queries} queries a move")
        finally:
            self.tear_down(cycle)

    def play(self, game: Game, users: dict, count: int, now) -> tuple[float, int]:
        verbs = {"play": moves.play, "draw": moves.draw, "give": moves.give}
        times, queries = [], []
        for _ in range(count):
            state = read(Game.objects.get(pk=game.pk).state)
            if state.stage == "over":
                raise CommandError("The game ended early; raise the hand size.")
            pk, verb, args = next_move(state)
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                verbs[verb](user=users[pk], game_id=game.pk, now=now, **args)
                times.append((time.perf_counter() - start) * 1000)
            queries.append(len(captured))
        return statistics.mean(times), max(queries)

    def build(self, rng: random.Random) -> tuple[Cycle, list[Player]]:
        tag = f"bench-table-{time.time_ns()}"
        now = clock.now()
        cycle = Cycle.objects.create(number=10**6 + rng.randint(0, 10**6), name=tag, starts_at=now)
        Phase.objects.create(
            cycle=cycle, number=1, starts_at=now, ends_at=now + dt.timedelta(days=1)
        )
        password = make_password(None)
        players = []
        for i in range(2):
            user = User.objects.create(
                username=f"{tag}-u{i}", display_name=f"P{i}", password=password
            )
            player = Player.objects.create(cycle=cycle, user=user, joined_phase=0)
            Card.objects.bulk_create(
                Card(owner=player, face=rng.choice(NON_SPECIAL)) for _ in range(HAND + 10)
            )
            players.append(Player.objects.select_related("user").get(pk=player.pk))
        return cycle, players

    def tear_down(self, cycle: Cycle) -> None:
        tag = cycle.name
        DuelInvite.objects.filter(request__cycle=cycle).delete()
        DuelRequest.objects.filter(cycle=cycle).delete()
        cycle.delete()
        User.objects.filter(username__startswith=f"{tag}-").delete()
