from django.core.management.base import BaseCommand

from accounts.vapid import new_vapid_keys


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push reminders, as environment variables."

    def handle(self, *args, **options) -> None:
        public, private = new_vapid_keys()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}")
