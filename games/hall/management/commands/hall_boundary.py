"""Run the Hall's due timers, or with --now end the running phase at once (demos and tests)."""

from django.core.management.base import BaseCommand

from games.hall.models import Phase
from games.hall.selectors import viewed_cycle
from games.hall.services.boundary import run_boundary
from games.hall.services.timers import run_due
from goonsite import clock


class Command(BaseCommand):
    help = "Run every due Hall event; --now also ends the running phase immediately."

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="End the running phase now.")

    def handle(self, *, now: bool, **options) -> None:
        ran = run_due()
        self.stdout.write(f"{ran} due event(s) processed.")
        if not now:
            return
        cycle = viewed_cycle()
        phase = cycle and cycle.phases.filter(status=Phase.Status.OPEN).first()
        if phase is None or not cycle.is_current:
            self.stdout.write("No running phase.")
            return
        # A demo shortcut: the phase ends now instead of at its noon; the next phase keeps
        # the usual length from the next noon on.
        Phase.objects.filter(pk=phase.pk).update(ends_at=min(phase.ends_at, clock.now()))
        run_boundary(phase.pk)
        self.stdout.write(
            self.style.SUCCESS(f"Phase {phase.number} ended; the report is on the Log.")
        )
