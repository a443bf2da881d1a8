from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "goonsite.live"
    label = "live"
    verbose_name = "Live updates"
