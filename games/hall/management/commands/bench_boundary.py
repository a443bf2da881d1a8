"""Time one phase boundary (H12.2) on a cycle built for it, at a tenth and at full size.

Full size: 10,000 players (a third inactive), 500 gifts with giver bonuses waiting, 50
proposals ending, 200 players engaged in battle, and a week's election at the same noon.
Runs on the configured database (which must have no running Hall cycle) and removes what
it built afterwards. The floor: under 5 s on PostgreSQL, the same query count at both sizes.
"""

import datetime as dt
import random
import time

from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.hall.cards import FACE_IDS
from games.hall.models import (
    Activity,
    Candidacy,
    CandidacyVote,
    Card,
    Cycle,
    Engagement,
    Gift,
    Phase,
    Player,
    Proposal,
    ProposalVote,
)
from games.hall.services.boundary import run_boundary
from goonsite.clock import noon_of

FLOOR_SECONDS = 5.0
START = dt.date(2026, 12, 1)
PHASE = 7  # the boundary ending phase 7 is also week 1's end: the election runs too


class Command(BaseCommand):
    help = "Build a Hall cycle of the given size, run one phase boundary, print time and queries."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--gifts", type=int, default=500)
        parser.add_argument("--proposals", type=int, default=50)
        parser.add_argument("--engaged", type=int, default=200)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *, players, gifts, proposals, engaged, seed, **options) -> None:
        if Cycle.objects.filter(is_current=True).exists():
            raise CommandError("A Hall cycle is running in this database; bench on an empty one.")
        self.stdout.write(f"database: {connection.vendor}; floor: {FLOOR_SECONDS:.0f} s")
        columns = ("players", "gifts", "proposals", "engaged", "seconds", "queries")
        self.stdout.write(" ".join(f"{c:>10}" for c in columns))
        for fraction in (10, 1):
            size = (players // fraction, gifts // fraction, proposals, engaged // fraction)
            phase = self.build(*size, seed=seed)
            try:
                with CaptureQueriesContext(connection) as queries:
                    start = time.perf_counter()
                    run_boundary(phase.pk)
                    seconds = time.perf_counter() - start
                report = Phase.objects.get(pk=phase.pk).report
                assert report["election"] is not None and len(report["proposals"]) == proposals
                figures = (*size, f"{seconds:.2f}", len(queries))
                self.stdout.write(" ".join(f"{f:>10}" for f in figures))
            finally:
                self.tear_down(phase.cycle)

    @transaction.atomic
    def build(self, players: int, gifts: int, proposals: int, engaged: int, seed: int) -> Phase:
        rng = random.Random(seed)
        tag = f"bench-{time.time_ns()}"
        starts = noon_of(START)
        cycle = Cycle.objects.create(
            number=10**6 + rng.randint(0, 10**6), name=tag, starts_at=starts
        )
        for k in range(1, PHASE):
            Phase.objects.create(
                cycle=cycle,
                number=k,
                starts_at=noon_of(START + dt.timedelta(days=k - 1)),
                ends_at=noon_of(START + dt.timedelta(days=k)),
                status=Phase.Status.CLOSED,
            )
        phase = Phase.objects.create(
            cycle=cycle,
            number=PHASE,
            starts_at=noon_of(START + dt.timedelta(days=PHASE - 1)),
            ends_at=noon_of(START + dt.timedelta(days=PHASE)),
        )
        password = make_password(None)
        users = User.objects.bulk_create(
            (
                User(username=f"{tag}-u{i}", display_name=f"Player {i}", password=password)
                for i in range(players)
            ),
            batch_size=5000,
        )
        members = Player.objects.bulk_create(
            (
                Player(
                    cycle=cycle,
                    user=u,
                    joined_phase=0,
                    vertebrae=rng.randint(0, 60),
                    chips=rng.randint(0, 20),
                    # a third made no action in phase 7: inactive in phase 8
                    last_action_phase=None if i % 3 == 0 else PHASE,
                )
                for i, u in enumerate(users)
            ),
            batch_size=5000,
        )
        Card.objects.bulk_create(
            (
                Card(owner=m, face=rng.choice(FACE_IDS), holo=rng.random() < 0.05)
                for m in members
                for _ in range(rng.randint(0, 8))
            ),
            batch_size=5000,
        )
        fighters = rng.sample(members, engaged)
        Card.objects.bulk_create(
            (Card(owner=m, face=rng.choice(FACE_IDS)) for m in fighters for _ in range(4)),
            batch_size=5000,
        )
        Engagement.objects.bulk_create(Engagement(player=m, phase=PHASE) for m in fighters)
        pairs = [rng.sample(members, 2) for _ in range(gifts)]
        Gift.objects.bulk_create(
            Gift(
                cycle=cycle,
                phase=PHASE,
                giver=giver,
                receiver=receiver,
                seed=rng.getrandbits(62),
                cards=["7H", "QD", "2S"],
                receiver_inactive=True,
                short_handed=False,
                bonus=Gift.Bonus.PENDING,
            )
            for giver, receiver in {g.pk: (g, r) for g, r in pairs}.values()
        )
        now = phase.starts_at + dt.timedelta(hours=3)
        Activity.objects.bulk_create(
            Activity(cycle=cycle, phase=PHASE, kind="gift", at=now, text=f"Gift {n}.")
            for n in range(gifts)
        )
        made = Proposal.objects.bulk_create(
            Proposal(
                cycle=cycle,
                number=n,
                author=rng.choice(members),
                title=f"Proposal {n}",
                text="x",
                submitted_at=now,
                submitted_phase=PHASE - 1,
                vote_phase=PHASE,
            )
            for n in range(1, proposals + 1)
        )
        ProposalVote.objects.bulk_create(
            (
                ProposalVote(proposal=p, player=m, choice=rng.choice(["for", "against"]))
                for p in made
                for m in rng.sample(members, min(len(members), 200))
            ),
            batch_size=5000,
        )
        candidacies = Candidacy.objects.bulk_create(
            Candidacy(cycle=cycle, week=1, player=m, submitted_at=now)
            for m in rng.sample(members, 5)
        )
        CandidacyVote.objects.bulk_create(
            (
                CandidacyVote(candidacy=c, player=m, choice=rng.choice(["support", "oppose"]))
                for c in candidacies
                for m in rng.sample(members, min(len(members), 300))
            ),
            batch_size=5000,
        )
        return phase

    def tear_down(self, cycle: Cycle) -> None:
        with transaction.atomic():
            tag = cycle.name
            Cycle.objects.filter(pk=cycle.pk).update(judge=None, winner=None)
            cycle.delete()
            User.objects.filter(username__startswith=f"{tag}-").delete()
