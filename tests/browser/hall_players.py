"""What the Hall's browser tests share: a cycle open since yesterday's noon and players
who joined it, each with 3 Chips and the cards they are given (password below)."""

import datetime as dt

from django.utils import timezone

from accounts.models import User
from games.hall.models import Player
from games.hall.services.admin import create_cycle
from games.hall.services.inventory import add_cards, change
from games.hall.services.players import join
from goonsite.clock import noon_date_for, noon_of

PASSWORD = "pw-gilded-2026"


def hall_players(admin, cards: dict[str, list[str]], cycle: str) -> dict[str, Player]:
    now = timezone.now()
    create_cycle(
        actor=admin,
        name=cycle,
        starts_at=noon_of(noon_date_for(now) - dt.timedelta(days=1)),
        now=now,
        allow_past_start=True,
    )
    made = {}
    for name, faces in cards.items():
        user = User.objects.create_user(name, password=PASSWORD, display_name=name.title())
        player, _ = join(user=user, now=now)
        player = Player.objects.get(pk=player.pk)
        change(player, chips=3, reason="admin", ref="test", phase=0)
        add_cards(player, faces, "admin", "test", 0)
        made[name] = player
    return made
