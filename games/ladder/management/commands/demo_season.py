from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.ladder.models import Contestant, LadderEntry, Season

DEMO_CONTESTANTS = [
    "Ava Starling",
    "Bo Vance",
    "Cy Moreau",
    "Dee Okafor",
    "Eli Brandt",
    "Fay Lindqvist",
    "Gus Tamura",
    "Hana Kovacs",
    "Ike Romero",
    "Jun Park",
    "Kit Delacroix",
    "Lou Marsh",
]
ADMIN_USERNAME = "tc"
ADMIN_PASSWORD = "goon-demo-admin"


class Command(BaseCommand):
    help = "Load a demo season (12 contestants and an admin) when the database has no season."

    @transaction.atomic
    def handle(self, **options) -> None:
        if Season.objects.exists():
            self.stdout.write("A season exists already; no demo loaded.")
            return
        season = Season.objects.create(
            name="Demo Season", starts_on=timezone.localdate(), is_active=True
        )
        for joined, name in enumerate(DEMO_CONTESTANTS, start=1):
            contestant, _ = Contestant.objects.get_or_create(name=name)
            LadderEntry.objects.create(season=season, contestant=contestant, joined=joined)
        if not settings.DEBUG:
            # A password printed in the README is no password on a public site.
            self.stdout.write(
                self.style.WARNING(
                    f"Demo season loaded: {len(DEMO_CONTESTANTS)} contestants.\n"
                    "  No demo admin: DEBUG is off, and its password is public. Create your "
                    "own with `manage.py createsuperuser`."
                )
            )
            return
        if not User.objects.filter(username=ADMIN_USERNAME).exists():
            User.objects.create_superuser(
                ADMIN_USERNAME, password=ADMIN_PASSWORD, display_name="TC"
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo season loaded: {len(DEMO_CONTESTANTS)} contestants.\n"
                f"  Admin: {ADMIN_USERNAME} / {ADMIN_PASSWORD}  (http://127.0.0.1:8000/admin/)\n"
                "  Sign up as a player at http://127.0.0.1:8000/accounts/signup/\n"
                "  Resolve the day now:  DEBUG=1 .venv/bin/python manage.py noon --now"
            )
        )
