"""Open a demo cycle of the Hall when the database has none (run by `make run`).

The cycle started at the last noon, so its first phase is running; every newcomer gets a
starting kit (6 random cards, 60 Vertebrae) and can gift, shop and engage at once. Three
demo players hold cards; one is reputable and has an Urgent proposal open.
"""

import datetime as dt

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import User
from games.hall.models import Cycle
from games.hall.services.admin import create_cycle, set_reputable
from games.hall.services.gifts import give_gift
from games.hall.services.judge import submit_request
from games.hall.services.players import join
from games.hall.services.proposals import submit_proposal
from goonsite import clock
from goonsite.clock import noon_date_for, noon_of

DEMO_PLAYERS = [("ivy", "Ivy Gilt"), ("rook", "Rook Marlowe"), ("sable", "Sable Quinn")]
DEMO_PASSWORD = "gilded-hall-demo"
# Outside DEBUG the demo would be a danger, not a demo: its players' password is printed in
# the README, and an existing account named ivy, rook or sable (a real player's, on a real
# site) would be made to join, gift and propose.
NOT_IN_PRODUCTION = (
    "No demo loaded: DEBUG is off. The demo players' password is public, so they exist only "
    "on a development site (DEBUG=1). Open a cycle in the admin instead."
)


class Command(BaseCommand):
    help = "Load a demo Hall cycle (started, with a starting kit and three players) if none."

    def handle(self, **options) -> None:
        if not settings.DEBUG:
            raise CommandError(NOT_IN_PRODUCTION)
        if Cycle.objects.exists():
            self.stdout.write("A Hall cycle exists already; no demo loaded.")
            return
        now = clock.now()
        last_noon = noon_of(noon_date_for(now) - dt.timedelta(days=1))
        with transaction.atomic():
            admin = User.objects.filter(is_superuser=True).order_by("pk").first()
            cycle = create_cycle(
                actor=admin,
                name="Demo Cycle",
                starts_at=last_noon,
                kit_cards=6,
                kit_vertebrae=60,
                now=now,
                allow_past_start=True,
            )
            users = []
            for username, name in DEMO_PLAYERS:
                user = User.objects.filter(username=username).first() or User.objects.create_user(
                    username, password=DEMO_PASSWORD, display_name=name
                )
                join(user=user, now=now)
                users.append(user)
        ivy, rook, sable = users
        set_reputable(actor=admin, user=ivy, reputable=True, reason="demo")
        give_gift(user=rook, receiver_id=cycle.players.get(user=sable).pk, now=now)
        submit_proposal(
            user=ivy,
            title="Jokers count as 13",
            text="Let both Jokers have the value 13 in Exoptosis.",
            klass="urgent",
            now=now,
        )
        submit_proposal(
            user=rook,
            title="A weekly Chip for the Judge",
            text="The Judge receives 1 Chip at the end of every week in office.",
            now=now,
        )
        submit_request(
            user=sable,
            kind="question",
            text="Does a holographic card count twice for the 5-card gift bonus?",
            now=now,
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo Hall cycle opened: {cycle} (phase 1 running).\n"
                "  The Gilded Hall: http://127.0.0.1:8000/hall/  (newcomers get 6 cards and "
                "60 Vertebrae)\n"
                f"  Demo players: {', '.join(u for u, _ in DEMO_PLAYERS)} / {DEMO_PASSWORD}\n"
                "  Run the next phase boundary now:  "
                "DEBUG=1 .venv/bin/python manage.py hall_boundary --now"
            )
        )
