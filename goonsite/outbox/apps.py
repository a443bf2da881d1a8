from django.apps import AppConfig


class OutboxConfig(AppConfig):
    name = "goonsite.outbox"
    label = "outbox"
    verbose_name = "Discord outbox"
