from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.ladder.services.noon import resolve_due_noons, resolve_now


class Command(BaseCommand):
    help = "Resolve every noon that is due. With --now, close the open day at once and resolve it."

    def add_arguments(self, parser):
        parser.add_argument(
            "--now", action="store_true", help="Resolve the open day now (demos and tests)."
        )
        parser.add_argument(
            "--force", action="store_true", help="Allow --now with DEBUG off (production!)."
        )

    def handle(self, *, now: bool, force: bool, **options) -> None:
        reports = resolve_due_noons()
        for report in reports:
            self.stdout.write(f"Resolved the noon of {report.day.noon_on:%a %b %d, %Y}.")
        if now:
            if not (settings.DEBUG or force):
                raise CommandError(
                    "noon --now ends the day early for everyone; it needs DEBUG on or --force."
                )
            report = resolve_now()
            if report is None:
                raise CommandError("There is no active season to resolve.")
            self.stdout.write(
                self.style.SUCCESS(
                    f"Resolved the noon of {report.day.noon_on:%a %b %d, %Y} now: "
                    f"{len(report.outcome['plays'])} cards, {report.outcome['drew']} drew a card."
                )
            )
        elif not reports:
            self.stdout.write("No noon is due.")
